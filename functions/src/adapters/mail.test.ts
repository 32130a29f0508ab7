import { describe, expect, it } from 'vitest';
import { reminderText } from '@golf/shared/game/reminders';
import { encodedHeaderText, sesEmail } from './mail';

const settings = { MAIL_FROM: 'no-reply@golf-dream.example', MAIL_CONFIGURATION_SET: '' };

/** What a mail reader shows of a header's text: its encoded-words decoded, the space between two dropped. */
const decoded = (text: string) =>
  text
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=/g, (_, base64: string) =>
      Buffer.from(base64, 'base64').toString('utf8'),
    );

describe('the SES v2 request of a mail', () => {
  it('finding 5: carries the mail’s List-Unsubscribe headers in Content.Simple.Headers', () => {
    const input = sesEmail(
      {
        to: 'player@example.com',
        subject: '【締め切り2時間前】',
        text: '本文',
        headers: {
          'List-Unsubscribe': '<https://golf-dream.example/api/reminders/unsubscribe/abcdefghijklmnop>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
      settings,
    );
    expect(input.Content?.Simple?.Headers).toEqual([
      {
        Name: 'List-Unsubscribe',
        Value: '<https://golf-dream.example/api/reminders/unsubscribe/abcdefghijklmnop>',
      },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
    expect(input.Content?.Simple?.Subject).toEqual({
      Data: encodedHeaderText('【締め切り2時間前】'),
      Charset: 'UTF-8',
    });
    expect(decoded(input.Content!.Simple!.Subject!.Data!)).toBe('【締め切り2時間前】');
    expect(input).not.toHaveProperty('ConfigurationSetName');
  });

  it('adds no header field to a mail without any, and names the configuration set when there is one', () => {
    const input = sesEmail(
      { to: 'player@example.com', subject: '件名', text: '本文' },
      { ...settings, MAIL_CONFIGURATION_SET: 'golf-mail' },
    );
    expect(input.Content?.Simple).not.toHaveProperty('Headers');
    expect(input.ConfigurationSetName).toBe('golf-mail');
  });

  it('tournament names with CR/LF never reach a mail header', () => {
    const printableAscii = /^[\u0020-\u007e]*$/;
    for (const tournamentName of [
      '全英オープン\r\nBcc: attacker@example.com',
      'The Open\r\nBcc: attacker@example.com\r\n\r\nbody',
      'Open\nX-Injected: 1\u0085\u2028',
    ]) {
      const message = reminderText({
        reason: 'no_team',
        tournamentName,
        round: 1,
        deadlineText: '7月1日 6:00',
        roundUrl: 'https://golf-dream.example/schedule/round/1',
        unsubscribeUrl: 'https://golf-dream.example/reminders/unsubscribe/abcdefghijklmnop',
      });
      const input = sesEmail({ to: 'player@example.com', ...message }, settings);
      const subject = input.Content!.Simple!.Subject!.Data!;
      // One line of printable ASCII, words of at most 75 characters, which read back as one line.
      expect(subject).toMatch(printableAscii);
      for (const word of subject.split(' ')) expect(word.length).toBeLessThanOrEqual(75);
      expect(decoded(subject)).not.toMatch(/[\r\n\u0085\u2028]/);
      expect(decoded(subject)).toContain(tournamentName.split(/[\r\n]/)[0]);
      expect(input.Content?.Simple).not.toHaveProperty('Headers');
    }
    // An ASCII subject stays as it is, on one line.
    expect(encodedHeaderText('Masters\r\nBcc: attacker@example.com')).toBe(
      'Masters Bcc: attacker@example.com',
    );
    // A header field or an address that could start another header is refused, never sent.
    expect(() =>
      sesEmail({ to: 'p@example.com', subject: 's', text: 't', headers: { 'X-A': 'a\r\nBcc: b' } }, settings),
    ).toThrow();
    expect(() =>
      sesEmail({ to: 'p@example.com\r\nBcc: b@example.com', subject: 's', text: 't' }, settings),
    ).toThrow();
  });

  it('encodes a long Japanese subject in whole characters and reads back the same', () => {
    const subject = '【ゴルフドリームチーム】締め切りが近づいています🏌️‍♂️'.repeat(4);
    const encoded = encodedHeaderText(subject);
    for (const word of encoded.split(' ')) expect(word).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]{1,60}\?=$/);
    expect(decoded(encoded)).toBe(subject);
  });
});
