import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  opsTournamentListSchema,
  prizeDrawPreviewSchema,
  resultsPreviewSchema,
} from '../../shared/src/schemas/ops';
import { importResultSchema } from '../../shared/src/schemas/game';
import { csvExportSchema } from '../../shared/src/schemas/contact';
import { prizeDrawRepository } from '../../functions/src/db/repositories/prize-draw-repository';
import { prizeRepository } from '../../functions/src/db/repositories/prize-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { db, tableName } from '../../functions/src/db/client';
import { keys } from '../../functions/src/db/keys';
import { api, tokenFor } from './support/api';
import { gameFixture, team, writeFixture } from './support/game-fixtures';

interface ErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

let operator: string;
let player: string;

beforeAll(async () => {
  operator = await tokenFor('console-operator', ['operators']);
  player = await tokenFor('console-player');
});

/** A GET as the operator, with its query string. */
const asOperator = <T = unknown>(path: string, query: Record<string, string>) =>
  api<T>('GET', `${path}?${new URLSearchParams(query)}`, { token: operator });

const finishedTournament = async () =>
  (await tournamentRepository.list()).find(
    (t) => !t.cancelled && t.rounds.every((r) => r.cancelled || r.results === 'final'),
  )!;

describe('the console calls refuse everyone but operators', () => {
  it.each([
    ['GET', '/api/golf/ops/tournaments'],
    ['GET', '/api/golf/ops/prizes/draw/preview?game_global_id=x'],
    ['GET', '/api/golf/ops/prizes/winners/export?game_global_id=x'],
  ])('%s %s: anonymous 401, player 403', async (method, path) => {
    expect((await api(method, path)).status).toBe(401);
    expect((await api(method, path, { token: player })).status).toBe(403);
  });
});

describe('list-tournaments', () => {
  it('lists every tournament newest first with its rounds, states and deadlines', async () => {
    const answer = await api('GET', '/api/golf/ops/tournaments', { token: operator });
    expect(answer.status).toBe(200);
    const { tournaments } = opsTournamentListSchema.parse(answer.body);
    const stored = await tournamentRepository.list();
    expect(tournaments.map((t) => t.game_global_id).sort()).toEqual(
      stored.map((t) => t.game_global_id).sort(),
    );
    const starts = tournaments.map((t) => t.start_on);
    expect(starts).toEqual([...starts].sort().reverse());
    for (const tournament of tournaments) {
      const record = stored.find((t) => t.game_global_id === tournament.game_global_id)!;
      expect(tournament.rounds.map((r) => [r.deadline_at, r.results, r.cancelled])).toEqual(
        record.rounds.map((r) => [r.deadline_at, r.results, r.cancelled]),
      );
      for (const round of tournament.rounds)
        expect(round.locked).toBe(Date.parse(round.deadline_at) <= Date.now());
    }
    expect(tournaments.some((t) => t.rounds.some((r) => r.results === 'final'))).toBe(true);
    expect(tournaments.some((t) => t.rounds.some((r) => !r.locked))).toBe(true);
  });
});

