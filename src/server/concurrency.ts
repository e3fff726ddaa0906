// Work on many items a few at a time (weekly billing's batches: charges at the processor, weeks decided on
// their own), for a pool of database connections shared with everything else the process does.

/** Runs `work` on every item, `concurrency` at a time; the answers in the items' order. */
export async function inParallel<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, at: number) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      answers[at] = await work(items[at]!, at);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return answers;
}
