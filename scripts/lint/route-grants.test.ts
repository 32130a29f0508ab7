import { describe, expect, it } from 'vitest';
import type { LeadingKeys } from '../../shared/src/aws-access';
import { routeList } from '../../shared/src/contracts';
import { repositoryTableUse } from './repository-table-use';
import {
  declarationGaps,
  handlerModule,
  reachedRepositoryFunctions,
  repositoryModulePaths,
  routeGrantGaps,
  tableReachedOutsideRepositories,
  type GrantedRoute,
  type TableUseByModule,
} from './route-grants';

const routes: GrantedRoute[] = routeList();
const savePick = routes.filter((route) => route.name === 'savePick');
const guildPosts = 'functions/src/db/repositories/guild-post-repository.ts';

/** A route row with the partitions it writes changed. */
type Written = NonNullable<LeadingKeys['write']>;
const withWrites = (route: GrantedRoute, change: (write: Written) => Written): GrantedRoute => ({
  ...route,
  aws: { ...route.aws, keys: { ...route.aws.keys, write: change(route.aws.keys?.write ?? []) } },
});

/** The declarations with the guild post repository's `putTeamPost` changed (undefined: left out). */
function withTeamPost(use: { write: string[] } | undefined): TableUseByModule {
  const { putTeamPost: _left, ...others } = repositoryTableUse[guildPosts]!['guildPostRepository'] as Record<
    string,
    object
  >;
  return {
    ...repositoryTableUse,
    [guildPosts]: { guildPostRepository: { ...others, ...(use ? { putTeamPost: use } : {}) } },
  } as TableUseByModule;
}

describe('route grants derived from the code (aws.keys)', () => {
  it('a route’s grants cover every repository read, write and index query its use case can reach', () => {
    expect(routeGrantGaps(routes, repositoryTableUse)).toEqual([]);
  });

  it('every repository function declares the partitions it builds keys of and those of the repository functions it calls', () => {
    expect(declarationGaps(repositoryTableUse)).toEqual([]);
  });

  it('every repository module declares its table use', () => {
    // A folder of a repository and its stored format counts too.
    expect(repositoryModulePaths()).toContain(
      'functions/src/db/repositories/ranking-pages/ranking-repository.ts',
    );
    const undeclared = repositoryModulePaths().filter(
      (path) => path.endsWith('-repository.ts') && !(path in repositoryTableUse),
    );
    expect(undeclared).toEqual([]);
  });

  it('only repositories reach the table, so their declarations are all a function can touch', () => {
    expect(tableReachedOutsideRepositories()).toEqual([]);
  });

  it('leaves out what another function runs: the ranking job an operator’s import starts', () => {
    const { uses, problems } = reachedRepositoryFunctions(
      handlerModule('ops/import-results'),
      repositoryTableUse,
    );
    expect(problems).toEqual([]);
    expect(uses.map((use) => use.name)).toContain('rankingStateRepository.markStale');
    expect(uses.map((use) => use.name)).not.toContain('rankingRepository.writeSnapshot');
  });
});

describe('the grants check is not vacuous', () => {
  it('fails for a slot save whose row does not grant the guild chat its guild post writes', () => {
    expect(routeGrantGaps(savePick, repositoryTableUse)).toEqual([]);
    const gaps = routeGrantGaps(
      savePick.map((route) =>
        withWrites(route, (write) => write.filter((partition) => partition !== 'GUILD_CHAT#')),
      ),
      repositoryTableUse,
    );
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatch(/^savePick writes GUILD_CHAT# .* through guildPostRepository\.putTeamPost/);
    expect(gaps[0]).toContain('handlers/game/save-pick.ts handler');
    expect(gaps[0]).toContain('domain/guild/team-posts.ts postTeamSaved');
  });

  it('follows an operator use case to a repository it imports by the functions’ package name', () => {
    const recompute = routes.filter((route) => route.name === 'recomputeRankings');
    expect(routeGrantGaps(recompute, repositoryTableUse)).toEqual([]);
    const gaps = routeGrantGaps(
      recompute.map((route) =>
        withWrites(route, (write) => write.filter((partition) => partition !== 'RANKSTALE')),
      ),
      repositoryTableUse,
    );
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatch(
      /^recomputeRankings writes RANKSTALE .* through rankingStateRepository\.markStale/,
    );
    expect(gaps[0]).toContain('domain/ops/operator-use-case.ts');
    expect(gaps[0]).toContain('domain/ranking/job/rankings-changed.ts rankingsChanged');
  });

  it('fails a route whose repository function has no declaration, naming the route', () => {
    expect(routeGrantGaps(savePick, withTeamPost(undefined))).toContain(
      'savePick: functions/src/domain/guild/team-posts.ts: guildPostRepository.putTeamPost has no table use declared',
    );
    expect(declarationGaps(withTeamPost(undefined))).toContain(
      `${guildPosts}: guildPostRepository.putTeamPost has no table use declared (tableUse.guildPostRepository.putTeamPost)`,
    );
  });

  it('fails a declaration that leaves out a partition its function builds keys of', () => {
    expect(declarationGaps(withTeamPost({ write: ['GUILD#'] }))).toEqual([
      `${guildPosts}: guildPostRepository.putTeamPost calls chatMessageItem, which writes GUILD_CHAT#: declare it written`,
    ]);
  });
});
