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

export interface BenchOptions {
  /**
   * `npm run bench -- --smoke` (the bench step of `npm test`): the smallest sizes that still take
   * the paths a full run takes, so that a benchmark the code has outgrown fails at once instead of
   * rotting until someone next measures. Its figures mean nothing; its targets are not judged.
   */
  readonly smoke: boolean;
}

export interface Benchmark {
  /** short id used on the command line: npm run bench -- roundtrip */
  readonly id: string;
  /** what it measures, with the full run's sizes */
  readonly title: string;
  run(options: BenchOptions): Promise<BenchRow[]>;
}
