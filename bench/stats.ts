/** The p-th percentile (nearest rank) of `values`, rounded to hundredths; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return round(sorted[rank] as number);
}

export const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

export const megabytes = (bytes: number): number => round(bytes / 1024 / 1024, 1);

/** Runs `work` for each item with at most `concurrency` at a time, in order of the items. */
export async function eachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

/** Milliseconds on a clock two processes share (wall-clock origin, monotonic since). */
export const sharedNow = (): number => performance.timeOrigin + performance.now();
