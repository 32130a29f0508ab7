import { describe, expectTypeOf, it } from 'vitest';
import type { AppHref, StaticPath } from './app-href';

// Checked by `npm run typecheck` (tsc -p frontend) and `npm run lint` (oxlint --type-check): each line
// below must fail to compile.
// @ts-expect-error: no screen has this path
export const misspelt: AppHref = '/mypgae';
// @ts-expect-error: a screen with parameters is linked with the router's Link and its params
export const withParams: AppHref = '/guild/$id/chat';
// @ts-expect-error: a query on a path that names no screen
export const unknownWithQuery: AppHref = '/rankings?round=2';

describe('in-app addresses', () => {
  it('are the route tree’s screens without parameters, with a query or a fragment', () => {
    expectTypeOf<'/'>().toExtend<StaticPath>();
    expectTypeOf<'/mypage'>().toExtend<AppHref>();
    expectTypeOf<'/ranking/golf/personal?round=2'>().toExtend<AppHref>();
    expectTypeOf<'/faq#contact'>().toExtend<AppHref>();
    expectTypeOf<'/guild/$id/show'>().not.toExtend<AppHref>();
    expectTypeOf<string>().not.toExtend<AppHref>();
  });
});
