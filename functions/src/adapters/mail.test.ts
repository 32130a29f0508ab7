import { describe, expect, it } from 'vitest';
import { sesEmail } from './mail';

const settings = { MAIL_FROM: 'no-reply@golf-dream.example', MAIL_CONFIGURATION_SET: '' };

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
    expect(input.Content?.Simple?.Subject).toEqual({ Data: '【締め切り2時間前】', Charset: 'UTF-8' });
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
});
