/**
 * The personal rankings (docs/game-rules.md, 個人ランキング): one table, `personalRankings`, with a row
 * per ranking type. The recompute, the ranking reads, the console's dry run, the API's query schema,
 * the SPA's menu and the generated tables of docs/game-rules.md and docs/api.md all read it; adding a
 * type is one row plus its metric (docs/architecture.md, "Personal ranking types").
 *
 * Each metric is a pure function of one user's round records, given in play order (oldest first).
 * Cancelled rounds are skipped by every metric; pending rounds (not scorable yet) are skipped too, so
 * they neither extend nor break a streak.
 */
import { formatBattingAverage, formatPercent, formatThousands, formatToPar } from './format';
import type { RankDirection } from './ranking';
import { tournamentScore, type TeamRoundScore } from './scoring';

/** One picked player in one of the user's rounds. */
export interface PickRecord {
  player_id: string;
  /** The player's real to-par for the round; null unless he completed it (a penalty is not his score). */
  to_par: number | null;
  /** Birdies and eagles he made in the round; counted only when he completed it. */
  birdies: number;
  eagles: number;
  /**
   * Whether the player made the cut, as the feed reports it (withdrawn or disqualified in a round up
   * to the cut = false); null when it does not apply or is not known yet (picks after the cut,
   * events without a cut, before the cut is made).
   */
  made_cut: boolean | null;
}

/** One of the user's rounds. */
export interface UserRoundRecord {
  /** 'scored': the round has a team score (provisional or final). */
  state: 'scored' | 'pending' | 'cancelled';
  /** The user had a team this round. Without one, `team_score` is 4 x the penalty and `picks` is empty. */
  has_team: boolean;
  /** The team's round score (see scoring.ts); used when `state` is 'scored'. */
  team_score: number;
  /** The round score ranked in the top 10% of that round's ranking (see `isTopTenPercent`). */
  top_ten_percent: boolean;
  picks: readonly PickRecord[];
}

function counted(rounds: readonly UserRoundRecord[]): UserRoundRecord[] {
  return rounds.filter((r) => r.state === 'scored');
}

/** A record as the tournament score (scoring.ts) reads a round. */
function teamRoundOf(record: UserRoundRecord): TeamRoundScore {
  if (record.state === 'scored') return { kind: 'scored', score: record.team_score, provisional: false };
  return record.state === 'cancelled' ? { kind: 'cancelled' } : { kind: 'pending', missing: [] };
}

/**
 * Type 1, SCORE: the user's tournament score (scoring.ts `tournamentScore`: the sum of the scored
 * rounds, no-team rounds included); null with no scored round.
 */
export function scoreMetric(rounds: readonly UserRoundRecord[]): number | null {
  const total = tournamentScore(rounds.map(teamRoundOf));
  return total.scoredRounds === 0 ? null : total.score;
}

function longestStreak(rounds: readonly UserRoundRecord[], hit: (r: UserRoundRecord) => boolean): number {
  let best = 0;
  let current = 0;
  for (const round of counted(rounds)) {
    current = round.has_team && hit(round) ? current + 1 : 0;
    if (current > best) best = current;
  }
  return best;
}

/** Type 2: the longest run of consecutive rounds with the user's team under par (score < 0). A round without a team breaks the run. */
export function underParStreak(rounds: readonly UserRoundRecord[]): number {
  return longestStreak(rounds, (r) => r.team_score < 0);
}

/** Type 3: the longest run of consecutive rounds with the team in the round's top 10%. */
export function topTenPercentStreak(rounds: readonly UserRoundRecord[]): number {
  return longestStreak(rounds, (r) => r.top_ten_percent);
}

function sumPicks(rounds: readonly UserRoundRecord[], value: (p: PickRecord) => number): number {
  let total = 0;
  for (const round of counted(rounds)) {
    for (const pick of round.picks) if (pick.to_par !== null) total += value(pick);
  }
  return total;
}

/** Type 4: birdies made by the user's picked players in the rounds they completed. */
export function birdieCount(rounds: readonly UserRoundRecord[]): number {
  return sumPicks(rounds, (p) => p.birdies);
}

/** Type 5: eagles made by the user's picked players in the rounds they completed. */
export function eagleCount(rounds: readonly UserRoundRecord[]): number {
  return sumPicks(rounds, (p) => p.eagles);
}

