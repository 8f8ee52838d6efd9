import request from 'supertest';
import { DataSource, In } from 'typeorm';
import { AnalysisJob } from '../../server/applicants/analysis/analysis-job.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { ApplicantImage } from '../../server/applicants/applicant-image.entity.js';
import { Decisions } from '../../server/review/decisions/decisions.js';
import { SupersededImage } from '../../server/review/decisions/superseded-image.entity.js';
import { DecisionLabel } from '../../server/review/decisions/decision-label.entity.js';
import { DEFAULT_LABELS, UNDO_WINDOW_MS } from '../../server/review/decisions/default-labels.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { StatusBus } from '../../server/common/events/status-bus.js';
import { WebhookDispatcher } from '../../server/webhooks/webhook-dispatcher.js';
import { WebhookEvent } from '../../server/webhooks/webhook-event.entity.js';
import { addMember, createOrganization, seedApplicants, type TestOrganization } from '../fixtures/organizations.js';
import { dataUrl, documentPhoto, pngImage } from '../fixtures/images.js';
import { submitVerification, widgetSession } from '../fixtures/verification.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { driveClock } from '../support/clock.js';
import { createUser, type TestUser } from '../support/users.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { waitUntil } from '../support/wait.js';

interface Label {
  id: string;
  kind: string;
  code: string;
  title: string;
  endUserText: string;
  archived: boolean;
}

/**
 * Structured decisions: organization-editable labels, internal notes, undo within the
 * window (the webhook waits it out and an undone decision is never delivered), the
 * four-eyes rule, and a resubmission request for one step.
 */
