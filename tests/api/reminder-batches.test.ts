/**
 * The reminder senders' batches: a batch that fails in part and is sent again, and one batch sent
 * by two senders at once, send each player one mail and one LINE multicast inclusion. The senders
 * run in this process at chosen instants before the sample season's open round's deadline.
 */
import { describe, expect, it } from 'vitest';
import type { ReminderHours } from '../../shared/src/game/reminders';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { reminderItems } from '../../functions/src/db/repositories/reminder-repository';
import {
  reminderQueueRepository,
  type ReminderBatch,
} from '../../functions/src/db/repositories/reminder-queue-repository';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import {
  drainReminderQueue,
  sendReminderBatch,
  type ReminderPorts,
} from '../../functions/src/domain/reminders/reminder-sender';
import { listLineOutbox, multicastLine } from '../../functions/src/adapters/line';
import { listOutbox, sendMail } from '../../functions/src/adapters/mail';
import { openRound } from './support/open-round';
import { race } from './support/race';

/**
 * `count` players subscribed to both channels at `hours` (the 2-hour time unless given), ids
 * `{prefix}-00`…; and their batch of the 2-hour time.
 */
async function subscribedPlayers(
  prefix: string,
  count: number,
  hours: ReminderHours[] = [2],
): Promise<{ ids: string[]; batch: ReminderBatch }> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);
  await Promise.all(
    ids.map((id) =>
      userRepository.createUserIfAbsent(
        newPlayer(id, new Date(), { email: `${id}@example.com`, status: 'complete' }),
      ),
    ),
  );
  await batchWriteAll(
    ids.flatMap((id) =>
      reminderItems({
        user_id: id,
        email: true,
        line: true,
        hours_before: hours,
        line_user_id: `U${id}`,
        unsubscribe_token: `token-${id}`,
        updated_at: new Date().toISOString(),
      }),
    ),
  );
  const { current, open } = await openRound();
  return {
    ids,
    batch: {
      plan_id: `test#${prefix}`,
      batch: 0,
      game_global_id: current.game_global_id,
      round: open.round,
      deadline_at: open.deadline_at,
      hours: [2],
      from_user: ids[0]!,
      to_user: ids.at(-1)!,
      attempts: 0,
    },
  };
}

/** Each player's mails and LINE inclusions of this round's reminder. */
async function receivedBy(ids: readonly string[], tournamentName: string) {
  return Promise.all(
    ids.map(async (id) => ({
      id,
      mails: (await listOutbox(`${id}@example.com`)).filter((m) => m.subject.includes(tournamentName)).length,
      lines: (await listLineOutbox(`U${id}`)).length,
    })),
  );
}

describe('reminder batches', () => {
  it('a batch that fails in part is claimed again later: every player gets one mail and one LINE inclusion', async () => {
    const { current, at } = await openRound();
    const { ids, batch } = await subscribedPlayers('batch-retry', 12);
    await reminderQueueRepository.enqueue([batch], Math.floor(Date.now() / 1000) + 3600);
    const failing = new Set(ids.filter((_, i) => i % 3 === 0).map((id) => `${id}@example.com`));
    let lineCalls = 0;
    const flaky: ReminderPorts = {
      sendMail: async (message, now) => {
        if (failing.has(message.to)) throw new Error('SES answered 503');
        await sendMail(message, now);
      },
      multicastLine: async () => {
        lineCalls++;
        throw new Error('LINE answered 500');
      },
    };
    const first = await drainReminderQueue({ context: { ports: flaky, now: () => at(1.5) } });
    expect(first).toMatchObject({ batches: 1, sent: { email: 8, line: 0 }, failed: 4 + 12 });
    expect(lineCalls).toBe(1);
    // Given back for a minute later: not claimed again at once.
    expect((await drainReminderQueue({ context: { now: () => at(1.5) } })).batches).toBe(0);

    const second = await drainReminderQueue({
      context: { now: () => new Date(at(1.5).getTime() + 120_000) },
    });
    expect(second).toMatchObject({ batches: 1, sent: { email: 4, line: 12 }, failed: 0, line_calls: 1 });
    expect(await receivedBy(ids, current.tournament_name)).toEqual(
      ids.map((id) => ({ id, mails: 1, lines: 1 })),
    );
    // The batch is done: nothing is left to send, and sending it once more sends nobody anything.
    expect(await reminderQueueRepository.hasBatches()).toBe(false);
    const again = await sendReminderBatch(batch, { now: () => at(1.4) });
    expect(again).toMatchObject({ sent: { email: 0, line: 0 }, line_calls: 0 });
    expect(await receivedBy(ids, current.tournament_name)).toEqual(
      ids.map((id) => ({ id, mails: 1, lines: 1 })),
    );
  });

  it('one batch sent by two senders at once: nobody gets two', async () => {
    const { current, at } = await openRound();
    const ports: ReminderPorts = { sendMail, multicastLine };
    const send = async (state: { batch: ReminderBatch }) => {
      await sendReminderBatch(state.batch, { ports, now: () => at(1.5) });
      return { status: 200, headers: new Headers(), body: {} };
    };
    await race({
      times: 20,
      lanes: 4,
      setup: (trial) => subscribedPlayers(`batch-race-${String(trial).padStart(2, '0')}`, 6),
      actions: [send, send],
      check: async ({ state }) => {
        expect(await receivedBy(state.ids, current.tournament_name)).toEqual(
          state.ids.map((id) => ({ id, mails: 1, lines: 1 })),
        );
      },
    });
  });

  it('LINE goes once per deadline, at the latest time a player chose; a mail at each time', async () => {
    const { current, at } = await openRound();
    const { ids, batch } = await subscribedPlayers('batch-once', 3, [24, 2]);
    const day = await sendReminderBatch({ ...batch, hours: [24] }, { now: () => at(23.5) });
    expect(day.sent).toEqual({ email: 3, line: 0 });
    const hours = await sendReminderBatch(batch, { now: () => at(1.5) });
    expect(hours).toMatchObject({ sent: { email: 3, line: 3 }, line_calls: 1 });
    expect(await receivedBy(ids, current.tournament_name)).toEqual(
      ids.map((id) => ({ id, mails: 2, lines: 1 })),
    );
  });

  it('nothing is sent at or after the deadline', async () => {
    const { current, open } = await openRound();
    const { ids, batch } = await subscribedPlayers('batch-late', 3);
    const result = await sendReminderBatch(batch, { now: () => new Date(open.deadline_at) });
    expect(result.sent).toEqual({ email: 0, line: 0 });
    expect(await receivedBy(ids, current.tournament_name)).toEqual(
      ids.map((id) => ({ id, mails: 0, lines: 0 })),
    );
  });
});
