/**
 * `npx tsx scripts/bench/profile-call.ts [path] [--token]`: where the time of one API call goes. Starts
 * the local stack in memory with the sample season (the handlers in this process), calls `path`
 * 20 times to warm it, then profiles 200 sequential calls with the V8 CPU profiler and prints the
 * wall time per call and the functions that took the most time by themselves, grouped by package.
 * `--token` sends a signed-in player's token. Writes the profile to
 * bench/results/profile-call.cpuprofile (open it in Chrome DevTools).
 *
 * `--save` profiles a team save instead (`PUT /api/golf/round/{n}/team` of the open round of the
 * sample season's current tournament, signed in, a different line-up each call, as a player changing
 * their team before a deadline).
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector/promises';
import { join } from 'node:path';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import { db } from '../../functions/src/db/client';
import { repositoryRoot } from '../local-stack/paths';
import { startStack } from '../local-stack/stack';
import { sampleRounds, teamOfSave } from './sample-round';

const args = process.argv.slice(2);
const save = args.includes('--save');
const now = new Date();
/** What a save call sends: the open round's team, a different 4 of its eligible players each time. */
function saveCall(): { path: string; body: (call: number) => string } {
  const { gameGlobalId, openRound, pool } = sampleRounds(now);
  return {
    path: `/api/golf/round/${openRound}/team`,
    body: (call) => JSON.stringify({ game_global_id: gameGlobalId, player_ids: teamOfSave(pool, 0, call) }),
  };
}
const saving = save ? saveCall() : undefined;
const path = saving?.path ?? args.find((arg) => arg.startsWith('/')) ?? '/api/golf/schedule/score';
const stack = await startStack({ port: 0, dataDir: null, spaDir: null, quiet: true, seedNow: now });
try {
  const headers: Record<string, string> = {};
  if (args.includes('--token') || save) {
    const userId = 'profile-player';
    await userRepository.createUserIfAbsent(
      newPlayer(userId, new Date(), {
        status: 'complete',
        is_accepted_policy: true,
        is_registed_email: true,
      }),
    );
    headers['authorization'] = `Bearer ${(await signLocalAccessToken({ sub: userId })).token}`;
  }
  let sent = 0;
  const call = async () => {
    const response = await fetch(
      stack.url + path.replace('{user}', 'profile-player'),
      saving
        ? {
            method: 'PUT',
            headers: { ...headers, 'content-type': 'application/json' },
            body: saving.body(sent++),
          }
        : { headers },
    );
    await response.arrayBuffer();
    if (response.status >= 500 || (saving && response.status !== 200))
      throw new Error(`${path}: ${response.status}`);
    return response.status;
  };
  for (let i = 0; i < 20; i++) await call();
  // The DynamoDB requests one call makes, and the bytes they answer.
  const requests = new Map<string, { count: number; bytes: number }>();
  db().middlewareStack.add(
    (next, context) => async (input) => {
      const output = await next(input);
      const body = (output.response as { headers?: Record<string, string> }).headers;
      const entry = requests.get(context.commandName ?? '?') ?? { count: 0, bytes: 0 };
      entry.count++;
      entry.bytes += Number(body?.['content-length'] ?? 0);
      requests.set(context.commandName ?? '?', entry);
      return output;
    },
    { step: 'deserialize', name: 'profileCount' },
  );
  await call();
  db().middlewareStack.remove('profileCount');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const started = performance.now();
  const calls = 200;
  let status = 0;
  for (let i = 0; i < calls; i++) status = await call();
  const ms = (performance.now() - started) / calls;
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profiler.Profile };
  mkdirSync(join(repositoryRoot, 'bench/results'), { recursive: true });
  writeFileSync(join(repositoryRoot, 'bench/results/profile-call.cpuprofile'), JSON.stringify(profile));

  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const interval = (profile.endTime - profile.startTime) / (profile.samples?.length ?? 1) / 1000;
  const hits = new Map<number, number>();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (!count) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^file:\/\//, '').replace(repositoryRoot + '/', '');
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + count * interval);
    const pkg =
      where.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ??
      (where.startsWith('node:') ? 'node' : where ? where.split('/').slice(0, 2).join('/') : functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + count * interval);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, total]) => `${(total / calls).toFixed(2)} ms  ${name}`);
  console.log(`${path} (status ${status}): ${ms.toFixed(1)} ms per call, sequential, over ${calls} calls`);
  console.log(
    'DynamoDB requests of one call: ' +
      [...requests].map(([name, { count, bytes }]) => `${count} ${name} (${bytes} bytes)`).join(', '),
  );
  console.log('\nself time per call, by package:\n' + top(byPackage, 15).join('\n'));
  console.log('\nself time per call, by function:\n' + top(self, 25).join('\n'));
} finally {
  await stack.stop();
}