/**
 * Type 6, batting average: under-par player-rounds / picked player-rounds, over scored rounds. A pick
 * who did not complete the round counts as a miss. Null with no picks. Equal fractions give equal
 * numbers (IEEE division is correctly rounded), so ties are exact.
 */
export function battingAverage(rounds: readonly UserRoundRecord[]): number | null {
  let picks = 0;
  let hits = 0;
  for (const round of counted(rounds)) {
    for (const pick of round.picks) {
      picks++;
      if (pick.to_par !== null && pick.to_par < 0) hits++;
    }
  }
  return picks === 0 ? null : hits / picks;
}

/** Type 7, success rate: picks that made the cut / picks whose cut outcome is known. Null with none. */
export function successRate(rounds: readonly UserRoundRecord[]): number | null {
  let known = 0;
  let made = 0;
  for (const round of counted(rounds)) {
    for (const pick of round.picks) {
      if (pick.made_cut === null) continue;
      known++;
      if (pick.made_cut) made++;
    }
  }
  return known === 0 ? null : made / known;
}

/** Whether the user had a team in at least one scored round: without one, types 2-7 measure nothing. */
function playedAnyRound(rounds: readonly UserRoundRecord[]): boolean {
  return counted(rounds).some((r) => r.has_team);
}

/**
 * A metric that ranks only users who had a team in a scored round: a user with nothing measured is
 * left out, so a zero or a 100% never stands for "nothing to measure".
 */
const withTeam =
  (metric: (rounds: readonly UserRoundRecord[]) => number | null) =>
  (rounds: readonly UserRoundRecord[]): number | null =>
    playedAnyRound(rounds) ? metric(rounds) : null;

/**
 * The parts of a user's round records a metric reads. `entry` is the user's having records at all
 * (a team in a started round of the tournament, docs/game-rules.md 途中参加): a type that reads it
 * ranks users who never had a team in a scored round. `picks` is the list itself (how many, whom);
 * `picks.*` one value of every pick, its `to_par` read as two: `picks.completed` (a real to-par, not
 * null) and `picks.under_par` (a real to-par below 0).
 */
export const recordFields = [
  'entry',
  'state',
  'has_team',
  'team_score',
  'top_ten_percent',
  'picks',
  'picks.completed',
  'picks.under_par',
  'picks.birdies',
  'picks.eagles',
  'picks.made_cut',
] as const;
export type RecordField = (typeof recordFields)[number];

/**
 * The fields that move with others in the same round: the top 10% is the round's ranking of the
 * team scores of its scored records (`isTopTenPercent`), so a team score or a state that moves
 * moves it too.
 */
export function withDerivedFields(fields: Iterable<RecordField>): Set<RecordField> {
  const all = new Set(fields);
  if (all.has('team_score') || all.has('state')) all.add('top_ten_percent');
  return all;
}

/** One personal ranking type. */
export interface PersonalRankingRow {
  /** The type's number, as the API's `type` and the snapshot's boards (`T<type>`) name it. */
  type: number;
  /** Its name in menus, headings and the console's dry run. */
  label: string;
  /** The title of the value column on the ranking (product spec section 9). */
  title: string;
  /** What it measures, in players' words (the rules page's 内容). */
  description: string;
  /** The sentence atop its ranking page: what players compete on, and which way. */
  lead: string;
  /** Which values rank first; ties share a rank and are ordered by user id (ranking.ts). */
  order: RankDirection;
  /** A value as the ranking shows it (product spec section 9). */
  display: (value: number) => string;
  /** How the display reads, for the docs. */
  displayed: string;
  /** The user's value over his rounds so far; null = not ranked in this type. */
  metric: (rounds: readonly UserRoundRecord[]) => number | null;
  /** The record fields `metric` reads (checked by personal-ranking.test.ts). */
  reads: readonly RecordField[];
}

/** A value with its sign to par: -3, E, +2. */
const toPar = { display: formatToPar, displayed: 'to par: `-3`, `E`, `+2`' };
const count = { display: formatThousands, displayed: 'a count; 1000 and over `1.2K`' };
/** What every type but SCORE reads to rank only users with a team in a scored round. */
const gate: readonly RecordField[] = ['state', 'has_team'];

