import type {
  FieldEntryRecord,
  PlayerRoundResult,
  StatusChange,
  TournamentRecord,
} from '../../shared/src/schedule/tournament-record';
import type { PrizeRecord } from '../../shared/src/schemas/prize';
import type { PlayerStatus } from '../../shared/src/schemas/schedule';
import { tokyoCalendarDate } from '../../shared/src/game/format';
import { SeededRandom } from './random';
import { familyNames, givenNames, overseasPlayers, tournaments as tournamentNames } from './names';

interface SamplePlayer {
  player_id: string;
  name: string;
  name_kana: string;
  country: string;
  is_amateur: boolean;
  world_rank: number | null;
  /** Expected strokes to par per round, and its spread: the simulation's only inputs. */
  skill: number;
  spread: number;
  stats: {
    average_score: number;
    driving_distance: number;
    fairway_rate: number;
    green_in_regulation_rate: number;
    average_putts: number;
    scrambling_rate: number;
    birdie_rate: number;
    top10_count: number;
    earnings_yen: number;
  };
}

export interface SampleSeason {
  seasonId: number;
  players: SamplePlayer[];
  tournaments: TournamentRecord[];
  fields: FieldEntryRecord[];
  prizes: PrizeRecord[];
}

const PAR = 72;
const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

const addDays = (isoDate: string, days: number): string => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** 07:00 in Tokyo on the round's day: the first tee time, the entry deadline. */
const deadlineFor = (playOn: string): string => new Date(`${playOn}T07:00:00+09:00`).toISOString();

function makePlayers(random: SeededRandom, count: number): SamplePlayer[] {
  const players: SamplePlayer[] = [];
  const usedNames = new Set<string>();
  for (let index = 0; index < count; index++) {
    let name: string;
    let kana: string;
    let country = 'JPN';
    const overseas =
      index % 10 === 3 ? overseasPlayers[Math.floor(index / 10) % overseasPlayers.length] : undefined;
    if (overseas && !usedNames.has(overseas[0])) {
      [name, kana, country] = overseas;
    } else {
      do {
        const [family, familyKana] = random.pick(familyNames);
        const [given, givenKana] = random.pick(givenNames);
        name = `${family} ${given}`;
        kana = `${familyKana} ${givenKana}`;
      } while (usedNames.has(name));
    }
    usedNames.add(name);
    // Skill spreads from the tour's best (about -2 a round) to the back of the field (about +2).
    const skill = round1(-2.2 + (index / count) * 4 + random.normal(0, 0.4));
    const spread = round1(2 + random.next() * 2);
    const isAmateur = index > count - 6;
    players.push({
      player_id: `p${String(index + 1).padStart(4, '0')}`,
      name,
      name_kana: kana,
      country,
      is_amateur: isAmateur,
      world_rank: isAmateur ? null : Math.max(1, Math.round(60 + index * 9 + random.normal(0, 25))),
      skill,
      spread,
      stats: {
        average_score: round1(PAR + skill),
        driving_distance: round1(305 - skill * 4 + random.normal(0, 8)),
        fairway_rate: round1(Math.min(80, Math.max(45, 60 - skill * 2 + random.normal(0, 5)))),
        green_in_regulation_rate: round1(Math.min(80, Math.max(55, 68 - skill * 3 + random.normal(0, 3)))),
        // Putts per green in regulation, to 3 decimals as the tours publish it (about 1.71 to 1.83).
        average_putts: round3(1.77 + skill * 0.012 + random.normal(0, 0.018)),
        scrambling_rate: round1(Math.min(70, Math.max(40, 58 - skill * 3 + random.normal(0, 4)))),
        birdie_rate: round1(Math.max(2.5, 4.2 - skill * 0.35 + random.normal(0, 0.25))),
        top10_count: Math.max(0, Math.round(6 - skill * 2 + random.normal(0, 1.5))),
        earnings_yen: isAmateur
          ? 1000
          : Math.max(0, Math.round((90 - index) * 1_100_000 + random.normal(0, 4_000_000))),
      },
    });
  }
  return players;
}

