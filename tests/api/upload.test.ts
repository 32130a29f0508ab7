import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { myGuildSchema, ownedGuildSchema } from '../../shared/src/schemas/guild';
import { api, baseUrl, tokenFor } from './support/api';
import { pngSignature, realPng } from './support/images';
import { attachedUrl, expectStoredImage, postToS3, presign } from './support/uploads';

interface ErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

resetConfig();
const run = Date.now().toString(36);
let counter = 0;
async function newUser() {
  const id = `guild-test-upload-${run}-${++counter}`;
  return { id, token: await tokenFor(id) };
}

const png = pngSignature;
const bucket = () => process.env['UPLOADS_BUCKET']!;
const s3 = () => new S3Client({ forcePathStyle: true });
const putObject = (key: string, body: Buffer, contentType: string) =>
  s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));

const guildForm = { name: '画像ギルド', comment: '', entry_type: 1, is_public: true };

async function mine(token: string) {
  return myGuildSchema.parse((await api('GET', '/api/golf/guild/mine', { token })).body).guild;
}

async function multipart(
  path: string,
  token: string,
  fields: Record<string, string>,
  file?: Buffer,
  type = 'image/png',
) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('guild_img', new Blob([file], { type }), 'guild.png');
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: data,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('presigned uploads', () => {
  it('signs a POST limited to the caller prefix, an image type and 5 MB', async () => {
    const user = await newUser();
    const upload = await presign(user.token, 'image/webp', 'profile');
    expect(upload.key).toMatch(new RegExp(`^uploads/profile/${user.id}/[0-9A-Z]{26}\\.webp$`));
    expect(upload.fields['key']).toBe(upload.key);
    expect(upload.fields['Content-Type']).toBe('image/webp');
    const policy = JSON.parse(Buffer.from(upload.fields['Policy']!, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 5 * 1024 * 1024]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/webp']);
    expect(policy.conditions).toContainEqual({ key: upload.key });

    for (const body of [
      { purpose: 'guild', content_type: 'image/gif' },
      { purpose: 'avatar', content_type: 'image/png' },
      {},
    ]) {
      const refused = await api<ErrorBody>('POST', '/api/uploads/presign', { token: user.token, body });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors ?? {}).length).toBeGreaterThan(0);
    }
  });

  it('creates a guild with an image uploaded to S3 and serves it from the public URL', async () => {
    const user = await newUser();
    const upload = await presign(user.token);
    const posted = await postToS3(upload, await realPng(), 'image/png');
    expect(posted.status).toBeLessThan(300);
    const created = await api('POST', '/api/golf/guild/create', {
      token: user.token,
      body: { ...guildForm, guild_img_key: upload.key },
    });
    expect(created.status).toBe(200);
    const guild = ownedGuildSchema.parse(created.body);
    // Attached: re-encoded and copied to a key no presigned POST reaches.
    expect(guild.image_url).toMatch(attachedUrl('guild', user.id));
    expect(guild.image_type).toBe(2);
    await expectStoredImage(guild.image_url!);

    // Sending the same presigned POST again changes the upload, never the attached image.
    const served = Buffer.from(await (await fetch(guild.image_url!)).arrayBuffer());
    const again = await postToS3(upload, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(again.status).toBeLessThan(300);
    expect(Buffer.from(await (await fetch(guild.image_url!)).arrayBuffer())).toEqual(served);

    // The spec's field name carries the key as well; image_type 1 clears the image.
    const second = await presign(user.token);
    await postToS3(second, await realPng(300, 900), 'image/png');
    const updated = await api('POST', `/api/golf/guild/manage/${guild.guild_id}/update`, {
      token: user.token,
      body: { ...guildForm, guild_img: second.key },
    });
    const secondUrl = ownedGuildSchema.parse(updated.body).image_url!;
    expect(secondUrl).toMatch(attachedUrl('guild', user.id));
    expect(secondUrl).not.toBe(guild.image_url);
    const kept = await api('POST', `/api/golf/guild/manage/${guild.guild_id}/update`, {
      token: user.token,
      body: { ...guildForm, name: '名前だけ変更' },
    });
    expect(ownedGuildSchema.parse(kept.body).image_url).toBe(secondUrl);
    const cleared = await api('POST', `/api/golf/guild/manage/${guild.guild_id}/update`, {
      token: user.token,
      body: { ...guildForm, image_type: 1 },
    });
    expect(ownedGuildSchema.parse(cleared.body)).toMatchObject({ image_url: null, image_type: 1 });
  });

  it('refuses oversized, wrong-type, missing and foreign objects, storing nothing', async () => {
    const user = await newUser();
    const other = await newUser();
    const prefix = `uploads/guild/${user.id}/`;
    await putObject(`${prefix}big.png`, png(5 * 1024 * 1024 + 1), 'image/png');
    await putObject(`${prefix}text.txt`, Buffer.from('hello'), 'text/plain');
    await putObject(`${prefix}fake.png`, Buffer.from('not really a png file'), 'image/png');
    const polyglot = Buffer.concat([png(8), Buffer.from('<html><script>alert(1)</script></html>')]);
    await putObject(`${prefix}polyglot.png`, polyglot, 'image/png');
    await putObject(`uploads/guild/${other.id}/theirs.png`, png(), 'image/png');
    const cases: Array<[string, string]> = [
      [`${prefix}big.png`, '5MB'],
      [`${prefix}text.txt`, 'JPEG'],
      [`${prefix}fake.png`, 'JPEG'],
      [`${prefix}polyglot.png`, 'JPEG'],
      [`${prefix}missing.png`, '見つかりません'],
      [`uploads/guild/${other.id}/theirs.png`, 'アップロードした画像'],
      [`uploads/guild/${user.id}/../${other.id}/theirs.png`, 'アップロードした画像'],
    ];
    for (const path of ['/api/golf/guild/confirm', '/api/golf/guild/create']) {
      for (const [key, text] of cases) {
        const result = await api<ErrorBody>('POST', path, {
          token: user.token,
          body: { ...guildForm, guild_img_key: key },
        });
        expect(result.status, key).toBe(422);
        expect(result.body.errors?.['guild_img_key']?.[0]).toContain(text);
      }
    }
    expect(await mine(user.token)).toBeNull();
  });

  it('refuses an oversized or mistyped presigned POST at S3 or, failing that, at the object check', async () => {
    const user = await newUser();
    const upload = await presign(user.token);
    const oversized = await postToS3(upload, png(5 * 1024 * 1024 + 1), 'image/png');
    const mistyped = await presign(user.token);
    const wrongType = { ...mistyped, fields: { ...mistyped.fields, 'Content-Type': 'text/html' } };
    const typed = await postToS3(wrongType, Buffer.from('<html></html>'), 'text/html');
    for (const [posted, key] of [
      [oversized, upload.key],
      [typed, mistyped.key],
    ] as const) {
      if (posted.status < 300) {
        // s3rver does not enforce every policy condition; S3 does. The object check is the backstop.
        const result = await api<ErrorBody>('POST', '/api/golf/guild/create', {
          token: user.token,
          body: { ...guildForm, guild_img_key: key },
        });
        expect(result.status).toBe(422);
      } else {
        expect(posted.status).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await mine(user.token)).toBeNull();
  });
});

describe('multipart guild images', () => {
  it('accepts a multipart image file and refuses wrong types and oversized files', async () => {
    const user = await newUser();
    const fields = { name: 'マルチパート', comment: 'テスト', entry_type: '2', is_public: 'false' };
    const notImage = await multipart(
      '/api/golf/guild/create',
      user.token,
      fields,
      Buffer.from('%PDF-1.4'),
      'image/png',
    );
    expect(notImage.status).toBe(422);
    expect((notImage.body as ErrorBody).errors?.['guild_img']).toBeDefined();
    const big = await multipart('/api/golf/guild/create', user.token, fields, png(5 * 1024 * 1024 + 10));
    expect(big.status).toBe(422);
    const badField = await multipart(
      '/api/golf/guild/create',
      user.token,
      { ...fields, entry_type: '9' },
      png(),
    );
    expect(badField.status).toBe(422);
    expect((badField.body as ErrorBody).errors?.['entry_type']).toBeDefined();
    expect(await mine(user.token)).toBeNull();

    const polyglot = Buffer.concat([png(8), Buffer.from('<html><body>hello</body></html>')]);
    expect((await multipart('/api/golf/guild/confirm', user.token, fields, polyglot)).status).toBe(422);
    const confirmed = await multipart('/api/golf/guild/confirm', user.token, fields, await realPng());
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      name: 'マルチパート',
      entry_type: 2,
      is_public: false,
      image_type: 2,
    });
    expect(await mine(user.token)).toBeNull();

    const created = await multipart('/api/golf/guild/create', user.token, fields, await realPng());
    expect(created.status).toBe(200);
    const guild = ownedGuildSchema.parse(created.body);
    expect(guild).toMatchObject({
      name: 'マルチパート',
      entry_type: 2,
      is_public: false,
      number_of_member: 1,
    });
    expect(guild.image_url).toMatch(attachedUrl('guild', user.id));
    await expectStoredImage(guild.image_url!);

    const updated = await multipart(`/api/golf/guild/manage/${guild.guild_id}/update`, user.token, {
      ...fields,
      name: '更新済み',
    });
    expect(updated.status).toBe(200);
    expect(ownedGuildSchema.parse(updated.body)).toMatchObject({
      name: '更新済み',
      image_url: guild.image_url,
    });
  });
});
