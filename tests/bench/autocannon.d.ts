// The part of autocannon's API the server benchmarks use (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
    method?: string;
    body?: string | Buffer;
    timeout?: number;
    /** requests per second of the whole instance (all its connections); absent: as fast as answers come */
    overallRate?: number;
  }

  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }

  export interface AutocannonResult {
    latency: Histogram;
    requests: Histogram & { sent: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    '2xx': number;
  }

  export interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(options: AutocannonOptions, callback: (err: Error | null, result: AutocannonResult) => void): Instance;
  export default autocannon;
}