function roundResult(random: SeededRandom, player: SamplePlayer, holes: number): PlayerRoundResult {
  // `|| 0` turns -0 into 0: JSON has no -0 and equality checks would trip on it.
  const full = Math.round(random.normal(player.skill, player.spread)) || 0;
  const toPar = holes === 18 ? full : Math.round((full * holes) / 18) || 0;
  const eagles = holes > 0 && random.chance(0.07 * (holes / 18)) ? 1 : 0;
  let birdies = Math.max(0, Math.round(((4 - player.skill * 0.4 + random.normal(0, 1)) * holes) / 18));
  let bogeys = toPar + birdies + 2 * eagles;
  if (bogeys < 0) {
    birdies -= bogeys;
    bogeys = 0;
  }
  return {
    strokes: holes === 18 ? PAR + toPar : null,
    to_par: holes === 0 ? null : toPar,
    birdies,
    eagles,
    bogeys,
    thru: holes,
    completed: holes === 18,
  };
}

/**
 * Plays a tournament's field through the rounds that have results: the cut after round 2 (top 60
 * and ties), a few withdrawals, and for a round in progress, players part-way round the course.
 */
function simulateField(
  random: SeededRandom,
  record: TournamentRecord,
  field: SamplePlayer[],
  inProgressRound: number | null,
): FieldEntryRecord[] {
  const entries = field.map((player) => ({
    player,
    status: 'active' as PlayerStatus,
    status_log: [] as StatusChange[],
    rounds: [null, null, null, null] as Array<PlayerRoundResult | null>,
  }));
  // A status arrives with the round's results: hours after its deadline, as the feed would send it.
  const recordedAt = (round: number, hours: number) =>
    new Date(Date.parse(record.rounds[round - 1]!.deadline_at) + hours * 3600_000).toISOString();
  for (const stored of record.rounds) {
    const index = stored.round - 1;
    const scored = stored.results !== 'none' && !stored.cancelled;
    if (!scored) continue;
    for (const entry of entries) {
      if (entry.status !== 'active') continue;
      if (random.chance(0.006)) {
        entry.status = random.chance(0.8) ? 'wd' : 'dq';
        entry.status_log.push({ status: entry.status, round: stored.round, at: recordedAt(stored.round, 3) });
        entry.rounds[index] = roundResult(random, entry.player, random.int(3, 14));
        continue;
      }
      const holes = stored.round === inProgressRound ? random.pick([0, 4, 9, 12, 15, 18, 18, 18]) : 18;
      entry.rounds[index] = roundResult(random, entry.player, holes);
    }
    if (stored.round === 2) {
      const totals = entries
        .filter((entry) => entry.status === 'active')
        .map((entry) => (entry.rounds[0]?.to_par ?? 0) + (entry.rounds[1]?.to_par ?? 0))
        .sort((a, b) => a - b);
      const cutLine = totals[Math.min(59, totals.length - 1)]!;
      for (const entry of entries) {
        if (entry.status !== 'active') continue;
        const total = (entry.rounds[0]?.to_par ?? 0) + (entry.rounds[1]?.to_par ?? 0);
        if (total > cutLine) {
          entry.status = 'cut';
          entry.status_log.push({ status: 'cut', round: 2, at: recordedAt(2, 10) });
        }
      }
    }
  }
  return entries.map(({ player, status, status_log, rounds }) => ({
    game_global_id: record.game_global_id,
    player_id: player.player_id,
    name: player.name,
    name_kana: player.name_kana,
    country: player.country,
    world_rank: player.world_rank,
    is_amateur: player.is_amateur,
    status,
    ...(status_log.length ? { status_log } : {}),
    rounds,
  }));
}

/**
 * The day the sample season is laid out from: it turns at the first tee time (07:00 Tokyo), not at
 * midnight, so whatever the hour, round 3's deadline has passed and round 4's is still ahead.
 */
export function sampleSeasonDay(now: Date): string {
  return tokyoCalendarDate(new Date(now.getTime() - 7 * 3600_000));
}

/**
 * The sample season, built around `now`: six finished tournaments, one in round 3 (rounds 1-2
 * final, round 3 provisional and part-played, round 4 open for picks) and two to come.
 */
