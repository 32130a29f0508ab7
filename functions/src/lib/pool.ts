/**
 * Runs `each` over `inputs` with at most `concurrency` calls in flight, answering the results in
 * the inputs' order. After a failure no new call starts, and it rejects once those in flight end.
 */
export async function mapInPool<T, R>(
  inputs: readonly T[],
  concurrency: number,
  each: (input: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < inputs.length && !failed) {
      const index = next++;
      try {
        results[index] = await each(inputs[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = Array.from({ length: Math.min(concurrency, inputs.length) }, worker);
  const settled = await Promise.allSettled(workers);
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}
