import { describe, expect, it } from 'vitest';
import { basicCredentials } from './basic-credentials';

const encoded = (text: string) => Buffer.from(text).toString('base64');

describe('Basic client credentials', () => {
  it('decodes the id and the secret, split at the first colon', () => {
    expect(basicCredentials(encoded('my%20app:s%3Acret:with:colons'))).toEqual({
      id: 'my app',
      secret: 's:cret:with:colons',
    });
    expect(basicCredentials(encoded('only-an-id'))).toEqual({ id: 'only-an-id', secret: '' });
  });

  it('answers null for a malformed escape in either part', () => {
    for (const text of ['%E0%A4%A:secret', 'id:%ZZ', 'id:secret%', '%:x'])
      expect(basicCredentials(encoded(text)), text).toBeNull();
  });
});
