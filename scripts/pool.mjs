// What the load scripts share: running many requests with a bounded concurrency.

/** Runs `tasks` (functions returning promises) with at most `limit` at a time. */
export async function pool(tasks, limit) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}
