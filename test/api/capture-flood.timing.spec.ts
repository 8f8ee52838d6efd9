import request from 'supertest';
import { fakeApplicant } from '../../server/fake-data/fake-applicant.js';
import { renderFakeDocument } from '../../server/fake-data/fake-documents.js';
import { dataUrl } from '../fixtures/images.js';
import { createOrganization, type TestOrganization } from '../fixtures/organizations.js';
import { widgetSession } from '../fixtures/verification.js';
import { CaptureSlots } from '../../server/kyc/capture-slots.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';
import { waitUntil } from '../support/wait.js';

const FLOOD_IP = '198.51.100.7';
const USER_IP = '203.0.113.50';
const FLOOD_SESSIONS = 4;
const UPLOADS_PER_SESSION = 4;

/**
 * Security finding 12: the photo checks at capture (measures, the pre-fill's reading) ran
 * on the capture threads first come, first served, with no bound: one address sending
 * uploads in parallel made every other end user's upload wait behind its whole queue.
 * One analysis thread here, as on a 2-core server.
 */
describe('capture analysis under a flood of uploads from one address (finding 12)', () => {
  let t: TestApp;
  let owner: TestUser;
  let org: TestOrganization;
  let passport: string;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', ANALYSIS_THREADS: '1' });
    owner = await createUser(t, { webhookUrl: 'https://hooks.example.test/kyc' });
    org = await createOrganization(t, owner);
    const now = new Date('2026-06-01T00:00:00Z');
    const document = await renderFakeDocument(fakeApplicant(1, { seed: 'document-reading', now }));
    passport = dataUrl('image/png', document.pages[0].png);
  });
  afterAll(() => t.close());

  const upload = (widget: { Authorization: string }, ip: string) =>
    request(t.server).post('/api/kyc/documents').set(widget).set('X-Forwarded-For', ip).send({ docType: 'PASSPORT', side: 'front', data: passport });

  it("another address's upload answers promptly while one address floods; the flood gets 429 CAPTURE_BUSY beyond its share", async () => {
    // A first reading starts the thread and its OCR engine (seconds), which a real server did long ago.
    const warm = await upload(await widgetSession(t.server, owner, org.id, 'warm-up'), '192.0.2.1').expect(200);
    expect(warm.body.readFromPhoto).toMatchObject({ docNumber: expect.any(String) });

    const floodWidgets = await Promise.all(Array.from({ length: FLOOD_SESSIONS }, (_, index) => widgetSession(t.server, owner, org.id, `flood-${index}`)));
    const userWidget = await widgetSession(t.server, owner, org.id, 'real-user');

    const flood = floodWidgets.flatMap((widget) => Array.from({ length: UPLOADS_PER_SESSION }, () => upload(widget, FLOOD_IP).then((res) => res)));
    // The flood holds its share and the rest of it waits before the real user comes.
    const slots = t.app.get(CaptureSlots);
    await waitUntil(() => (slots.waiting > 0 ? true : undefined), 10_000, "the flood's uploads beyond its share to wait");
    const started = performance.now();
    const user = await upload(userWidget, USER_IP);
    const userMs = performance.now() - started;
    const answers = await Promise.all(flood);

    expect(user.status).toBe(200);
    expect(user.body.images).toEqual(expect.arrayContaining([expect.objectContaining({ docType: 'PASSPORT', side: 'front' })]));
    // Unbounded, the real user waited behind all 16 readings of the flood (about 20 s on one thread);
    // shared out fairly it waits at most for the one reading running. A wide margin for a loaded machine.
    expect(userMs).toBeLessThan(6000);

    // The flood: its share answered (with or without the pre-fill, the photo kept), the rest refused with a retry time.
    const refused = answers.filter((res) => res.status === 429);
    const kept = answers.filter((res) => res.status === 200);
    expect(refused.length + kept.length).toBe(answers.length);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.body.code).toBe('CAPTURE_BUSY');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    for (const res of kept) expect(res.body.images).toEqual(expect.arrayContaining([expect.objectContaining({ docType: 'PASSPORT', side: 'front' })]));
  }, 120_000);
});
