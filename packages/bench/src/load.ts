// What the benchmarks share: a bounded closed-loop load (N workers, a fixed number of requests) and
// percentiles of its latencies.

export function percentile(sorted: ArrayLike<number>, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface LoadResult {
  /** Milliseconds, sorted ascending. */
  latencies: Float64Array;
  seconds: number;
  failures: number;
}

/** Runs `work(i)` for i = 0..total-1, `concurrency` at a time; `work` resolves false for a failed request. */
export async function runConcurrently(total: number, concurrency: number, work: (i: number) => Promise<boolean>): Promise<LoadResult> {
  const latencies = new Float64Array(total);
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const ok = await work(i);
        latencies[i] = performance.now() - t0;
        if (!ok) failures++;
      }
    }),
  );
  return { latencies: latencies.sort(), seconds: (performance.now() - started) / 1000, failures };
}