/** The personal ranking types, in menu order. */
export const personalRankings = [
  {
    type: 1,
    label: 'スコア',
    title: 'SCORE',
    description: 'スコアの合計（少ないほど上位）',
    lead: 'チームのスコアの合計で競います。スコアが少ないほど上位で、同じスコアは同じ順位です。',
    order: 'lower',
    ...toPar,
    metric: scoreMetric,
    reads: ['entry', 'state', 'team_score'],
  },
  {
    type: 2,
    label: 'アンダーパー連続回数',
    title: '連続回数',
    description:
      'チームのラウンドスコアがアンダーパー（マイナス）だったラウンドが続いた最長の回数。チームを作らなかったラウンドで途切れます',
    lead: 'チームのラウンドスコアがアンダーパーだったラウンドが続いた、最長の回数で競います。',
    order: 'higher',
    ...count,
    metric: withTeam(underParStreak),
    reads: [...gate, 'team_score'],
  },
  {
    type: 3,
    label: '上位10%連続回数',
    title: '連続回数',
    description:
      'ラウンドの順位が上位10%（エントリー人数の10%、端数切り上げの順位まで）に入ったラウンドが続いた最長の回数',
    lead: 'ラウンドの順位が上位10%に入ったラウンドが続いた、最長の回数で競います。',
    order: 'higher',
    ...count,
    metric: withTeam(topTenPercentStreak),
    reads: [...gate, 'top_ten_percent'],
  },
  {
    type: 4,
    label: 'バーディー数',
    title: '回数',
    description: '選んだ選手が、最後までプレーしたラウンドで取ったバーディーの数',
    lead: '選んだ選手が、最後までプレーしたラウンドで取ったバーディーの数で競います。',
    order: 'higher',
    ...count,
    metric: withTeam(birdieCount),
    reads: [...gate, 'picks', 'picks.completed', 'picks.birdies'],
  },
  {
    type: 5,
    label: 'イーグル数',
    title: '回数',
    description: '選んだ選手が、最後までプレーしたラウンドで取ったイーグルの数',
    lead: '選んだ選手が、最後までプレーしたラウンドで取ったイーグルの数で競います。',
    order: 'higher',
    ...count,
    metric: withTeam(eagleCount),
    reads: [...gate, 'picks', 'picks.completed', 'picks.eagles'],
  },
  {
    type: 6,
    label: '打率',
    title: '打率',
    description: '選んだ選手のラウンドのうち、その選手がアンダーパーだった割合（.333 のように表示）',
    lead: '選んだ選手のラウンドのうち、その選手がアンダーパーだった割合で競います。',
    order: 'higher',
    display: formatBattingAverage,
    displayed: '`.333` (rounded half up to the thousandth)',
    metric: withTeam(battingAverage),
    reads: [...gate, 'picks', 'picks.under_par'],
  },
  {
    type: 7,
    label: '予選通過成功率',
    title: '成功率',
    description:
      '予選カット前のラウンド（第1・第2ラウンド）で選んだ選手のうち、予選を通過した選手の割合（%）',
    lead: '第1・第2ラウンドで選んだ選手のうち、予選を通過した選手の割合で競います。',
    order: 'higher',
    display: formatPercent,
    displayed: '`66.7%`',
    metric: withTeam(successRate),
    reads: [...gate, 'picks', 'picks.made_cut'],
  },
] as const satisfies readonly PersonalRankingRow[];

export type PersonalRankingType = (typeof personalRankings)[number]['type'];
export const personalRankingTypes: readonly PersonalRankingType[] = personalRankings.map((row) => row.type);

const byType = new Map<number, PersonalRankingRow>(personalRankings.map((row) => [row.type, row]));

/** The row of a ranking type; throws RangeError for a number that is no type. */
export function personalRanking(type: number): PersonalRankingRow {
  const row = byType.get(type);
  if (!row) throw new RangeError(`no personal ranking type ${type}`);
  return row;
}

/** The row of SCORE: the tournament score, which the guild boards, the yearly points and prizes rank by. */
export const scoreRanking: PersonalRankingRow = personalRanking(1);

/** The types whose metric reads any of `fields`, in table order. */
export function rankingsReading(fields: ReadonlySet<RecordField>): PersonalRankingType[] {
  return personalRankings
    .filter((row) => row.reads.some((field) => fields.has(field)))
    .map((row) => row.type);
}
