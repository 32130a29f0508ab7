import type { LeadingKeys } from '@golf/shared/aws-access';

type AnyFunction = (...args: never[]) => unknown;

/**
 * What a repository module declares of the table: for each function it exports (each member of its
 * repository object, and each exported function that builds keys), the partitions that function reads,
 * writes and queries by index, as a route row names them (`aws.keys`, shared/src/aws-access.ts). A
 * route's grants are derived from these: its row must cover the declaration of every repository
 * function its handler can reach (scripts/lint/route-grants.test.ts), so a function without one
 * fails the typecheck here, and one whose code builds a key it does not declare fails that test.
 */
export type TableUse<Exports> = {
  readonly [Name in keyof Exports]: Exports[Name] extends AnyFunction
    ? LeadingKeys
    : {
        readonly [
          Member in keyof Exports[Name] as Exports[Name][Member] extends AnyFunction ? Member : never
        ]: LeadingKeys;
      };
};
