import request from 'supertest';
import { DataSource } from 'typeorm';
import { AccuracyReport } from '../../server/admin/accuracy/accuracy-report.entity.js';
import { ApplicantImage } from '../../server/applicants/applicant-image.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { FaceBlocklistEntry } from '../../server/faces/face-blocklist-entry.entity.js';
import { FaceCrop } from '../../server/faces/face-crop.entity.js';
import { DEMO_PASSWORD } from '../../server/demo/demo.constants.js';
import { jpegImage, pngImage } from '../fixtures/images.js';
import { browser, sessionHeaders, signedIn, type TestAgent } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/users.js';

/**
 * Every API route, with the answer each kind of caller gets. The test fails when a
 * route exists that this table does not list, so no new route can skip the decision.
 *
 * Callers: a visitor; `owner`, a kyc user who owns the organization named in the paths;
 * an admin and a super-admin who are not members of it; a demo user; `outsider`, a
 * kyc user of another organization; and `apiKey`, the owner's API key (no cookie).
 * 'ok' means the caller got past access control (any answer but 401, 403 or 404 —
 * e.g. 400 for the empty bodies sent here). Every 403 of the API key must be
 * API_KEY_NOT_ALLOWED: keys reach only the routes marked @ApiKeyAllowed().
 */
type Outcome = 'ok' | 401 | 403 | 404;
type Caller = 'visitor' | 'owner' | 'admin' | 'superAdmin' | 'demo' | 'outsider' | 'apiKey';
type Access = Record<Caller, Outcome>;

const all = (outcome: Outcome): Access => ({
  visitor: outcome,
  owner: outcome,
  admin: outcome,
  superAdmin: outcome,
  demo: outcome,
  outsider: outcome,
  apiKey: outcome,
});
/** Signed in with a session; an API key is refused (the default for every route). */
const keyRefused = (access: Access): Access => ({ ...access, apiKey: 403 });
/** The integrator surface: the owner's API key gets what the owner's session gets. */
const forIntegrators = (access: Access): Access => ({ ...access, apiKey: access.owner });
const PUBLIC = all('ok');
const SIGNED_IN: Access = keyRefused({ ...all('ok'), visitor: 401 });
const NOT_DEMO: Access = { ...SIGNED_IN, demo: 403 };
const SUPER_ADMIN: Access = { ...all(403), visitor: 401, superAdmin: 'ok' };
const ADMINS: Access = { ...all(403), visitor: 401, admin: 'ok', superAdmin: 'ok' };
/** Tenancy: members and super-admins get in; everyone else gets the 404 of an unknown id. */
const MEMBERS: Access = { visitor: 401, owner: 'ok', superAdmin: 'ok', admin: 404, demo: 404, outsider: 404, apiKey: 403 };
/** Widget routes need a widget token (none is sent here): 401 'invalid-token' for everyone. */
const WIDGET = all(401);
/** A visitor without an account to find (e.g. someone else's webhook event id): the same 404 for all. */
const OWN_RECORDS: Access = { ...all(404), visitor: 401, apiKey: 403 };

