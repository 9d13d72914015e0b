/** Runs `work` on every item, at most `limit` at a time (file work that would open too many files at once). */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const runners = Array.from({length: Math.min(limit, items.length)}, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}
