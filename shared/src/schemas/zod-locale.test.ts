import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { passwordChangeBodySchema, profileFormSchema, registerBodySchema } from './account';
import { guildFormSchema } from './guild';
import { useJapaneseZodMessages } from './zod-locale';

useJapaneseZodMessages();

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('validation messages', () => {
  it('say in plain Japanese what each field needs, naming the field', () => {
    expect(
      messagesOf(registerBodySchema, { email: 'nope', password: 'short', password_confirmation: 'short' }),
    ).toEqual({
      email: 'メールアドレスは正しいメールアドレスの形式で入力してください。',
      password: 'パスワードは10文字以上で入力してください。',
    });
    expect(messagesOf(profileFormSchema.pick({ nickname: true }), { nickname: '' })).toEqual({
      nickname: 'ニックネームを入力してください。',
    });
    expect(messagesOf(guildFormSchema.pick({ name: true }), { name: '   ' })).toEqual({
      name: '名前を入力してください。',
    });
    expect(messagesOf(guildFormSchema.pick({ name: true }), { name: 'あ'.repeat(100) }).name).toMatch(
      /^名前は\d+文字以内で入力してください。$/,
    );
    expect(messagesOf(passwordChangeBodySchema, {}).current_password).toBe(
      '現在のパスワードを入力してください。',
    );
  });

  it("never show the library's type names, for any kind of issue", () => {
    const schema = z.object({
      round: z.number().int().min(1).max(4),
      deadline_at: z.iso.datetime({ offset: true }),
      picks: z.array(z.string()).min(1),
      kind: z.enum(['a', 'b']),
    });
    const messages = Object.values(
      messagesOf(schema, { round: Number('x'), deadline_at: 'tomorrow', picks: [], kind: 'c' }),
    );
    expect(messages).toEqual([
      'ラウンドは数字で入力してください。',
      '締め切りは日時の形式（例: 2026-12-03T08:30:00+09:00）で入力してください。',
      'この項目は1件以上にしてください。',
      'この項目は選択肢から選んでください。',
    ]);
    for (const message of messages) expect(message).not.toMatch(/string|number|NaN|期待|無効/);
    expect(messagesOf(schema.shape.round, 9)['']).toBe('この項目は4以下で入力してください。');
    expect(messagesOf(z.object({ round: z.number().int() }), { round: 1.5 }).round).toBe(
      'ラウンドは整数で入力してください。',
    );
  });
});
