import { db } from '../../functions/src/db/client';

/** Counts the DynamoDB commands the handlers send (they share this process's client). */
export function countDynamoCalls() {
  const counts = new Map<string, number>();
  db().middlewareStack.add(
    (next, context) => (args) => {
      counts.set(context.commandName ?? '?', (counts.get(context.commandName ?? '?') ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'benchCallCounter' },
  );
  return {
    reset: () => counts.clear(),
    perRequest: (requests: number) =>
      Object.fromEntries(
        [...counts].map(([name, count]) => [
          name.replace(/Command$/, ''),
          Math.round((count / requests) * 100) / 100,
        ]),
      ),
  };
}