describe('structured decisions', () => {
  let t: TestApp;
  let owner: TestUser;
  let reviewer: TestUser;
  let org: TestOrganization;
  let receiver: WebhookReceiver;
  let clock: ReturnType<typeof driveClock>;
  let labels: Label[];

  beforeAll(async () => {
    t = await startTestApp({ ANALYSIS_THREADS: '1', ALLOW_PRIVATE_WEBHOOKS: 'true' });
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
    clock = driveClock(t);
    labels = (
      await request(t.server)
        .get(`/api/projects/${org.id}/decision-labels`)
        .set(await sessionHeaders(t, owner))
        .expect(200)
    ).body;
  }, 60_000);
  afterAll(async () => {
    clock.restore();
    await receiver.close();
    await t.close();
  });

  const ds = () => t.app.get(DataSource);
  const base = (userId: string) => `/api/projects/${org.id}/applicants/${userId}`;
  const as = (account: TestUser) => sessionHeaders(t, account);
  const label = (code: string) => labels.find((candidate) => candidate.code === code)!;
  const applicant = (userId: string) => ds().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });
  const outbox = (userId: string) =>
    ds()
      .getRepository(WebhookEvent)
      .find({ where: { organizationId: org.id, applicantUserId: userId }, order: { createdAt: 'ASC' } });
  const dispatch = () => t.app.get(WebhookDispatcher).runDue();
  const delivered = (userId: string, type: string) =>
    receiver.received
      .map((hook) => JSON.parse(hook.body) as { type: string; data: Record<string, unknown> })
      .filter((body) => body.type === type && body.data.userId === userId);

  it('seeds default labels; owners edit them (code format, unique codes); a label in use is archived, not deleted', async () => {
    expect(labels.map((l) => l.code)).toEqual(
      expect.arrayContaining(['DOCUMENT_EXPIRED', 'PHOTO_UNREADABLE', 'SUSPECTED_FRAUD', 'SELFIE_MISMATCH', 'SELFIE_UNCLEAR']),
    );
    // Seeded with the organization, before anyone reads them.
    const fresh = await createOrganization(t, owner);
    expect(await ds().getRepository(DecisionLabel).countBy({ organizationId: fresh.id })).toBe(DEFAULT_LABELS.length);
    const url = `/api/projects/${org.id}/decision-labels`;
    const bad = await request(t.server)
      .post(url)
      .set(await as(owner))
      .send({ kind: 'reject', title: 'X', endUserText: 'Y', code: 'lower case' })
      .expect(400);
    expect(JSON.stringify(bad.body.message)).toContain('code must be');
    const taken = await request(t.server)
      .post(url)
      .set(await as(owner))
      .send({ kind: 'reject', title: 'X', endUserText: 'Y', code: 'DOCUMENT_EXPIRED' })
      .expect(409);
    expect(taken.body.code).toBe('LABEL_CODE_TAKEN');
    await request(t.server)
      .post(url)
      .set(await as(reviewer))
      .send({ kind: 'reject', title: 'X', endUserText: 'Y', code: 'NEW_ONE' })
      .expect(403);
    const created = (
      await request(t.server)
        .post(url)
        .set(await as(owner))
        .send({ kind: 'reject', title: 'Underage', endUserText: 'You must be 18 or older.', code: 'UNDERAGE' })
        .expect(201)
    ).body;
    expect(
      (
        await request(t.server)
          .delete(`${url}/${created.id}`)
          .set(await as(owner))
          .expect(200)
      ).body,
    ).toEqual({ archived: false });
    const audit = await ds()
      .getRepository(AuditEvent)
      .find({ where: { organizationId: org.id }, order: { createdAt: 'ASC' } });
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['organization.label_created', 'organization.label_deleted']));
  });

  it('reject with a label and a note: reason and webhook carry the label, the note stays internal, the webhook waits out the undo window', async () => {
    await seedApplicants(t, org.id, [{ userId: 'labelled-1', kycStatus: 'queued', reviewAnswer: null }], { seed: 'labelled' });
    const expired = label('DOCUMENT_EXPIRED');
    const decidedAt = clock.advance(1000);
    const answer = await request(t.server)
      .post(`${base('labelled-1')}/reject`)
      .set(await as(reviewer))
      .send({ labelId: expired.id, note: 'Checked with the issuer: secret detail' })
      .expect(200);
    expect(answer.body.applicant).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'rejected' });
    expect(answer.body.decision).toMatchObject({ kind: 'reject', canUndo: true, undoableUntil: new Date(decidedAt.getTime() + UNDO_WINDOW_MS).toISOString() });
    expect(await applicant('labelled-1')).toMatchObject({ rejectReason: 'Document expired', rejectType: 'final', decisionLabelId: expired.id });

    // Not sent within the window.
    await dispatch();
    expect(delivered('labelled-1', 'applicant.decided')).toHaveLength(0);
    clock.advance(UNDO_WINDOW_MS);
    await dispatch();
    await waitUntil(() => delivered('labelled-1', 'applicant.decided')[0], 5000, 'the decided webhook');
    expect(delivered('labelled-1', 'applicant.decided')[0].data).toMatchObject({
      rejectReason: 'Document expired',
      label: { code: 'DOCUMENT_EXPIRED', title: 'Document expired' },
    });
    expect(JSON.stringify(receiver.received)).not.toContain('secret detail');

    // The note is a note, never in the activity an API key may read.
    const notes = (
      await request(t.server)
        .get(`${base('labelled-1')}/notes`)
        .set(await as(owner))
        .expect(200)
    ).body;
    expect(notes).toMatchObject([{ text: 'Checked with the issuer: secret detail', author: reviewer.user.username, decision: 'reject', editable: false }]);
    const activity = await request(t.server)
      .get(`${base('labelled-1')}/activity`)
      .set(await as(owner))
      .expect(200);
    expect(JSON.stringify(activity.body)).not.toContain('secret detail');
    expect(activity.body.items[0]).toMatchObject({ action: 'applicant.rejected' });
  });

  it('old integrators: reason and rejectType still work; without them nor a label the answer is 400', async () => {
    await seedApplicants(t, org.id, [{ userId: 'legacy-1', kycStatus: 'queued', reviewAnswer: null }], { seed: 'legacy' });
    const missing = await request(t.server)
      .post(`${base('legacy-1')}/reject`)
      .set(await as(owner))
      .send({})
      .expect(400);
    expect(JSON.stringify(missing.body.message)).toContain('reason');
    await request(t.server)
      .post(`${base('legacy-1')}/reject`)
      .set(await as(owner))
      .send({ reason: 'Blurred', rejectType: 'resubmission' })
      .expect(200);
    expect(await applicant('legacy-1')).toMatchObject({ rejectReason: 'Blurred', rejectType: 'resubmission', decisionLabelId: null });
    const wrongKind = await request(t.server)
      .post(`${base('legacy-1')}/hold`)
      .set(await as(owner))
      .send({ labelId: label('DOCUMENT_EXPIRED').id })
      .expect(400);
    expect(wrongKind.body.code).toBe('LABEL_KIND_MISMATCH');
  });

  it('undo within the window restores exactly the previous state; its webhook is never delivered nor the status announced', async () => {
    await seedApplicants(t, org.id, [{ userId: 'undo-1', kycStatus: 'queued', reviewAnswer: null }], { seed: 'undo' });
    const before = await applicant('undo-1');
    const statuses: string[] = [];
    const stop = t.app.get(StatusBus).subscribe(org.id, 'undo-1', (event) => statuses.push(event.status));
    const { decision } = (
      await request(t.server)
        .post(`${base('undo-1')}/approve`)
        .set(await as(reviewer))
        .send({})
        .expect(200)
    ).body;
    expect((await outbox('undo-1')).map((event) => event.type)).toEqual(['applicant.decided']);

    const review = (
      await request(t.server)
        .get(`${base('undo-1')}/review`)
        .set(await as(reviewer))
        .expect(200)
    ).body;
    expect(review.undoableDecision).toMatchObject({ id: decision.id, kind: 'approve' });

    clock.advance(UNDO_WINDOW_MS - 1000);
    await request(t.server)
      .post(`${base('undo-1')}/decisions/${decision.id}/undo`)
      .set(await as(reviewer))
      .expect(200);
    const after = await applicant('undo-1');
    expect(after).toMatchObject({ kycStatus: before.kycStatus, reviewAnswer: null, rejectReason: null, version: before.version + 2 });
    expect(after.decidedAt?.getTime() ?? null).toBe(before.decidedAt?.getTime() ?? null);
    expect(await outbox('undo-1')).toEqual([]);
    clock.advance(UNDO_WINDOW_MS);
    await dispatch();
    await t.app.get(Decisions).release();
    stop();
    expect(delivered('undo-1', 'applicant.decided')).toHaveLength(0);
    expect(statuses).toEqual([]);
    const audit = await ds()
      .getRepository(AuditEvent)
      .find({ where: { applicantId: after.id }, order: { createdAt: 'ASC' } });
    expect(audit.map((entry) => entry.action)).toEqual(['applicant.approved', 'applicant.decision_undone']);

    const again = await request(t.server)
      .post(`${base('undo-1')}/decisions/${decision.id}/undo`)
      .set(await as(reviewer))
      .expect(409);
    expect(again.body.code).toBe('DECISION_ALREADY_UNDONE');
  });

  it('after the window: undo is refused, the status is announced once and the webhook sent', async () => {
    await seedApplicants(t, org.id, [{ userId: 'late-1', kycStatus: 'queued', reviewAnswer: null }], { seed: 'late' });
    const statuses: string[] = [];
    const stop = t.app.get(StatusBus).subscribe(org.id, 'late-1', (event) => statuses.push(event.status));
    const { decision } = (
      await request(t.server)
        .post(`${base('late-1')}/approve`)
        .set(await as(owner))
        .send({})
        .expect(200)
    ).body;
    const other = await request(t.server)
      .post(`${base('late-1')}/decisions/${decision.id}/undo`)
      .set(await as(reviewer))
      .expect(403);
    expect(other.body.code).toBe('UNDO_NOT_ALLOWED');
    clock.advance(UNDO_WINDOW_MS);
    const late = await request(t.server)
      .post(`${base('late-1')}/decisions/${decision.id}/undo`)
      .set(await as(owner))
      .expect(409);
    expect(late.body.code).toBe('UNDO_WINDOW_OVER');
    await t.app.get(Decisions).release();
    await t.app.get(Decisions).release();
    await waitUntil(() => (statuses.length > 0 ? true : undefined), 5000, 'the released status');
    stop();
    expect(statuses).toEqual(['completed']);
    await dispatch();
    await waitUntil(() => delivered('late-1', 'applicant.decided')[0], 5000, 'the decided webhook');
  });

  it('four-eyes: a rejection is proposed, the proposer cannot confirm it, another member does', async () => {
    await request(t.server)
      .put(`/api/projects/${org.id}/review-settings`)
      .set(await as(reviewer))
      .send({ fourEyes: 'rejections' })
      .expect(403);
    await request(t.server)
      .put(`/api/projects/${org.id}/review-settings`)
      .set(await as(owner))
      .send({ fourEyes: 'rejections' })
      .expect(200);
    await seedApplicants(t, org.id, [{ userId: 'four-1', kycStatus: 'queued', reviewAnswer: null }], { seed: 'four' });
    const fraud = label('SUSPECTED_FRAUD');
    const proposed = (
      await request(t.server)
        .post(`${base('four-1')}/reject`)
        .set(await as(reviewer))
        .send({ labelId: fraud.id, note: 'Font mismatch' })
        .expect(200)
    ).body;
    expect(proposed.decision).toBeNull();
    expect(proposed.pendingDecision).toMatchObject({
      kind: 'reject',
      label: { code: 'SUSPECTED_FRAUD' },
      proposedBy: reviewer.user.username,
      proposedByMe: true,
    });
    expect(await applicant('four-1')).toMatchObject({ kycStatus: 'queued', reviewAnswer: null });
    expect(await outbox('four-1')).toEqual([]);

    const blocked = await request(t.server)
      .post(`${base('four-1')}/approve`)
      .set(await as(owner))
      .send({})
      .expect(409);
    expect(blocked.body.code).toBe('DECISION_PENDING');
    const same = await request(t.server)
      .post(`${base('four-1')}/pending-decision/${proposed.pendingDecision.id}/confirm`)
      .set(await as(reviewer))
      .expect(403);
    expect(same.body.code).toBe('SAME_REVIEWER');
    const confirmed = (
      await request(t.server)
        .post(`${base('four-1')}/pending-decision/${proposed.pendingDecision.id}/confirm`)
        .set(await as(owner))
        .expect(200)
    ).body;
    expect(confirmed.applicant).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'rejected' });
    const audit = await ds()
      .getRepository(AuditEvent)
      .find({ where: { applicantId: (await applicant('four-1')).id }, order: { createdAt: 'ASC' } });
    expect(audit.map((entry) => [entry.action, entry.actorName])).toEqual([
      ['applicant.decision_proposed', reviewer.user.username],
      ['applicant.rejected', owner.user.username],
    ]);
    expect(audit[1].detail).toMatchObject({ label: 'SUSPECTED_FRAUD', proposedBy: reviewer.user.username });
    const notes = (
      await request(t.server)
        .get(`${base('four-1')}/notes`)
        .set(await as(owner))
        .expect(200)
    ).body;
    expect(notes).toMatchObject([{ text: 'Font mismatch', author: reviewer.user.username }]);

    // Approvals are not under the rule 'rejections'; a declined proposal leaves the applicant as it was.
    await seedApplicants(t, org.id, [{ userId: 'four-2', kycStatus: 'queued', reviewAnswer: null }], { seed: 'four-two' });
    const second = (
      await request(t.server)
        .post(`${base('four-2')}/reject`)
        .set(await as(owner))
        .send({ labelId: fraud.id })
        .expect(200)
    ).body;
    await request(t.server)
      .post(`${base('four-2')}/pending-decision/${second.pendingDecision.id}/decline`)
      .set(await as(reviewer))
      .expect(200);
    expect(await applicant('four-2')).toMatchObject({ kycStatus: 'queued' });
    expect(
      (
        await request(t.server)
          .post(`${base('four-2')}/approve`)
          .set(await as(owner))
          .send({})
          .expect(200)
      ).body.decision,
    ).toMatchObject({ kind: 'approve' });
    await request(t.server)
      .put(`/api/projects/${org.id}/review-settings`)
      .set(await as(owner))
      .send({ fourEyes: 'off' })
      .expect(200);
  });

  it('the staff edit is no way around the decision rules: under four-eyes one reviewer cannot approve, reject or hold through it (security finding 10)', async () => {
    await request(t.server)
      .put(`/api/projects/${org.id}/review-settings`)
      .set(await as(owner))
      .send({ fourEyes: 'all' })
      .expect(200);
    try {
      await seedApplicants(t, org.id, [{ userId: 'edit-four', kycStatus: 'queued', reviewAnswer: null }], { seed: 'edit-four' });
      for (const kycStatus of ['completed', 'onHold']) {
        const res = await request(t.server)
          .put(base('edit-four'))
          .set(await as(reviewer))
          .send({ kycStatus })
          .expect(400);
        expect(res.body.code).toBe('STATUS_IS_A_DECISION');
      }
      expect(await applicant('edit-four')).toMatchObject({ kycStatus: 'queued', reviewAnswer: null });
      expect(await outbox('edit-four')).toEqual([]);
      // The decision routes still take it, as a proposal for a second reviewer.
      const proposed = (
        await request(t.server)
          .post(`${base('edit-four')}/approve`)
          .set(await as(reviewer))
          .send({})
          .expect(200)
      ).body;
      expect(proposed.pendingDecision).toMatchObject({ kind: 'approve' });
      expect(await applicant('edit-four')).toMatchObject({ kycStatus: 'queued', reviewAnswer: null });
    } finally {
      await request(t.server)
        .put(`/api/projects/${org.id}/review-settings`)
        .set(await as(owner))
        .send({ fourEyes: 'off' })
        .expect(200);
    }
  });

  it('editing the identity of a decided applicant re-opens it for review, and the integrator hears it (security finding 10)', async () => {
    await seedApplicants(t, org.id, [{ userId: 'edit-approved', kycStatus: 'completed', reviewAnswer: 'approved' }], { seed: 'edit-approved' });
    const edited = (
      await request(t.server)
        .put(base('edit-approved'))
        .set(await as(reviewer))
        .send({ name: 'Someone Else' })
        .expect(200)
    ).body;
    expect(edited.applicant).toMatchObject({ kycStatus: 'queued', reviewAnswer: null });
    expect(await applicant('edit-approved')).toMatchObject({ name: 'Someone Else', kycStatus: 'queued', reviewAnswer: null, rejectType: null });
    await dispatch();
    const hook = await waitUntil(() => delivered('edit-approved', 'applicant.updated')[0], 5000, 'the updated webhook');
    expect(hook.data).toMatchObject({ kycStatus: 'queued', reviewAnswer: null });
    // Sending the status it has along with the new identity keeps nothing approved either.
    await seedApplicants(t, org.id, [{ userId: 'edit-approved-2', kycStatus: 'completed', reviewAnswer: 'approved' }], { seed: 'edit-approved-2' });
    await request(t.server)
      .put(base('edit-approved-2'))
      .set(await as(reviewer))
      .send({ dateOfBirth: '1970-01-01', kycStatus: 'completed' })
      .expect(200);
    expect(await applicant('edit-approved-2')).toMatchObject({ kycStatus: 'queued', reviewAnswer: null });

    // Within the undo window the approval was never sent: it is not sent after the re-opening either.
    await seedApplicants(t, org.id, [{ userId: 'edit-window', kycStatus: 'queued', reviewAnswer: null }], { seed: 'edit-window' });
    await request(t.server)
      .post(`${base('edit-window')}/approve`)
      .set(await as(reviewer))
      .send({})
      .expect(200);
    await request(t.server)
      .put(base('edit-window'))
      .set(await as(reviewer))
      .send({ docNumber: 'Z9999999' })
      .expect(200);
    expect(await applicant('edit-window')).toMatchObject({ kycStatus: 'queued', reviewAnswer: null });
    clock.advance(UNDO_WINDOW_MS + 1000);
    await dispatch();
    await waitUntil(() => delivered('edit-window', 'applicant.updated')[0], 5000, 'the updated webhook');
    expect(delivered('edit-window', 'applicant.updated')[0].data).toMatchObject({ kycStatus: 'queued', reviewAnswer: null });
    expect(delivered('edit-window', 'applicant.decided')).toHaveLength(0);
    expect((await outbox('edit-window')).map((event) => event.type)).toEqual(['applicant.updated']);

    // An edit of an applicant not yet decided leaves its status alone.
    await seedApplicants(t, org.id, [{ userId: 'edit-queued', kycStatus: 'prechecked', reviewAnswer: null }], { seed: 'edit-queued' });
    await request(t.server)
      .put(base('edit-queued'))
      .set(await as(reviewer))
      .send({ name: 'Fixed Typo' })
      .expect(200);
    expect(await applicant('edit-queued')).toMatchObject({ kycStatus: 'prechecked', name: 'Fixed Typo' });
  });

  it('notes: added and listed newest first, edited by their author within 15 minutes only, never in the audit text', async () => {
    await seedApplicants(t, org.id, [{ userId: 'notes-1', kycStatus: 'queued', reviewAnswer: null }], { seed: 'notes' });
    const note = (
      await request(t.server)
        .post(`${base('notes-1')}/notes`)
        .set(await as(reviewer))
        .send({ text: '  Called the customer  ' })
        .expect(201)
    ).body;
    expect(note).toMatchObject({ text: 'Called the customer', author: reviewer.user.username, editable: true });
    await request(t.server)
      .post(`${base('notes-1')}/notes`)
      .set(await as(reviewer))
      .send({ text: 'x'.repeat(4001) })
      .expect(400);
    await request(t.server)
      .put(`${base('notes-1')}/notes/${note.id}`)
      .set(await as(owner))
      .send({ text: 'Not mine' })
      .expect(403);
    await request(t.server)
      .put(`${base('notes-1')}/notes/${note.id}`)
      .set(await as(reviewer))
      .send({ text: 'Called the customer twice' })
      .expect(200);
    clock.advance(15 * 60_000);
    const locked = await request(t.server)
      .delete(`${base('notes-1')}/notes/${note.id}`)
      .set(await as(reviewer))
      .expect(403);
    expect(locked.body.code).toBe('NOTE_LOCKED');
    const audit = await ds()
      .getRepository(AuditEvent)
      .find({ where: { applicantId: (await applicant('notes-1')).id } });
    expect(audit.map((entry) => entry.action).sort()).toEqual(['applicant.note_added', 'applicant.note_edited']);
    expect(JSON.stringify(audit.map((entry) => entry.detail))).not.toContain('Called');
  });

  it('resubmission of the selfie: pending for that step only, old links revoked, webhook sent, earlier selfie kept, the new session asks only for it', async () => {
    await submitVerification(t.server, owner, org.id, 'resubmit-1', [{ docType: 'PASSPORT', side: 'front', png: documentPhoto() }], {
      name: 'Maria Silva',
      dateOfBirth: '1990-04-12',
      docNumber: 'X1234567',
      expiryDate: '2035-01-01',
      country: 'BRA',
      sex: 'F',
    });
    const oldWidget = await widgetSession(t.server, owner, org.id, 'resubmit-1');
    const unclear = label('SELFIE_UNCLEAR');
    await request(t.server)
      .post(`${base('resubmit-1')}/request-resubmission`)
      .set(await as(reviewer))
      .send({ step: 'document-back', labelId: unclear.id })
      .expect(400);
    const wrongKind = await request(t.server)
      .post(`${base('resubmit-1')}/request-resubmission`)
      .set(await as(reviewer))
      .send({ step: 'selfie', labelId: label('DOCUMENT_EXPIRED').id })
      .expect(400);
    expect(wrongKind.body.code).toBe('LABEL_KIND_MISMATCH');
    const before = await applicant('resubmit-1');
    await request(t.server)
      .post(`${base('resubmit-1')}/request-resubmission`)
      .set(await as(reviewer))
      .send({ step: 'selfie', labelId: unclear.id, note: 'Face in shadow' })
      .expect(200);
    const requested = await applicant('resubmit-1');
    expect(requested).toMatchObject({
      kycStatus: 'pending',
      resubmissionStep: 'selfie',
      attempt: 2,
      sessionGeneration: before.sessionGeneration + 1,
      name: 'Maria Silva',
    });
    await request(t.server).get('/api/kyc/session').set(oldWidget).expect(401);

    // Like a decision, the request waits out the undo window before the integrator hears of it.
    await dispatch();
    expect(delivered('resubmit-1', 'applicant.resubmission_requested')).toHaveLength(0);
    clock.advance(UNDO_WINDOW_MS);
    await dispatch();
    const hook = await waitUntil(() => delivered('resubmit-1', 'applicant.resubmission_requested')[0], 5000, 'the resubmission webhook');
    expect(hook.data).toMatchObject({ kycStatus: 'pending', resubmission: { step: 'selfie' }, label: { code: 'SELFIE_UNCLEAR', title: unclear.title } });

    // A new link (the integrator's POST /api/kyc/sessions) works and shows exactly what to redo.
    const widget = await widgetSession(t.server, owner, org.id, 'resubmit-1');
    const view = (await request(t.server).get('/api/kyc/session').set(widget).expect(200)).body;
    expect(view.resubmission).toEqual({ step: 'selfie', message: unclear.endUserText, fields: [] });
    expect(view.images).toEqual([{ docType: 'PASSPORT', side: 'front' }]);
    const refused = await request(t.server)
      .post('/api/kyc/documents')
      .set(widget)
      .send({ docType: 'PASSPORT', side: 'front', data: dataUrl('image/png', documentPhoto()) })
      .expect(409);
    expect(refused.body.code).toBe('STEP_NOT_REQUESTED');
    const data = { name: 'Other Name', dateOfBirth: '1990-04-12', docNumber: 'X1234567', expiryDate: '2035-01-01', country: 'BRA', sex: 'F' };
    expect((await request(t.server).put('/api/kyc/personal-data').set(widget).send(data).expect(409)).body.code).toBe('STEP_NOT_REQUESTED');
    const early = await request(t.server).post('/api/kyc/submit').set(widget).expect(400);
    expect(early.body.code).toBe('VERIFICATION_INCOMPLETE');

    const oldSelfie = await ds().getRepository(ApplicantImage).findOneByOrFail({ applicantId: requested.id, docType: 'SELFIE' });
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget)
      .send({ docType: 'SELFIE', data: dataUrl('image/png', pngImage(32, 40)) })
      .expect(200);
    await request(t.server).post('/api/kyc/submit').set(widget).expect(200);
    // A new selfie runs the faces again; the document's and the screening's results stay.
    const jobs = await ds().getRepository(AnalysisJob).findBy({ applicantId: requested.id });
    expect(Object.fromEntries(jobs.map((job) => [job.kind, job.runs]))).toEqual({ document: 1, face: 2, screening: 1 });
    const resubmitted = await applicant('resubmit-1');
    expect(resubmitted).toMatchObject({ kycStatus: 'queued', resubmissionStep: null, decisionLabelId: null, name: 'Maria Silva' });
    const kept = await ds().getRepository(SupersededImage).findBy({ applicantId: requested.id });
    expect(kept.map((image) => [image.id, image.attempt, image.docType])).toEqual([[oldSelfie.id, 1, 'SELFIE']]);
    const review = (
      await request(t.server)
        .get(`${base('resubmit-1')}/review`)
        .set(await as(owner))
        .expect(200)
    ).body;
    expect(review.earlierImages).toMatchObject([{ id: oldSelfie.id, attempt: 1, docType: 'SELFIE' }]);
    // The case shows the attempts: the request that opened the second, and the selfie it replaced, before and after.
    const newSelfie = await ds().getRepository(ApplicantImage).findOneByOrFail({ applicantId: requested.id, docType: 'SELFIE' });
    expect(review.attempts).toMatchObject([
      { attempt: 1, request: null, submittedAt: expect.any(String), changedPhotos: [] },
      {
        attempt: 2,
        request: { step: 'selfie', label: 'SELFIE_UNCLEAR', by: reviewer.user.username },
        submittedAt: expect.any(String),
        changedFields: [],
        changedPhotos: [{ docType: 'SELFIE', side: null, before: { id: oldSelfie.id, earlier: true }, after: { id: newSelfie.id, earlier: false } }],
      },
    ]);
    await request(t.server)
      .get(`${base('resubmit-1')}/earlier-images/${oldSelfie.id}`)
      .set(await as(owner))
      .expect(200);

    // A reset removes the earlier attempts' photos too.
    await request(t.server)
      .post(`${base('resubmit-1')}/reset`)
      .set(await as(owner))
      .send({ reason: 'Start again' })
      .expect(200);
    expect(await ds().getRepository(SupersededImage).countBy({ applicantId: requested.id })).toBe(0);
    expect(await applicant('resubmit-1')).toMatchObject({ attempt: 1, resubmissionStep: null, decisionLabelId: null });
  }, 60_000);

  it('resubmission of the personal data: the attempt shows the fields changed, a reset takes their values out of the trail', async () => {
    const typed = { name: 'Maria Silva', dateOfBirth: '1990-04-12', docNumber: 'X1234567', expiryDate: '2035-01-01', country: 'BRA', sex: 'F' };
    await submitVerification(t.server, owner, org.id, 'resubmit-data', [{ docType: 'PASSPORT', side: 'front', png: documentPhoto() }], typed);
    const ask = async (body: Record<string, unknown>) =>
      request(t.server)
        .post(`${base('resubmit-data')}/request-resubmission`)
        .set(await as(reviewer))
        .send({ labelId: label('SELFIE_UNCLEAR').id, ...body });
    expect((await ask({ step: 'selfie', fields: ['name'] })).body.code).toBe('FIELDS_NEED_PERSONAL_DATA');
    expect((await ask({ step: 'personal-data', fields: ['height'] })).status).toBe(400);
    await ask({ step: 'personal-data', fields: ['dateOfBirth', 'name'] }).then((response) => expect(response.status).toBe(200));
    // The new link's form comes back filled in with what was sent, the fields to correct named.
    const widget = await widgetSession(t.server, owner, org.id, 'resubmit-data');
    const view = (await request(t.server).get('/api/kyc/session').set(widget).expect(200)).body;
    expect(view.resubmission).toMatchObject({ step: 'personal-data', fields: ['name', 'dateOfBirth'] });
    expect(view.personalData).toMatchObject({ name: 'Maria Silva', dateOfBirth: '1990-04-12', docNumber: 'X1234567' });
    await request(t.server)
      .put('/api/kyc/personal-data')
      .set(widget)
      .send({ ...typed, name: 'Maria Souza', dateOfBirth: '1990-04-21' })
      .expect(200);
    // Typed again and changed back: only the last value counts.
    await request(t.server)
      .put('/api/kyc/personal-data')
      .set(widget)
      .send({ ...typed, name: 'Maria Souza' })
      .expect(200);
    await request(t.server).post('/api/kyc/submit').set(widget).expect(200);
    const review = (
      await request(t.server)
        .get(`${base('resubmit-data')}/review`)
        .set(await as(owner))
        .expect(200)
    ).body;
    expect(review.attempts).toHaveLength(2);
    expect(review.attempts[1]).toMatchObject({
      attempt: 2,
      request: { step: 'personal-data' },
      changedFields: [{ field: 'name', from: 'Maria Silva', to: 'Maria Souza' }],
      changedPhotos: [],
    });
    const row = await applicant('resubmit-data');
    await request(t.server)
      .post(`${base('resubmit-data')}/reset`)
      .set(await as(owner))
      .send({ reason: 'Start again' })
      .expect(200);
    const entries = await ds().getRepository(AuditEvent).findBy({ applicantId: row.id, action: 'applicant.data_entered' });
    expect(JSON.stringify(entries.map((entry) => entry.detail))).not.toMatch(/Maria/);
    const after = (
      await request(t.server)
        .get(`${base('resubmit-data')}/review`)
        .set(await as(owner))
        .expect(200)
    ).body;
    expect(after.attempts).toEqual([{ attempt: 1, request: null, submittedAt: null, changedFields: [], changedPhotos: [] }]);
  }, 60_000);

  it('a resubmission request is undone within the window: status, attempt and links as before, no webhook, audited', async () => {
    await submitVerification(t.server, owner, org.id, 'resubmit-undo', [{ docType: 'PASSPORT', side: 'front', png: documentPhoto() }], {
      name: 'Ana Costa',
      dateOfBirth: '1988-02-01',
      docNumber: 'Y7654321',
      expiryDate: '2034-01-01',
      country: 'PRT',
      sex: 'F',
    });
    const widget = await widgetSession(t.server, owner, org.id, 'resubmit-undo');
    const before = await applicant('resubmit-undo');
    const res = await request(t.server)
      .post(`${base('resubmit-undo')}/request-resubmission`)
      .set(await as(reviewer))
      .send({ step: 'selfie', labelId: label('SELFIE_UNCLEAR').id })
      .expect(200);
    expect(res.body.decision).toMatchObject({ kind: 'resubmission', canUndo: true });
    await request(t.server).get('/api/kyc/session').set(widget).expect(401);
    const review = (
      await request(t.server)
        .get(`${base('resubmit-undo')}/review`)
        .set(await as(reviewer))
        .expect(200)
    ).body;
    expect(review.undoableDecision).toMatchObject({ id: res.body.decision.id, kind: 'resubmission' });

    clock.advance(UNDO_WINDOW_MS - 1000);
    await request(t.server)
      .post(`${base('resubmit-undo')}/decisions/${res.body.decision.id}/undo`)
      .set(await as(reviewer))
      .expect(200);
    const after = await applicant('resubmit-undo');
    expect(after).toMatchObject({
      kycStatus: before.kycStatus,
      resubmissionStep: null,
      decisionLabelId: null,
      attempt: before.attempt,
      sessionGeneration: before.sessionGeneration,
    });
    expect(await outbox('resubmit-undo')).toEqual(expect.not.arrayContaining([expect.objectContaining({ type: 'applicant.resubmission_requested' })]));
    // The end user's link works again, as if nothing had been asked.
    await request(t.server).get('/api/kyc/session').set(widget).expect(200);
    clock.advance(UNDO_WINDOW_MS);
    await dispatch();
    expect(delivered('resubmit-undo', 'applicant.resubmission_requested')).toHaveLength(0);
    const audit = await ds()
      .getRepository(AuditEvent)
      .find({ where: { applicantId: after.id, action: In(['applicant.resubmission_requested', 'applicant.decision_undone']) }, order: { createdAt: 'ASC' } });
    expect(audit.map((entry) => [entry.action, entry.detail])).toEqual([
      ['applicant.resubmission_requested', expect.objectContaining({ step: 'selfie' })],
      ['applicant.decision_undone', expect.objectContaining({ decision: 'resubmission', webhooksCancelled: 1 })],
    ]);
  }, 60_000);

  it("the verification page shows a rejection's end-user text once the undo window has passed", async () => {
    await submitVerification(t.server, owner, org.id, 'rejected-page', [{ docType: 'PASSPORT', side: 'front', png: documentPhoto() }], {
      name: 'Ana Lima',
      dateOfBirth: '1985-02-03',
      docNumber: 'Y7654321',
      expiryDate: '2034-01-01',
      country: 'BRA',
      sex: 'F',
    });
    const widget = await widgetSession(t.server, owner, org.id, 'rejected-page');
    await request(t.server)
      .post(`${base('rejected-page')}/reject`)
      .set(await as(owner))
      .send({ labelId: label('PHOTO_UNREADABLE').id })
      .expect(200);
    // Within the undo window the page still shows the verification being checked.
    const during = (await request(t.server).get('/api/kyc/session').set(widget).expect(200)).body;
    expect(during).toMatchObject({ status: 'processing', decision: null });
    clock.advance(UNDO_WINDOW_MS);
    const view = (await request(t.server).get('/api/kyc/session').set(widget).expect(200)).body;
    expect(view).toMatchObject({ status: 'failed', decision: { message: label('PHOTO_UNREADABLE').endUserText } });
  }, 60_000);
});