const ACCESS: Record<string, Access> = {
  'GET /api/health': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs-json': PUBLIC,
  'GET /api/docs-yaml': PUBLIC,
  'GET /api/docs/': PUBLIC,
  'GET /api/docs/index.html': PUBLIC,
  // Swagger UI registers this route but its package ships no such file.
  'GET /api/docs/LICENSE': all(404),
  'GET /api/docs/swagger-ui-init.js': PUBLIC,
  'GET /api/docs/docs/swagger-ui-init.js': PUBLIC,
  'GET /api/images/default': PUBLIC,
  'GET /api/auth/password-policy': PUBLIC,
  'POST /api/auth/register': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/login/two-factor': PUBLIC,
  // Single sign-on: browser navigations that redirect (here to the sign-in page: no provider is configured).
  'GET /api/auth/oidc/providers': PUBLIC,
  'GET /api/auth/oidc/:provider/start': PUBLIC,
  'GET /api/auth/oidc/:provider/callback': PUBLIC,
  // Linking a single sign-on with the password: public (the browser is not signed in yet).
  'POST /api/auth/oidc/link': PUBLIC,
  'POST /api/auth/login/passkey/options': PUBLIC,
  'POST /api/auth/login/passkey': PUBLIC,
  // Public, but only after a right password: nobody here has a pending step (401 TWO_FACTOR_NOT_PENDING).
  'POST /api/auth/login/two-factor/passkey/options': all(401),
  'POST /api/auth/login/two-factor/passkey': PUBLIC,
  'POST /api/auth-emails/reset-password/start': PUBLIC,
  'POST /api/auth-emails/reset-password/reset': PUBLIC,
  'POST /api/auth-emails/confirm-email/confirm': PUBLIC,
  'POST /api/auth-emails/unlock-second-factor': PUBLIC,
  'POST /api/demo/register': PUBLIC,
  'GET /api/kyc/get-new-token': PUBLIC,
  'GET /api/kyc/status': PUBLIC,
  'POST /api/kyc/sumsub/webhook': { ...all(404) },
  'GET /api/kyc/session': WIDGET,
  'POST /api/kyc/documents': WIDGET,
  'PUT /api/kyc/personal-data': WIDGET,
  'POST /api/kyc/submit': WIDGET,
  'GET /api/kyc/sumsub/access-token': WIDGET,
  'POST /api/kyc/session-token': PUBLIC,

  'GET /api/users/me': forIntegrators(SIGNED_IN),
  'PUT /api/users': SIGNED_IN,
  'GET /api/users/me/preferences': SIGNED_IN,
  'PUT /api/users/me/preferences': SIGNED_IN,
  'GET /api/users/:id/image': SIGNED_IN,
  'POST /api/auth/change-email': NOT_DEMO,
  'POST /api/auth/change-password': SIGNED_IN,
  'POST /api/auth/reauthenticate': SIGNED_IN,
  'GET /api/auth/two-factor': SIGNED_IN,
  'POST /api/auth/two-factor/totp': NOT_DEMO,
  'POST /api/auth/two-factor/totp/confirm': NOT_DEMO,
  'DELETE /api/auth/two-factor/totp': SIGNED_IN,
  'GET /api/auth/passkeys': SIGNED_IN,
  'POST /api/auth/passkeys/options': NOT_DEMO,
  'POST /api/auth/passkeys': NOT_DEMO,
  // Another account's (or an unknown) passkey id: the same 404 for all.
  'DELETE /api/auth/passkeys/:id': OWN_RECORDS,
  'GET /api/auth/sessions': SIGNED_IN,
  'POST /api/auth/sessions/revoke-others': SIGNED_IN,
  // Another account's (or an unknown) session id: the same 404 for all.
  'DELETE /api/auth/sessions/:id': OWN_RECORDS,
  'POST /api/auth-emails/confirm-email/start': SIGNED_IN,
  'GET /api/organizations/owner-check': SIGNED_IN,
  'GET /api/invitations': SIGNED_IN,
  // Only the invitee answers an invitation (the organization's id is nobody's invitation).
  'POST /api/invitations/:id/accept': OWN_RECORDS,
  'POST /api/invitations/:id/decline': OWN_RECORDS,
  'GET /api/roles/:id': SIGNED_IN,
  'POST /api/projects': SIGNED_IN,
  'GET /api/projects': forIntegrators(SIGNED_IN),
  'GET /api/applicants': forIntegrators(SIGNED_IN),
  'GET /api/api-keys': NOT_DEMO,
  'POST /api/api-keys/regenerate': NOT_DEMO,
  'PUT /api/users/webhook': forIntegrators(SIGNED_IN),
  'PUT /api/users/redirect-url': forIntegrators(SIGNED_IN),
  'GET /api/webhooks/settings': SIGNED_IN,
  'POST /api/webhooks/secret/rotate': SIGNED_IN,
  'GET /api/webhooks/events': forIntegrators(SIGNED_IN),
  'GET /api/webhooks/events/:id/deliveries': forIntegrators(OWN_RECORDS),
  'POST /api/webhooks/events/:id/redeliver': OWN_RECORDS,
  'POST /api/webhooks/test': forIntegrators(SIGNED_IN),

  'GET /api/roles': ADMINS,
  'PUT /api/roles': SUPER_ADMIN,
  'POST /api/users/register-admin': SUPER_ADMIN,
  'GET /api/audit': SUPER_ADMIN,
  'GET /api/accuracy-reports/latest': SUPER_ADMIN,
  'GET /api/admin/face-models': SUPER_ADMIN,
  'GET /api/sanctions-lists/imports': SUPER_ADMIN,
  'POST /api/sanctions-lists/imports': SUPER_ADMIN,
  'GET /api/sanctions-lists/rescreens': SUPER_ADMIN,
  'GET /api/admin/two-factor-policy': SUPER_ADMIN,
  'PUT /api/admin/two-factor-policy': SUPER_ADMIN,

  'GET /api/get-new-token': MEMBERS,
  'GET /api/projects/:id': forIntegrators(MEMBERS),
  'GET /api/projects/:id/stats': forIntegrators(MEMBERS),
  'GET /api/projects/:id/activity': MEMBERS,
  'DELETE /api/projects/:id': MEMBERS,
  'POST /api/projects/:id/transfer-ownership': MEMBERS,
  'GET /api/projects/:id/members': MEMBERS,
  'DELETE /api/projects/:id/members/:userId': MEMBERS,
  'GET /api/projects/:id/invitations': MEMBERS,
  // Demo accounts never invite: refused before the organization is even looked up.
  'POST /api/projects/:id/invitations': { ...MEMBERS, demo: 403 },
  'DELETE /api/projects/:id/invitations/:invitationId': MEMBERS,
  'GET /api/projects/:id/applicants': forIntegrators(MEMBERS),
  'GET /api/projects/:id/applicants/:userId': forIntegrators(MEMBERS),
  // Erasure: the integrator's key may erase; a wrong confirmation is refused (400) after access control.
  'DELETE /api/projects/:id/applicants/:userId': forIntegrators(MEMBERS),
  'GET /api/projects/:id/applicants/:userId/erasures': forIntegrators(MEMBERS),
  // Legal hold and retention: staff only; placing a hold twice is a 409 past access control.
  'PUT /api/projects/:id/applicants/:userId/legal-hold': MEMBERS,
  'DELETE /api/projects/:id/applicants/:userId/legal-hold': MEMBERS,
  'PUT /api/projects/:id/retention-policy': MEMBERS,
  'POST /api/projects/:id/retention-policy/apply': MEMBERS,
  // The work queue: staff workflow, never for API keys.
  'GET /api/projects/:id/applicants/next': MEMBERS,
  'GET /api/projects/:id/applicants/export.csv': MEMBERS,
  'POST /api/projects/:id/applicants/next-unassigned': MEMBERS,
  'POST /api/projects/:id/applicants/:userId/assign': MEMBERS,
  'POST /api/projects/:id/applicants/:userId/unassign': MEMBERS,
  'POST /api/projects/:id/applicants/:userId/open': MEMBERS,
  'GET /api/projects/:id/tags': MEMBERS,
  'POST /api/projects/:id/tags': MEMBERS,
  // No such tag, view: past access control, the member gets the 404 of the id.
  'PATCH /api/projects/:id/tags/:tagId': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'DELETE /api/projects/:id/tags/:tagId': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'PUT /api/projects/:id/applicants/:userId/tags/:tagId': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'DELETE /api/projects/:id/applicants/:userId/tags/:tagId': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'GET /api/projects/:id/applicant-views': MEMBERS,
  'POST /api/projects/:id/applicant-views': MEMBERS,
  'DELETE /api/projects/:id/applicant-views/:viewId': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'GET /api/projects/:id/applicants/:userId/images/:imageId': forIntegrators(MEMBERS),
  // The face crops the checks' evidence names, and a blocklist entry's face: as the applicant's images (before the reset below removes them).
  'GET /api/projects/:id/applicants/:userId/face-crops/:cropId': forIntegrators(MEMBERS),
  'GET /api/projects/:id/face-blocklist/:entryId/crop': forIntegrators(MEMBERS),
  'PUT /api/projects/:id/applicants/:userId': MEMBERS,
  'POST /api/projects/:id/applicants/:userId/reset': MEMBERS,
  'POST /api/projects/:id/applicants/:userId/approve': MEMBERS,
  'POST /api/projects/:id/applicants/:userId/reject': MEMBERS,
  'POST /api/projects/:id/applicants/:userId/hold': MEMBERS,
  'GET /api/projects/:id/applicants/:userId/activity': forIntegrators(MEMBERS),
  'GET /api/projects/:id/applicants/:userId/checks': forIntegrators(MEMBERS),
  'POST /api/projects/:id/applicants/:userId/face-blocklist': MEMBERS,
  // Members get past access to the business rule's 404: the table's applicant has no face on the blocklist.
  'DELETE /api/projects/:id/applicants/:userId/face-blocklist': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'PUT /api/projects/:id/verification-settings': MEMBERS,
  'PUT /api/projects/:id/two-factor-requirement': MEMBERS,
  'GET /api/projects/:id/decision-labels': MEMBERS,
  'POST /api/projects/:id/decision-labels': MEMBERS,
  'PUT /api/projects/:id/decision-labels/:labelId': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'DELETE /api/projects/:id/decision-labels/:labelId': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'GET /api/projects/:id/review-settings': MEMBERS,
  'PUT /api/projects/:id/review-settings': MEMBERS,
  'GET /api/projects/:id/applicants/:userId/review': MEMBERS,
  'POST /api/projects/:id/applicants/:userId/decisions/:decisionId/undo': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'POST /api/projects/:id/applicants/:userId/pending-decision/:proposalId/confirm': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'POST /api/projects/:id/applicants/:userId/pending-decision/:proposalId/decline': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'POST /api/projects/:id/applicants/:userId/request-resubmission': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'GET /api/projects/:id/applicants/:userId/earlier-images/:imageId': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'GET /api/projects/:id/applicants/:userId/notes': MEMBERS,
  'POST /api/projects/:id/applicants/:userId/notes': MEMBERS,
  'PUT /api/projects/:id/applicants/:userId/notes/:noteId': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'DELETE /api/projects/:id/applicants/:userId/notes/:noteId': { ...MEMBERS, owner: 404, superAdmin: 404 },
  'GET /api/users/me/reviewer-preferences': SIGNED_IN,
  'PUT /api/users/me/reviewer-preferences': SIGNED_IN,
  'GET /api/projects/:id/verification-policy': forIntegrators(MEMBERS),
  'PUT /api/projects/:id/verification-policy': MEMBERS,
  // Members get past access to the business rule's 404: the table's applicant has no sanctions hit.
  'POST /api/projects/:id/applicants/:userId/screening-reviews': { ...MEMBERS, owner: 404, superAdmin: 404 },
  // Members get past access to the business rule's 409: no sanctions list is imported here.
  'POST /api/projects/:id/applicants/:userId/screening': MEMBERS,
  'POST /api/kyc/sessions': forIntegrators(MEMBERS),
  // A session id is checked against the caller's organizations like any other id.
  'DELETE /api/kyc/sessions/:id': forIntegrators({ ...all(404), visitor: 401 }),

  // Last: these end the caller's session (and delete a demo account).
  'DELETE /api/auth/delete': SIGNED_IN,
  'POST /api/auth/logout': PUBLIC,
};

