/**
 * Runs `work` (a bench, or a part of one) in this process as a process of its own would: what it
 * leaves behind is put back afterwards. A bench leaves its stack's or database's endpoints, keys and
 * table in the environment, and the handlers' configuration, DynamoDB client and cached answers in
 * memory; otherwise the next one's stack would take the stopped one's endpoint for a DynamoDB Local
 * still running.
 */
export async function asOwnProcess<T>(work: () => Promise<T>): Promise<T> {
  const environment = { ...process.env };
  try {
    return await work();
  } finally {
    for (const name of Object.keys(process.env))
      if (!(name in environment)) Reflect.deleteProperty(process.env, name);
    Object.assign(process.env, environment);
    const [{ resetConfig }, { setDb }, { clearReadCaches }] = await Promise.all([
      import('../../functions/src/lib/config'),
      import('../../functions/src/db/client'),
      import('../../functions/src/lib/read-cache'),
    ]);
    resetConfig();
    setDb(undefined);
    clearReadCaches();
  }
}
