/**
 * Deadline reminders: opt-in settings per channel, the job that sends each reminder time once per
 * player and channel before the deadline (never after), and the one-click unsubscribe. The job runs
 * in-process at chosen instants around the sample season's open round.
 */
import { describe, expect, it } from 'vitest';
import { reminderRunResultSchema, reminderSettingsViewSchema } from '../../shared/src/schemas/reminders';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { reminderRepository } from '../../functions/src/db/repositories/reminder-repository';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import { sendDueReminders } from '../../functions/src/domain/reminders/reminder-service';
import { listLineOutbox } from '../../functions/src/adapters/line';
import { listOutbox } from '../../functions/src/adapters/mail';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { api, baseUrl, tokenFor } from './support/api';
import { openRound } from './support/open-round';

const email = 'reminder-player@example.com';
const player = async () => {
  await userRepository.createUserIfAbsent(
    newPlayer('reminder-player', new Date(), {
      email,
      status: 'complete',
      is_accepted_policy: true,
      is_registed_email: true,
      nickname: 'リマインド',
    }),
  );
  return tokenFor('reminder-player');
};
const linePlayer = async () => {
  await userRepository.createUserIfAbsent(
    newPlayer('line_ureminder', new Date(), {
      status: 'complete',
      is_accepted_policy: true,
      is_registed_email: true,
    }),
  );
  return (await signLocalAccessToken({ sub: 'line_ureminder', username: 'LINE_Ureminder' })).token;
};

describe('reminder settings', () => {
  it('are off by default, and refused to visitors', async () => {
    expect((await api('GET', '/api/user/reminders')).status).toBe(401);
    const settings = reminderSettingsViewSchema.parse(
      (await api('GET', '/api/user/reminders', { token: await player() })).body,
    );
    expect(settings).toMatchObject({
      email: false,
      line: false,
      hours_before: [24, 2],
      email_available: true,
    });
    expect(settings.line_available).toBe(false);
  });

  it('e-mail needs an address, LINE a LINE sign-in; bad times get field errors', async () => {
    const token = await player();
    const line = await api<{ errors: Record<string, string[]> }>('PUT', '/api/user/reminders', {
      token,
      body: { email: true, line: true, hours_before: [24, 2] },
    });
    expect(line.status).toBe(422);
    expect(line.body.errors['line']?.[0]).toContain('LINEでログイン');
    const hours = await api<{ errors: Record<string, string[]> }>('PUT', '/api/user/reminders', {
      token,
      body: { email: true, line: false, hours_before: [5] },
    });
    expect(hours.status).toBe(422);
    expect(Object.keys(hours.body.errors)).toEqual(['hours_before.0']);
    const saved = await api('PUT', '/api/user/reminders', {
      token,
      body: { email: true, line: false, hours_before: [24, 2, 1] },
    });
    expect(saved.status).toBe(200);

    const lineToken = await linePlayer();
    const linked = await api('PUT', '/api/user/reminders', {
      token: lineToken,
      body: { email: false, line: true, hours_before: [2] },
    });
    expect(linked.status).toBe(200);
    expect((await reminderRepository.get('line_ureminder'))?.line_user_id).toBe('Ureminder');
  });

  it('LINE reaches a player who signs in with LINE Login: the LINE account linked to them', async () => {
    // The API's own LINE sign-in: a user of the pool's own, the LINE account on the player's record.
    await userRepository.createUserIfAbsent({
      ...newPlayer('line-login-player', new Date(), {
        status: 'complete',
        is_accepted_policy: true,
        is_registed_email: true,
      }),
      social_logins: [{ provider: 'line', subject: 'Ulinelogin' }],
    });
    const token = (await signLocalAccessToken({ sub: 'line-login-player' })).token;
    const view = reminderSettingsViewSchema.parse((await api('GET', '/api/user/reminders', { token })).body);
    expect(view.line_available).toBe(true);
    const linked = await api('PUT', '/api/user/reminders', {
      token,
      body: { email: false, line: true, hours_before: [2] },
    });
    expect(linked.status).toBe(200);
    expect((await reminderRepository.get('line-login-player'))?.line_user_id).toBe('Ulinelogin');
  });
});

