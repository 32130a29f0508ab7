/**
 * Runs `each` over `inputs` with at most `concurrency` calls in flight, answering the results in
 * the inputs' order; the first failure rejects once the calls in flight have ended.
 */
export async function mapInPool<T, R>(
  inputs: readonly T[],
  concurrency: number,
  each: (input: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await each(inputs[index]!);
    }
  };
  const workers = Array.from({ length: Math.min(concurrency, inputs.length) }, worker);
  const settled = await Promise.allSettled(workers);
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return results;
}