/** Valid bodies where validation would otherwise answer 400 before tenancy can answer 404. */
const BODIES: Record<string, object | ((params: Record<string, string>) => object)> = {
  'POST /api/projects/:id/invitations': { usernameOrEmail: 'spare-member' },
  // Shaped right but refused by the rules (not the name, not a member): the organization survives.
  'DELETE /api/projects/:id': { confirmName: 'not the name' },
  'DELETE /api/projects/:id/applicants/:userId': { reason: 'Data subject request', confirmUserId: 'not the user' },
  'POST /api/projects/:id/transfer-ownership': { userId: '00000000-0000-4000-8000-000000000000' },
  'POST /api/kyc/sessions': (params) => ({ organizationId: params.id, userId: 'applicant-1' }),
  'PUT /api/projects/:id/verification-settings': { allowCompanyKeyLinks: true, redirectAllowList: [] },
  'PUT /api/projects/:id/applicants/:userId/legal-hold': { reason: 'Access check' },
  'DELETE /api/projects/:id/applicants/:userId/legal-hold': { reason: 'Access check' },
  'PUT /api/projects/:id/retention-policy': { imagesDays: null, identityDays: null, abandonedDays: null },
  'PUT /api/projects/:id/two-factor-requirement': { requireTwoFactor: false },
  'POST /api/projects/:id/applicants/:userId/reject': { reason: 'Blurred photo', rejectType: 'resubmission' },
  'POST /api/projects/:id/applicants/:userId/reset': { reason: 'Access check' },
  'POST /api/projects/:id/applicants/:userId/face-blocklist': { reason: 'Forged passport' },
  'PUT /api/projects/:id/verification-policy': {
    requiredChecks: ['document-read'],
    autoApprove: false,
    autoReject: false,
    faceMatchThreshold: null,
    screeningThreshold: 0.9,
  },
  'POST /api/projects/:id/applicants/:userId/screening-reviews': { hit: 'ofac-sdn:1', verdict: 'false-positive', note: 'Not this person' },
  'POST /api/projects/:id/decision-labels': { kind: 'reject', title: 'Access check', endUserText: 'Access check', code: 'ACCESS_CHECK' },
  'PUT /api/projects/:id/decision-labels/:labelId': { kind: 'reject', title: 'Access check', endUserText: 'Access check', code: 'ACCESS_CHECK_2' },
  'PUT /api/projects/:id/review-settings': { fourEyes: 'off' },
  'POST /api/projects/:id/applicants/:userId/request-resubmission': { step: 'selfie', labelId: '00000000-0000-4000-8000-000000000000' },
  'POST /api/projects/:id/applicants/:userId/notes': { text: 'Access check' },
  'PUT /api/projects/:id/applicants/:userId/notes/:noteId': { text: 'Access check' },
  'POST /api/projects/:id/tags': { name: 'VIP', color: 'blue' },
  'POST /api/projects/:id/applicant-views': { name: 'Mine', query: 'assignee=me' },
};

