import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApplicantCheck, type CheckVerdict } from '../../server/applicants/applicant-check.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { WebhookEvent } from '../../server/webhooks/webhook-event.entity.js';
import { addMember, createOrganization, seedApplicants, type TestOrganization } from '../fixtures/organizations.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

type Check = { name: string; verdict: CheckVerdict; detail?: string; evidence?: Record<string, unknown> };

const PASSED: Check[] = ['document-read', 'data-matches-document', 'face-match', 'liveness', 'duplicate-face', 'sanctions-screening', 'adult'].map((name) => ({
  name,
  verdict: 'passed',
}));
const TRUE_MATCH: Check = {
  name: 'sanctions-screening',
  verdict: 'failed',
  detail: 'Confirmed sanctions match: IVANOV Petr (test-list:42)',
  evidence: { hits: [{ key: 'test-list:42', review: { verdict: 'true-match' } }] },
};

/**
 * Risk-aware approval (issue 36, part 1): approving past a failed or doubtful check, a
 * sanctions hit, a duplicate or blocklisted face, or a document or injection signal takes a
 * written override reason, kept in the audit entry and the webhook's data.decision; the
 * policy may ask a second reviewer for it. Before this, the same approve call went through
 * with nothing said.
 */
describe('approving past risks', () => {
  let t: TestApp;
  let owner: TestUser;
  let reviewer: TestUser;
  let org: TestOrganization;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestApp({ DECISION_UNDO_WINDOW_SECONDS: '0', ALLOW_PRIVATE_WEBHOOKS: 'true' });
    receiver = await startWebhookReceiver();
    owner = await createUser(t);
    await request(t.server)
      .put('/api/users/webhook')
      .set(await sessionHeaders(t, owner))
      .send({ webhook: receiver.url })
      .expect(200);
    reviewer = await createUser(t);
    org = await createOrganization(t, owner);
    await addMember(t, owner, org.id, reviewer);
  }, 60_000);
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const ds = () => t.app.get(DataSource);
  const base = (userId: string) => `/api/projects/${org.id}/applicants/${userId}`;
  const as = (account: TestUser) => sessionHeaders(t, account);
  const applicant = (userId: string) => ds().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });

  /** A queued applicant whose analyses recorded these checks (the rest passed). */
  async function queuedWith(userId: string, checks: Check[]): Promise<Applicant> {
    await seedApplicants(t, org.id, [{ userId, kycStatus: 'queued', reviewAnswer: null }], { seed: userId });
    const row = await applicant(userId);
    const named = new Set(checks.map((check) => check.name));
    const all = [...PASSED.filter((check) => !named.has(check.name)), ...checks];
    await ds().getRepository(ApplicantCheck).delete({ applicantId: row.id });
    const repository = ds().getRepository(ApplicantCheck);
    await repository.save(
      all.map((check) =>
        repository.create({ applicantId: row.id, score: null, detail: check.detail ?? `${check.name} ${check.verdict}`, evidence: null, ...check }),
      ),
    );
    return row;
  }
  const reviewState = async (userId: string, account = reviewer) =>
    (
      await request(t.server)
        .get(`${base(userId)}/review`)
        .set(await as(account))
        .expect(200)
    ).body as {
      risk: { level: string; risks: { code: string; check: string; severity: string }[]; secondReviewerForOverrides: boolean };
      pendingDecision: { id: string } | null;
    };
  const decidedHook = async (userId: string) => {
    const events = await ds().getRepository(WebhookEvent).findBy({ organizationId: org.id, applicantUserId: userId, type: 'applicant.decided' });
    return events.map((event) => JSON.parse(event.payload) as { data: { decision?: unknown; reviewAnswer: string } });
  };
  const approvals = (row: Applicant) =>
    ds()
      .getRepository(AuditEvent)
      .find({ where: { applicantId: row.id, action: 'applicant.approved' } });

  it('a confirmed sanctions match: approve without a reason is refused and changes nothing; with one, the reason is audited and sent', async () => {
    const row = await queuedWith('true-match', [TRUE_MATCH]);
    const state = await reviewState('true-match');
    expect(state.risk.level).toBe('high');
    expect(state.risk.risks).toEqual([expect.objectContaining({ code: 'sanctions-true-match', check: 'sanctions-screening', severity: 'high' })]);

    const refused = await request(t.server)
      .post(`${base('true-match')}/approve`)
      .set(await as(reviewer))
      .send({ version: row.version })
      .expect(400);
    expect(refused.body.code).toBe('OVERRIDE_REASON_REQUIRED');
    // Blank is no reason.
    await request(t.server)
      .post(`${base('true-match')}/approve`)
      .set(await as(reviewer))
      .send({ version: row.version, overrideReason: '   ' })
      .expect(400);
    expect((await applicant('true-match')).kycStatus).toBe('queued');
    expect(await decidedHook('true-match')).toEqual([]);

    const reason = 'Compliance cleared it: the listed person died in 2019 (case C-17)';
    const approved = await request(t.server)
      .post(`${base('true-match')}/approve`)
      .set(await as(reviewer))
      .send({ version: row.version, overrideReason: reason })
      .expect(200);
    expect(approved.body.applicant).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'approved' });
    const [audit] = await approvals(row);
    expect(audit.detail).toMatchObject({ override: { reason, risks: ['sanctions-true-match'] } });
    const [hook] = await decidedHook('true-match');
    expect(hook.data).toMatchObject({ reviewAnswer: 'approved', decision: { automatic: false, overrideReason: reason, risks: ['sanctions-true-match'] } });
  });

  it('each kind of risk is named: unreviewed hit, blocklisted and duplicate face, document and injection signals, a failed check', async () => {
    await queuedWith('many-risks', [
      { name: 'sanctions-screening', verdict: 'needs-review', evidence: { hits: [{ key: 'test-list:7' }] } },
      { name: 'duplicate-face', verdict: 'failed', evidence: { matches: [], blocklist: [{ userId: 'someone' }] } },
      { name: 'document-liveness', verdict: 'needs-review', evidence: { suspected: ['screen'] } },
      { name: 'liveness', verdict: 'needs-review', evidence: { injectionSuspected: ['virtual-camera'], challengePassed: true, passiveClean: true } },
      { name: 'document-not-expired', verdict: 'failed' },
    ]);
    const { risk } = await reviewState('many-risks');
    expect(risk.level).toBe('high');
    expect(risk.risks.map((item) => `${item.code}:${item.severity}`)).toEqual([
      'blocklisted-face:high',
      'check-failed:high',
      'sanctions-unreviewed:medium',
      'document-signal:medium',
      'injection-signal:medium',
    ]);
    await queuedWith('duplicate', [{ name: 'duplicate-face', verdict: 'needs-review', evidence: { matches: [{ userId: 'other' }], blocklist: [] } }]);
    expect((await reviewState('duplicate')).risk).toMatchObject({ level: 'medium', risks: [{ code: 'duplicate-face', severity: 'medium' }] });
    const row = await applicant('duplicate');
    const refused = await request(t.server)
      .post(`${base('duplicate')}/approve`)
      .set(await as(reviewer))
      .send({ version: row.version })
      .expect(400);
    expect(refused.body.code).toBe('OVERRIDE_REASON_REQUIRED');
  });

  it('a clean applicant is approved without a reason, and nothing extra is sent', async () => {
    const row = await queuedWith('clean', []);
    expect((await reviewState('clean')).risk).toEqual({ level: 'low', risks: [], secondReviewerForOverrides: false });
    await request(t.server)
      .post(`${base('clean')}/approve`)
      .set(await as(reviewer))
      .send({ version: row.version })
      .expect(200);
    const [hook] = await decidedHook('clean');
    expect(hook.data.decision).toBeUndefined();
    expect((await approvals(row))[0].detail).not.toHaveProperty('override');
  });

  it('a policy asking a second reviewer for overrides: the override is a proposal another member confirms; a clean approval is not', async () => {
    const policyUrl = `/api/projects/${org.id}/verification-policy`;
    const policy = (
      await request(t.server)
        .get(policyUrl)
        .set(await as(owner))
        .expect(200)
    ).body;
    await request(t.server)
      .put(policyUrl)
      .set(await as(owner))
      .send({ ...policy, customized: undefined, updatedBy: undefined, updatedAt: undefined, secondReviewerForOverrides: true })
      .expect(200);
    try {
      const row = await queuedWith('second-look', [TRUE_MATCH]);
      expect((await reviewState('second-look')).risk.secondReviewerForOverrides).toBe(true);
      await request(t.server)
        .post(`${base('second-look')}/approve`)
        .set(await as(reviewer))
        .send({ version: row.version })
        .expect(400);
      const proposed = await request(t.server)
        .post(`${base('second-look')}/approve`)
        .set(await as(reviewer))
        .send({ version: row.version, overrideReason: 'Namesake: other date of birth' })
        .expect(200);
      expect(proposed.body.pendingDecision).toMatchObject({ kind: 'approve', reason: 'Namesake: other date of birth', proposedByMe: true });
      expect((await applicant('second-look')).kycStatus).toBe('queued');
      const proposalId = proposed.body.pendingDecision.id as string;
      const same = await request(t.server)
        .post(`${base('second-look')}/pending-decision/${proposalId}/confirm`)
        .set(await as(reviewer))
        .send({})
        .expect(403);
      expect(same.body.code).toBe('SAME_REVIEWER');
      await request(t.server)
        .post(`${base('second-look')}/pending-decision/${proposalId}/confirm`)
        .set(await as(owner))
        .send({})
        .expect(200);
      expect(await applicant('second-look')).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'approved' });
      const [audit] = await approvals(row);
      expect(audit.detail).toMatchObject({ override: { reason: 'Namesake: other date of birth', risks: ['sanctions-true-match'] } });

      const clean = await queuedWith('second-look-clean', []);
      const direct = await request(t.server)
        .post(`${base('second-look-clean')}/approve`)
        .set(await as(reviewer))
        .send({ version: clean.version })
        .expect(200);
      expect(direct.body.pendingDecision).toBeNull();
    } finally {
      await request(t.server)
        .put(policyUrl)
        .set(await as(owner))
        .send({ ...policy, customized: undefined, updatedBy: undefined, updatedAt: undefined })
        .expect(200);
    }
  });

  it('a risk that appeared after a four-eyes proposal: the confirmer must give the reason', async () => {
    await request(t.server)
      .put(`/api/projects/${org.id}/review-settings`)
      .set(await as(owner))
      .send({ fourEyes: 'all' })
      .expect(200);
    try {
      const row = await queuedWith('late-risk', []);
      const proposed = await request(t.server)
        .post(`${base('late-risk')}/approve`)
        .set(await as(reviewer))
        .send({ version: row.version })
        .expect(200);
      const proposalId = proposed.body.pendingDecision.id as string;
      const screening = await ds().getRepository(ApplicantCheck).findOneByOrFail({ applicantId: row.id, name: 'sanctions-screening' });
      await ds()
        .getRepository(ApplicantCheck)
        .save({ ...screening, verdict: 'failed', evidence: TRUE_MATCH.evidence! });
      const confirmUrl = `${base('late-risk')}/pending-decision/${proposalId}/confirm`;
      const refused = await request(t.server)
        .post(confirmUrl)
        .set(await as(owner))
        .send({})
        .expect(400);
      expect(refused.body.code).toBe('OVERRIDE_REASON_REQUIRED');
      expect((await applicant('late-risk')).kycStatus).toBe('queued');
      await request(t.server)
        .post(confirmUrl)
        .set(await as(owner))
        .send({ overrideReason: 'Reviewed the hit with the proposer' })
        .expect(200);
      expect((await approvals(row))[0].detail).toMatchObject({ override: { reason: 'Reviewed the hit with the proposer' } });
    } finally {
      await request(t.server)
        .put(`/api/projects/${org.id}/review-settings`)
        .set(await as(owner))
        .send({ fourEyes: 'off' })
        .expect(200);
    }
  });
});