export function generateSampleSeason(now: Date, seed = 20260401): SampleSeason {
  const random = new SeededRandom(seed);
  const players = makePlayers(random, 120);
  const today = sampleSeasonDay(now);
  const currentStart = addDays(today, -2);
  const seasonId = Number(currentStart.slice(0, 4));

  const tournaments: TournamentRecord[] = [];
  const fields: FieldEntryRecord[] = [];
  const prizes: PrizeRecord[] = [];
  /** A rank prize's title says how many win it, from the same ranks that set `winners_count`. */
  const withWinners = (title: string, count: number) => (count > 1 ? `${title}（${count}名様）` : title);
  const offsets = [-6, -5, -4, -3, -2, -1, 0, 1, 2];
  offsets.forEach((weeks, index) => {
    const [tournamentName, venue] = tournamentNames[(index + 4) % tournamentNames.length]!;
    const startOn = addDays(currentStart, weeks * 7);
    const gameGlobalId = `${seasonId}-${String(index + 1).padStart(2, '0')}`;
    const isCurrent = weeks === 0;
    const rainedOutRound = weeks === -3 ? 4 : null;
    const record: TournamentRecord = {
      game_global_id: gameGlobalId,
      season_id: seasonId,
      tournament_name: tournamentName,
      venue,
      start_on: startOn,
      end_on: addDays(startOn, 3),
      cancelled: false,
      rounds: [1, 2, 3, 4].map((round) => {
        const playOn = addDays(startOn, round - 1);
        const results =
          weeks < 0
            ? 'final'
            : isCurrent && round <= 2
              ? 'final'
              : isCurrent && round === 3
                ? 'provisional'
                : 'none';
        const deadlineAt = deadlineFor(playOn);
        const cancelled = round === rainedOutRound;
        return {
          round,
          play_on: playOn,
          deadline_at: deadlineAt,
          results,
          cancelled,
          deadline_note: null,
          cancel_note: cancelled
            ? '第4ラウンドは中止になりました（荒天のため）。このラウンドはどのユーザーのスコアにも数えません。'
            : null,
          // The sample teams are as the settlement at each passed deadline left them.
          ...(!cancelled && Date.parse(deadlineAt) <= now.getTime() ? { settled_at: deadlineAt } : {}),
        } as TournamentRecord['rounds'][number];
      }),
    };
    tournaments.push(record);
    const field = players.filter((_, playerIndex) => playerIndex < 96 || random.chance(0.5));
    fields.push(...simulateField(random, record, field, isCurrent ? 3 : null));

    prizes.push(
      ...[
        {
          rank_from: 1,
          rank_to: 1,
          name: `${tournamentName} 優勝賞品 ゴルフクラブ（ドライバー）`,
          value_yen: 80000,
        },
        { rank_from: 2, rank_to: 3, name: 'ゴルフボール 1ダース', value_yen: 6000 },
        { rank_from: 4, rank_to: 10, name: 'オリジナルゴルフタオル', value_yen: 2000 },
      ].map((prize, order) => ({
        id: `game-${gameGlobalId}-${order + 1}`,
        kind: 'game' as const,
        description: `${tournamentName}の個人ランキング${prize.rank_from === prize.rank_to ? `${prize.rank_from}位` : `${prize.rank_from}〜${prize.rank_to}位`}の方に贈呈します。`,
        image_url: '',
        winners_count: prize.rank_to - prize.rank_from + 1,
        game_global_id: gameGlobalId,
        season_id: seasonId,
        order: index * 10 + order,
        ...prize,
        name: withWinners(prize.name, prize.rank_to - prize.rank_from + 1),
      })),
      {
        id: `entry-${gameGlobalId}`,
        kind: 'entry',
        name: 'エントリー賞 デジタルギフト 1,000円分（100名様）',
        description: `${tournamentName}の全ラウンドにチームをエントリーした方の中から抽選で100名様に贈呈します。`,
        image_url: '',
        value_yen: 1000,
        winners_count: 100,
        rank_from: null,
        rank_to: null,
        game_global_id: gameGlobalId,
        season_id: seasonId,
        order: index,
      },
    );
  });

  prizes.push(
    ...[
      { rank_from: 1, rank_to: 1, name: '年間王者賞 国内ゴルフ旅行ペア招待', value_yen: 300000 },
      { rank_from: 2, rank_to: 5, name: 'キャディバッグ', value_yen: 50000 },
      { rank_from: 6, rank_to: 30, name: 'ゴルフ場利用券 1万円分', value_yen: 10000 },
    ].map((prize, order) => ({
      id: `yearly-${seasonId}-${order + 1}`,
      kind: 'yearly' as const,
      description: `${seasonId}年シーズンの年間ランキング${prize.rank_from === prize.rank_to ? `${prize.rank_from}位` : `${prize.rank_from}〜${prize.rank_to}位`}の方に贈呈します。`,
      image_url: '',
      winners_count: prize.rank_to - prize.rank_from + 1,
      game_global_id: null,
      season_id: seasonId,
      order,
      ...prize,
      name: withWinners(prize.name, prize.rank_to - prize.rank_from + 1),
    })),
  );

  return { seasonId, players, tournaments, fields, prizes };
}