/** The application's own routes, as Express knows them (Swagger's and the client fallback included). */
function registeredRoutes(t: TestApp): string[] {
  const stack = (t.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router.stack;
  return stack
    .filter((layer) => layer.route && layer.route.path.startsWith('/api') && Object.keys(layer.route.methods).length < 5)
    .flatMap((layer) => Object.keys(layer.route!.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`));
}

describe('the access table', () => {
  let t: TestApp;
  const callers = {} as Record<Caller, TestAgent>;
  const params: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const owner = await createUser(t, { role: 'kyc', webhookUrl: 'https://hooks.example.test/kyc' });
    await request(t.server)
      .put('/api/users')
      .set(await sessionHeaders(t, owner))
      .send({ image: { hasImage: true, data: `data:image/png;base64,${pngImage().toString('base64')}` } })
      .expect(200);
    const outsider = await createUser(t, { role: 'kyc' });
    await createUser(t, { username: 'spare-member' });
    callers.visitor = browser(t);
    // A server's call: the key in the Authorization header, no cookie, no CSRF header.
    callers.apiKey = request.agent(t.server).set('Authorization', `Bearer ${owner.apiKey}`);
    callers.owner = await signedIn(t, owner);
    callers.admin = await signedIn(t, await createUser(t, { role: 'admin' }));
    callers.superAdmin = await signedIn(t, await createUser(t, { role: 'super-admin' }));
    callers.outsider = await signedIn(t, outsider);
    await callers.outsider.post('/api/projects').send({ name: 'Elsewhere Ltd' }).expect(201);
    const { email } = (await browser(t).post('/api/demo/register').expect(200)).body;
    callers.demo = browser(t);
    await callers.demo.post('/api/auth/login').send({ username: email, password: DEMO_PASSWORD }).expect(200);

    const organization = (await callers.owner.post('/api/projects').send({ name: 'Acme Bank' }).expect(201)).body;
    const ds = t.app.get(DataSource);
    const applicant = await ds.getRepository(Applicant).save({ organizationId: organization.id, userId: 'applicant-1', kycStatus: 'queued' });
    const image = await ds
      .getRepository(ApplicantImage)
      .save({ applicantId: applicant.id, docType: 'SELFIE', side: null, contentType: 'image/png', width: 2, height: 2, data: pngImage() });
    const crop = { id: '7a1c7d0e-0b4e-4d3f-9a51-3c6f0f1d2e3a', applicantId: applicant.id, faceOfApplicantId: applicant.id, data: jpegImage() };
    await ds.getRepository(FaceCrop).insert(crop);
    // An entry of an applicant removed since (the table's applicant stays off the blocklist).
    const entry = await ds.getRepository(FaceBlocklistEntry).save({
      organizationId: organization.id,
      applicantId: null,
      userId: 'gone-1',
      embedding: Buffer.alloc(16),
      crop: jpegImage(),
      reason: 'Access check',
      createdById: owner.user.id,
    });
    // A report for the super-admin's accuracy page (404 before the first).
    await ds.getRepository(AccuracyReport).save({
      report: {
        createdAt: new Date().toISOString(),
        exam: { split: 'exam', seed: 'icao-exam-2026-11', documentsPerFormat: 0, figures: [], secondsPerRead: { p50: null, p95: null } },
        production: { documents: 0, fields: [], from: null, to: null },
        models: [],
        lists: [],
        machine: { cpus: 2, loadAverage1m: 0, node: process.version },
      },
    });
    Object.assign(params, {
      id: organization.id,
      userId: 'applicant-1',
      imageId: image.id,
      ownerId: owner.user.id,
      cropId: crop.id,
      entryId: String(entry.id),
    });
    // A revocation changes something: the owner and the super-admin each revoke their own invitation.
    for (const caller of ['owner', 'superAdmin'] as const) {
      const invitation = await callers[caller]
        .post(`/api/projects/${organization.id}/invitations`)
        .send({ usernameOrEmail: `invitee-of-${caller}` })
        .expect(201);
      params[`invitationId:${caller}`] = invitation.body.id;
    }
  });
  afterAll(() => t.close());

  it('lists every route the server has, and nothing it does not have', () => {
    const routes = registeredRoutes(t);
    expect(routes.filter((route) => !(route in ACCESS)).sort()).toEqual([]);
    expect(
      Object.keys(ACCESS)
        .filter((route) => !routes.includes(route))
        .sort(),
    ).toEqual([]);
  });

  /**
   * The schemes the OpenAPI document declares, against the table: widget routes take a
   * widget token; a route every caller gets the same answer from takes no session (a
   * public route, perhaps with its own credential: the companyKey, a token in the query);
   * a visitor's 401 means a session, plus the API key where the key is let in.
   */
  it('declares in the OpenAPI document, for each operation, the credentials the table lets in', async () => {
    const document = (await browser(t).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    const drift: string[] = [];
    let compared = 0;
    for (const [route, access] of Object.entries(ACCESS)) {
      const [method, template] = route.split(' ');
      const operation = document.paths[template.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      if (!operation) continue; // the documentation's own routes and excluded endpoints
      compared++;
      const declared = (operation.security ?? []).map((requirement) => Object.keys(requirement).join('+')).sort();
      const sameForAll = new Set(Object.values(access)).size === 1;
      const expected =
        access === WIDGET
          ? [['widgetToken']]
          : sameForAll || access.visitor !== 401
            ? [[], ['companyKey'], ['widgetTokenQuery']]
            : [access.apiKey === 403 ? ['session'] : ['apiKey', 'session']];
      if (!expected.some((schemes) => JSON.stringify(schemes) === JSON.stringify(declared))) drift.push(`${route}: declares ${JSON.stringify(declared)}`);
    }
    expect(drift).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  });

  /** A webhook event id is nobody's; a user id is the owner's; every other :id is the owner's organization. */
  const pathParameter = (template: string, name: string, caller: Caller): string => {
    if (name === 'invitationId') return params[`invitationId:${caller === 'superAdmin' ? caller : 'owner'}`];
    if (template.startsWith('/api/webhooks/events')) return '00000000-0000-4000-8000-000000000000';
    if (template.startsWith('/api/users/')) return params.ownerId;
    if (template.startsWith('/api/roles/')) return 'kyc';
    if (name === 'provider') return 'acme';
    // The owner cannot be removed (409): the route is reached without changing anything.
    if (template.endsWith('/members/:userId') && name === 'userId') return params.ownerId;
    return params[name];
  };

  it('gives each caller the answer the table says, for every route', async () => {
    const mismatches: string[] = [];
    for (const [route, access] of Object.entries(ACCESS)) {
      const [method, template] = route.split(' ');
      for (const caller of Object.keys(access) as Caller[]) {
        const path = template.replace(/:(\w+)/g, (_, name: string) => pathParameter(template, name, caller));
        const query = template === '/api/get-new-token' ? `?organizationId=${params.id}&userId=applicant-1` : '';
        const body = BODIES[route];
        const res = await callers[caller][method.toLowerCase() as 'get'](path + query).send((typeof body === 'function' ? body(params) : body) ?? {});
        // The owner's regeneration replaces the key the apiKey caller holds: it takes the new one.
        if (route === 'POST /api/api-keys/regenerate' && caller === 'owner' && res.status === 200) {
          callers.apiKey = request.agent(t.server).set('Authorization', `Bearer ${res.body.apiKey}`);
        }
        const got = res.status;
        const expected = access[caller];
        const keyRefusal = caller === 'apiKey' && expected === 403;
        const pass =
          expected === 'ok' ? ![401, 403, 404].includes(got) && got < 500 : got === expected && (!keyRefusal || res.body?.code === 'API_KEY_NOT_ALLOWED');
        if (!pass) mismatches.push(`${route} as ${caller}: expected ${expected}, got ${got} ${JSON.stringify(res.body?.message ?? '')}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);
});