describe('sending reminders', () => {
  it('sends each reminder time once per channel before the deadline, with the round link and an unsubscribe', async () => {
    const { current, open, deadline, at } = await openRound();
    await reminderRepository.setLastRun(at(3).toISOString());

    const first = reminderRunResultSchema.parse(await sendDueReminders(at(1.5)));
    expect(first.rounds).toContainEqual({
      game_global_id: current.game_global_id,
      round: open.round,
      hours_before: [2],
    });
    const mails = (await listOutbox(email)).filter((m) => m.subject.includes(current.tournament_name));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/schedule/round/${open.round}`);
    expect(mails[0]!.text).toMatch(
      /配信停止（ワンクリック）: http:\/\/[^\s]+\/reminders\/unsubscribe\/[\w-]+/,
    );
    const lines = (await listLineOutbox()).filter((m) => m.to === 'Ureminder');
    expect(lines).toHaveLength(1);

    // Run again at the same instant, and again from an earlier last run: nothing twice.
    expect((await sendDueReminders(at(1.5))).rounds).toEqual([]);
    await reminderRepository.setLastRun(at(3).toISOString());
    await sendDueReminders(at(1.5));
    expect((await listOutbox(email)).filter((m) => m.subject.includes(current.tournament_name))).toHaveLength(
      1,
    );
    expect((await listLineOutbox()).filter((m) => m.to === 'Ureminder')).toHaveLength(1);

    // The next reminder time the e-mail player chose; the LINE player chose 2 hours only.
    await sendDueReminders(at(0.5));
    expect((await listOutbox(email)).filter((m) => m.subject.includes(current.tournament_name))).toHaveLength(
      2,
    );
    expect((await listLineOutbox()).filter((m) => m.to === 'Ureminder')).toHaveLength(1);

    // Never after the deadline.
    await reminderRepository.setLastRun(at(3).toISOString());
    const late = await sendDueReminders(new Date(deadline + 60_000));
    expect(
      late.rounds.filter((r) => r.game_global_id === current.game_global_id && r.round === open.round),
    ).toEqual([]);
  });

  it('the operators run it by hand; players may not', async () => {
    expect(
      (await api('POST', '/api/golf/ops/reminders/send', { token: await tokenFor('reminder-player') }))
        .status,
    ).toBe(403);
    const run = await api('POST', '/api/golf/ops/reminders/send', {
      token: await tokenFor('reminder-operator', ['operators']),
    });
    expect(run.status).toBe(200);
    expect(reminderRunResultSchema.parse(run.body).failed).toBe(0);
  });

  it('finding 5: the unsubscribe link is used up: both channels off, the old link a 404, the next mail a new link', async () => {
    const token = (await reminderRepository.get('reminder-player'))!.unsubscribe_token;
    expect((await api('POST', '/api/reminders/unsubscribe', { body: { token } })).status).toBe(200);
    const after = (await reminderRepository.get('reminder-player'))!;
    expect(after).toMatchObject({ email: false, line: false });
    expect(after.unsubscribe_token).not.toBe(token);
    expect(await reminderRepository.userOfToken(token)).toBeUndefined();
    expect(await reminderRepository.userOfToken(after.unsubscribe_token)).toBe('reminder-player');

    // The used link again: a 404 in the error shape, and nothing changes.
    const again = await api<{ code: string; message: string }>('POST', '/api/reminders/unsubscribe', {
      body: { token },
    });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'not_found', message: expect.stringContaining('使用済み') });
    expect((await reminderRepository.get('reminder-player'))!.unsubscribe_token).toBe(
      after.unsubscribe_token,
    );

    // Turned on again, the next reminder carries the new link, never the used one.
    expect(
      (
        await api('PUT', '/api/user/reminders', {
          token: await tokenFor('reminder-player'),
          body: { email: true, line: false, hours_before: [24, 2, 1] },
        })
      ).status,
    ).toBe(200);
    const { current, at } = await openRound();
    await reminderRepository.setLastRun(at(25).toISOString());
    await sendDueReminders(at(23.5));
    const next = (await listOutbox(email)).find(
      (m) => m.subject.includes(current.tournament_name) && m.sent_at === at(23.5).toISOString(),
    )!;
    expect(next.text).toContain(`/reminders/unsubscribe/${after.unsubscribe_token}`);
    expect(next.text).not.toContain(token);
  });

  it('finding 5: two uses of one link at once: one unsubscribes, the other is a 404', async () => {
    const token = (await reminderRepository.get('reminder-player'))!.unsubscribe_token;
    const answers = await Promise.all(
      [1, 2].map(() => api('POST', '/api/reminders/unsubscribe', { body: { token } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
  });

  it('finding 5: reminder mails carry List-Unsubscribe and List-Unsubscribe-Post, and a mail client’s one-click POST (RFC 8058) unsubscribes', async () => {
    const oneClickEmail = 'reminder-one-click@example.com';
    await userRepository.createUserIfAbsent(
      newPlayer('reminder-one-click', new Date(), {
        email: oneClickEmail,
        status: 'complete',
        is_accepted_policy: true,
        is_registed_email: true,
      }),
    );
    expect(
      (
        await api('PUT', '/api/user/reminders', {
          token: await tokenFor('reminder-one-click'),
          body: { email: true, line: false, hours_before: [24] },
        })
      ).status,
    ).toBe(200);
    const token = (await reminderRepository.get('reminder-one-click'))!.unsubscribe_token;
    const { current, at } = await openRound();
    await reminderRepository.setLastRun(at(25).toISOString());
    await sendDueReminders(at(23.5));
    const mail = (await listOutbox(oneClickEmail)).find((m) => m.subject.includes(current.tournament_name))!;
    const address = /^<(http[^>]+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    expect(new URL(address).pathname).toBe(`/api/reminders/unsubscribe/${token}`);
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const path = `/api/reminders/unsubscribe/${token}`;
    const form = (body: string, contentType = 'application/x-www-form-urlencoded') =>
      api<{ code: string; errors?: Record<string, string[]> }>('POST', path, {
        rawBody: body,
        headers: { 'content-type': contentType },
      });

    // The wrong ways: each a 4xx in the error shape, and the player still subscribed.
    const wrongValue = await form('List-Unsubscribe=Two-Clicks');
    expect(wrongValue.status).toBe(422);
    expect(Object.keys(wrongValue.body.errors!)).toEqual(['List-Unsubscribe']);
    expect((await form('')).status).toBe(422);
    expect((await form('List-Unsubscribe=One-Click&List-Unsubscribe=One-Click')).status).toBe(400);
    expect((await form('List-Unsubscribe=One-Click', 'text/plain')).status).toBe(415);
    expect((await api('POST', path, { body: { token } })).status).toBe(422);
    // Opened in a browser (a GET): sent to the page that asks for the click, and nothing changes.
    const opened = await fetch(baseUrl + path, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/reminders/unsubscribe/${token}`);
    expect((await fetch(`${baseUrl}/api/reminders/unsubscribe/x%20y`, { redirect: 'manual' })).status).toBe(
      422,
    );
    const unknown = await api<{ code: string }>('POST', `/api/reminders/unsubscribe/${'b'.repeat(32)}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    for (const malformed of ['short', 'x%20y'.repeat(8), 'a'.repeat(65)])
      expect(
        (
          await api('POST', `/api/reminders/unsubscribe/${malformed}`, {
            rawBody: 'List-Unsubscribe=One-Click',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
        ).status,
      ).toBe(422);
    expect(await reminderRepository.get('reminder-one-click')).toMatchObject({
      email: true,
      unsubscribe_token: token,
    });

    // What a mail provider sends: the exact form body, no cookie, no sign-in.
    const done = await form('List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded; charset=utf-8');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ unsubscribed: true });
    const after = (await reminderRepository.get('reminder-one-click'))!;
    expect(after).toMatchObject({ email: false, line: false });
    expect(after.unsubscribe_token).not.toBe(token);
    expect((await form('List-Unsubscribe=One-Click')).status).toBe(404);
  });

  it('an unknown link is a 404, a malformed one a 422', async () => {
    expect(
      (await api('POST', '/api/reminders/unsubscribe', { body: { token: 'a'.repeat(32) } })).status,
    ).toBe(404);
    expect((await api('POST', '/api/reminders/unsubscribe', { body: { token: 'x y' } })).status).toBe(422);
  });
});
