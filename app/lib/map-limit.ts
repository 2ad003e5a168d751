/**
 * `fn` over `items` with at most `limit` calls in flight, results in the items' order. For fan-outs to a
 * slow neighbour (labels, PDFs): parallel enough to hide its latency, bounded so one user's batch
 * cannot take every browser page or connection.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
