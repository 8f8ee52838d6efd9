import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app.js';

describe('the server shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers GET /api/health with the database up', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info.database.status).toBe('up');
  });

  it('answers an unknown /api route with a JSON 404, never the client page', async () => {
    const res = await request(t.server).get('/api/no-such-route').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/no-such-route', error: 'Not Found', code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400 that says so', async () => {
    const res = await request(t.server).post('/api/health').set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'The request body is not valid JSON', error: 'Bad Request', code: 'MALFORMED_JSON' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await request(t.server)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ blob: 'x'.repeat(9 * 1024 * 1024) }))
      .expect(413);
    expect(res.body.statusCode).toBe(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await request(t.server).get('/api/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the OpenAPI document at /api/docs-json', async () => {
    const res = await request(t.server).get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });
});
