import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { UserImage } from '../../server/users/user-image.entity.js';
import { browser, signedIn, sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/users.js';
import { dataUrl, documentPhoto, pngHeaderOnly, pngImage } from '../fixtures/images.js';
import { waitUntil } from '../support/wait.js';

const TOO_LARGE = 'Uploaded file is too large! Max file size is: 5MB';
const NOT_AN_IMAGE = 'Uploaded file must be a JPEG, PNG or WebP image';

describe('the signed-in user: GET /users/me, PUT /users and pictures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('GET /users/me', () => {
    it('answers the user DTO, and nothing else, to a session', async () => {
      const account = await createUser(t, { webhookUrl: 'https://hooks.example.com/kyc', redirectUrl: 'https://example.com/done' });
      const agent = await signedIn(t, account);
      const res = await agent.get('/api/users/me').expect(200);
      expect(res.body).toEqual({
        id: account.user.id,
        username: account.user.username,
        email: account.user.email,
        image: { url: '/api/images/default', hasImage: false },
        isDemo: false,
        isConfirmed: true,
        role: 'kyc',
        webhook: 'https://hooks.example.com/kyc',
        redirectUrl: 'https://example.com/done',
        permissions: expect.arrayContaining([{ resource: 'applicants', actions: ['read', 'update', 'delete'] }]),
      });
    });

    it('answers to `Authorization: Bearer <API key>`', async () => {
      const account = await createUser(t);
      const res = await request(t.server).get('/api/users/me').set(account.auth).expect(200);
      expect(res.body.id).toBe(account.user.id);
      await request(t.server).get('/api/users/me').set('Authorization', 'Bearer kyc_sk_not-a-real-key').expect(401);
    });

    it('answers 401 to a visitor', async () => {
      await request(t.server).get('/api/users/me').expect(401);
    });
  });

  describe('PUT /users', () => {
    it('renames the user and answers the updated DTO', async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      const username = `renamed_${account.user.id.slice(0, 8)}`;
      const res = await agent.put('/api/users').send({ username }).expect(200);
      expect(res.body).toMatchObject({ id: account.user.id, username });
      await browser(t).post('/api/auth/login').send({ username, password: account.password }).expect(200);
    });

    it('refuses a username another account has (409) or an invalid one (400)', async () => {
      const account = await createUser(t);
      const other = await createUser(t);
      const agent = await signedIn(t, account);
      const taken = await agent.put('/api/users').send({ username: other.user.username.toUpperCase() }).expect(409);
      expect(taken.body.message).toBe('This username is already taken');
      await agent.put('/api/users').send({ username: 'has@sign' }).expect(400);
      await agent.put('/api/users').send({ username: 'ab' }).expect(400);
    });

    it("locks a demo account's username ('Disabled in demo') but lets it send its current one", async () => {
      const demo = await createUser(t, { isDemo: true });
      const agent = await signedIn(t, demo);
      const res = await agent
        .put('/api/users')
        .send({ username: `demo_${demo.user.id.slice(0, 6)}` })
        .expect(403);
      expect(res.body.message).toBe('Disabled in demo');
      await agent
        .put('/api/users')
        .send({ username: demo.user.username, image: { hasImage: true, data: dataUrl('image/png', pngImage()) } })
        .expect(200);
    });

    it('stores a PNG picture, serves it to signed-in users with its content type, and removes it on hasImage false', async () => {
      const account = await createUser(t);
      const viewer = await createUser(t);
      const agent = await signedIn(t, account);
      const png = pngImage(3, 3);
      const res = await agent
        .put('/api/users')
        .send({ image: { hasImage: true, data: dataUrl('image/png', png) } })
        .expect(200);
      expect(res.body.image).toEqual({ url: expect.stringMatching(new RegExp(`^/api/users/${account.user.id}/image\\?v=\\w+$`)), hasImage: true });

      const picture = await request(t.server)
        .get(res.body.image.url)
        .set(await sessionHeaders(t, viewer))
        .buffer(true)
        .expect(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(picture.body as Buffer, png)).toBe(0);
      await request(t.server)
        .get(res.body.image.url)
        .set(await sessionHeaders(t, viewer))
        .set('If-None-Match', picture.headers.etag)
        .expect(304);
      await request(t.server).get(res.body.image.url).expect(401);

      // A replaced picture gets a new address, so no browser cache shows the old one.
      // The address carries the update's millisecond: the replacement is saved on a later one.
      const firstSaved = Date.now();
      await waitUntil(() => (Date.now() > firstSaved ? true : undefined));
      const replaced = await agent
        .put('/api/users')
        .send({ image: { hasImage: true, data: dataUrl('image/png', pngImage(4, 4)) } })
        .expect(200);
      expect(replaced.body.image.url).not.toBe(res.body.image.url);

      const removed = await agent
        .put('/api/users')
        .send({ image: { hasImage: false } })
        .expect(200);
      expect(removed.body.image).toEqual({ url: '/api/images/default', hasImage: false });
      await request(t.server)
        .get(res.body.image.url)
        .set(await sessionHeaders(t, viewer))
        .expect(404);
      expect(await t.app.get(DataSource).getRepository(UserImage).existsBy({ userId: account.user.id })).toBe(false);
    });

    it('identifies JPEG and WebP by their bytes, whatever type the data URL declares', async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      await agent
        .put('/api/users')
        .send({ image: { hasImage: true, data: dataUrl('image/png', await sharp(pngImage(3, 2)).jpeg().toBuffer()) } })
        .expect(200);
      const jpeg = await request(t.server)
        .get(`/api/users/${account.user.id}/image`)
        .set(await sessionHeaders(t, account))
        .expect(200);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      await agent
        .put('/api/users')
        .send({ image: { hasImage: true, data: dataUrl('application/octet-stream', await sharp(pngImage(4, 5)).webp({ lossless: true }).toBuffer()) } })
        .expect(200);
      const webp = await request(t.server)
        .get(`/api/users/${account.user.id}/image`)
        .set(await sessionHeaders(t, account))
        .expect(200);
      expect(webp.headers['content-type']).toBe('image/webp');
    });

    it('refuses a damaged picture with 422 PICTURE_DAMAGED (security review, low)', async () => {
      const agent = await signedIn(t, await createUser(t));
      const jpeg = await sharp(documentPhoto()).jpeg().toBuffer();
      const res = await agent
        .put('/api/users')
        .send({ image: { hasImage: true, data: dataUrl('image/jpeg', jpeg.subarray(0, Math.floor(jpeg.length * 0.9))) } })
        .expect(422);
      expect(res.body.code).toBe('PICTURE_DAMAGED');
    });

    it('refuses a file named .png whose bytes are not an image', async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      const res = await agent
        .put('/api/users')
        .send({ image: { hasImage: true, data: dataUrl('image/png', html) } })
        .expect(400);
      expect(res.body.message).toBe(NOT_AN_IMAGE);
      const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
      await agent
        .put('/api/users')
        .send({ image: { hasImage: true, data: dataUrl('image/gif', gif) } })
        .expect(400);
      await agent
        .put('/api/users')
        .send({ image: { hasImage: true, data: 'https://example.com/me.png' } })
        .expect(400);
      expect((await agent.get('/api/users/me').expect(200)).body.image.hasImage).toBe(false);
    });

    it('refuses a picture over 5 MB', async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      const big = Buffer.concat([pngImage(), Buffer.alloc(5 * 1024 * 1024 + 1 - pngImage().length)]);
      const res = await agent
        .put('/api/users')
        .send({ image: { hasImage: true, data: dataUrl('image/png', big) } })
        .expect(400);
      expect(res.body.message).toBe(TOO_LARGE);
      const exactly = Buffer.concat([pngImage(), Buffer.alloc(5 * 1024 * 1024 - pngImage().length)]);
      await agent
        .put('/api/users')
        .send({ image: { hasImage: true, data: dataUrl('image/png', exactly) } })
        .expect(200);
    });

    it('refuses a picture of more than 50 megapixels (a decompression bomb)', async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      const res = await agent
        .put('/api/users')
        .send({ image: { hasImage: true, data: dataUrl('image/png', pngHeaderOnly(10_000, 10_000)) } })
        .expect(400);
      expect(res.body.message).toMatch(/megapixels/);
    });

    it('needs a signed-in caller', async () => {
      await browser(t).put('/api/users').send({ username: 'nobody' }).expect(401);
    });
  });

  it('serves the default avatar to anyone at GET /images/default', async () => {
    const res = await request(t.server).get('/api/images/default').buffer(true).expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(String(res.body)).toContain('<svg');
  });

  it('answers 400 for a picture id that is not a UUID', async () => {
    const account = await createUser(t);
    await request(t.server)
      .get('/api/users/not-a-uuid/image')
      .set(await sessionHeaders(t, account))
      .expect(400);
  });
});
