import type { TestProject } from 'vitest/node';
import { startSuiteStack } from '../../scripts/test-support/suite-stack';
import { screenPlayers, type ScreenPlayerRow } from '../../frontend/test/screens/players';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { createPlayer } from '../e2e/support/users';
import { enrolledOperator, passwordOnlyOperator } from '../../scripts/test-support/operator-session';

let suite: Awaited<ReturnType<typeof startSuiteStack>> | undefined;

/**
 * The game's API with the sample season (in memory, from the run's seeded season when `npm test`
 * runs the suite) for the screens, which render in the test's own DOM and call it as a browser does,
 * and the players they sign in as (frontend/test/screens/players.ts), each with a token.
 */
export async function setup(project: TestProject) {
  suite = await startSuiteStack(null);
  const { stack } = suite;
  project.provide('screensApiUrl', stack.url);
  const tokens: Record<string, string> = {};
  for (const [name, row] of Object.entries(screenPlayers) as Array<[string, ScreenPlayerRow]>) {
    const userId = row.sampleUser ?? (await createPlayer(`screens-${name}`, row.user)).userId;
    // An operator signs in once as a person does (password, then the authenticator app set up),
    // and the screens share that session.
    tokens[name] =
      row.operator === 'password-only'
        ? (await passwordOnlyOperator(stack.url, userId)).token
        : row.operator
          ? (await enrolledOperator(stack.url, userId)).token
          : (await signLocalAccessToken({ sub: userId })).token;
  }
  project.provide('screenPlayerTokens', tokens);
  // The first signed-in call loads the token check and its keys (seconds on a busy machine): made
  // here, so no screen's first wait pays for it.
  const warm = await fetch(new URL('/api/user/me', stack.url), {
    headers: { Authorization: `Bearer ${Object.values(tokens)[0]}` },
  });
  if (!warm.ok) throw new Error(`GET /api/user/me answered ${warm.status}`);
}

export async function teardown() {
  await suite?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Also declared where the screens read them (frontend/test/screens/render-app.tsx, the SPA's program). */
    screensApiUrl: string;
    screenPlayerTokens: Record<string, string>;
  }
}