describe('prize draw preview', () => {
  it('shows a drawn prize its stored winners, and writes nothing', async () => {
    const tournament = await finishedTournament();
    const entry = (await prizeRepository.listByKind('entry')).find(
      (p) => p.game_global_id === tournament.game_global_id,
    )!;
    const stored = (await prizeDrawRepository.getPrizeDraw(entry.id))!;
    const answer = await asOperator('/api/golf/ops/prizes/draw/preview', {
      game_global_id: tournament.game_global_id,
    });
    expect(answer.status).toBe(200);
    const preview = prizeDrawPreviewSchema.parse(answer.body);
    expect(JSON.stringify(preview)).not.toContain(stored.seed);
    const previewed = preview.prizes.find((p) => p.prize_id === entry.id)!;
    expect(previewed).toMatchObject({ drawn: true, winners_count: entry.winners_count, lottery_places: 0 });
    expect(previewed.winners.map((w) => w.user_id)).toEqual(stored.winners);
    expect(previewed.winners.every((w) => w.nickname.length > 0)).toBe(true);
    expect(previewed.entrants).toBeGreaterThanOrEqual(previewed.winners.length);
    expect(previewed.shortfall === null).toBe(previewed.winners.length === entry.winners_count);
    expect(await prizeDrawRepository.getPrizeDraw(entry.id)).toEqual(stored);

    const rank = preview.prizes.find((p) => p.kind === 'game')!;
    expect(rank.winners[0]?.rank).toBeGreaterThanOrEqual(1);
  });

  it('refuses a tournament not final (409) and an unknown one (404)', async () => {
    const current = (await tournamentRepository.list()).find((t) =>
      t.rounds.some((r) => r.results !== 'final' && !r.cancelled),
    )!;
    const notFinal = await asOperator<ErrorBody>('/api/golf/ops/prizes/draw/preview', {
      game_global_id: current.game_global_id,
    });
    expect(notFinal.status).toBe(409);
    const unknown = await asOperator('/api/golf/ops/prizes/draw/preview', {
      game_global_id: 'no-such-tournament',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('export-winners', () => {
  it('writes each drawn winner with rank, nickname, claim address and Tokyo times with the offset', async () => {
    const tournament = await finishedTournament();
    const entry = (await prizeRepository.listByKind('entry')).find(
      (p) => p.game_global_id === tournament.game_global_id,
    )!;
    const draw = (await prizeDrawRepository.getPrizeDraw(entry.id))!;
    const claimer = draw.winners[2]!;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.prizeWin(claimer, entry.id),
        UpdateExpression: 'SET claim_email = :email, claimed_at = :at',
        ExpressionAttributeValues: { ':email': 'ship-to@example.com', ':at': '2026-11-20T22:30:00.000Z' },
      }),
    );
    const answer = await asOperator('/api/golf/ops/prizes/winners/export', {
      game_global_id: tournament.game_global_id,
    });
    expect(answer.status).toBe(200);
    const { csv, count } = csvExportSchema.parse(answer.body);
    const lines = csv
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"game_global_id","tournament_name","prize_id","prize_name","rank","user_id","nickname","claim_email","claimed_at","won_at"',
    );
    expect(lines).toHaveLength(count + 1);
    const claimed = lines.find((line) => line.includes(`"${claimer}"`) && line.includes(`"${entry.id}"`))!;
    expect(claimed).toContain(`"${tournament.tournament_name}"`);
    expect(claimed).toContain('"3","');
    expect(claimed).toContain('"ship-to@example.com","2026-11-21T07:30:00+09:00"');
    expect(lines.slice(1).every((line) => /"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00"$/.test(line))).toBe(true);
    expect(lines.filter((line) => line.includes(`"${entry.id}"`))).toHaveLength(draw.winners.length);
  });

  it('answers 404 for an unknown tournament and 422 without one', async () => {
    expect(
      (await asOperator('/api/golf/ops/prizes/winners/export', { game_global_id: 'no-such-tournament' }))
        .status,
    ).toBe(404);
    const missing = await api<ErrorBody>('GET', '/api/golf/ops/prizes/winners/export', { token: operator });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.['game_global_id']).toBeTruthy();
  });
});

describe('results import dry run', () => {
  it('lists the players, scores and statuses that would change and the teams they are on, writing nothing', async () => {
    const fixture = gameFixture('console-preview');
    fixture.record.rounds[1]!.results = 'provisional';
    const [p1, p2, p3, p4, p5, p6, p7, p8] = fixture.playerIds;
    await writeFixture(fixture, [
      team(fixture.id, 2, 'console-a', [p1!, p2!, p3!, p4!]),
      team(fixture.id, 2, 'console-b', [p5!, p6!, p7!, p8!]),
      team(fixture.id, 2, 'console-c', [p2!, p6!, p7!, p8!]),
    ]);
    const stored = fixture.field[0]!.rounds[1]!;
    const header = 'game_global_id,round,player_id,strokes,to_par,thru,birdies,eagles,bogeys,status';
    const csv = [
      header,
      // Unchanged, changed score, withdrawn mid-round.
      [fixture.id, 2, p3, 72 + (4 - 2), `+${4 - 2}`, 18, 1, 0, 2, 'active'].join(','),
      [fixture.id, 2, p1, stored.strokes! - 2, stored.to_par! - 2, 18, 5, 0, 1, 'active'].join(','),
      [fixture.id, 2, p2, '', '+1', 9, 0, 0, 1, 'wd'].join(','),
    ].join('\n');
    const before = await tournamentRepository.field(fixture.id);
    const answer = await api('POST', '/api/golf/ops/results', {
      token: operator,
      body: { format: 'csv', content: csv, dry_run: true },
    });
    expect(answer.status).toBe(200);
    expect(importResultSchema.parse(answer.body)).toMatchObject({ imported: false, rows: 3 });
    const preview = resultsPreviewSchema.parse((answer.body as { preview: unknown }).preview);
    expect(preview.players.map((p) => p.player_id)).toEqual([p1, p2]);
    expect(preview.players[0]).toMatchObject({
      name: '選手 1',
      round: 2,
      before: { to_par: stored.to_par, status: 'active' },
      after: { to_par: stored.to_par! - 2, status: 'active' },
    });
    expect(preview.players[1]?.after).toMatchObject({ status: 'wd', thru: 9, strokes: null, to_par: 1 });
    expect(preview.teams_affected).toEqual([{ round: 2, teams: 2 }]);
    expect(await tournamentRepository.field(fixture.id)).toEqual(before);

    const applied = await api('POST', '/api/golf/ops/results', {
      token: operator,
      body: { format: 'csv', content: csv },
    });
    expect(applied.status).toBe(200);
    expect(answer.body).not.toHaveProperty('preview.players.length', 0);
    expect((applied.body as Record<string, unknown>)['preview']).toBeUndefined();
  });
});
