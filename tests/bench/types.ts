// The contract between the bench runner and each benchmark module.

export interface BenchRow {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** human-readable target, e.g. '<= 1.5x echo (0.08 ms)'; '' for context rows */
  readonly target: string;
  /** whether the target was met; null for context rows that have no target */
  readonly met: boolean | null;
}

export interface Benchmark {
  /** short id used on the command line: npm run bench -- roundtrip */
  readonly id: string;
  readonly title: string;
  run(): Promise<BenchRow[]>;
}
