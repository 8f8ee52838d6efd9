import { Applicant } from '../applicant.entity.js';
import { editStep, providerReviewStep, REDACTED_VALUE, resetStep, restartStep, undecides, withoutIdentityValues } from './transitions.js';

const now = new Date('2026-11-20T10:00:00.000Z');

function applicant(fields: Partial<Applicant> = {}): Applicant {
  return Object.assign(new Applicant(), {
    id: 'a',
    organizationId: 'o',
    userId: 'u',
    kycStatus: 'completed',
    reviewAnswer: 'approved',
    rejectType: null,
    rejectReason: null,
    name: 'Ana Souza',
    country: 'Brazil',
    documentType: 'ID_CARD',
    decisionLabelId: 'label-1',
    sessionGeneration: 3,
    attempt: 2,
    version: 5,
    ...fields,
  });
}

// The kernel (ApplicantLifecycle.change) writes whatever these pure steps say: each rule of a change is checked here
// without a database.
describe('the lifecycle transitions', () => {
  describe('a staff edit', () => {
    it('writes and records only the fields that differ, and sends applicant.updated', () => {
      const step = editStep(applicant({ kycStatus: 'queued', reviewAnswer: null }), { name: 'Ana Souza', country: 'Portugal' });
      expect(step.changes).toEqual({ country: 'Portugal' });
      expect(step.audit).toEqual({ action: 'applicant.updated', detail: { changes: [{ field: 'country', from: 'Brazil', to: 'Portugal' }] } });
      expect(step.event).toBe('applicant.updated');
    });

    it('changes nothing, and records nothing, when every value is the stored one', () => {
      expect(editStep(applicant(), { name: 'Ana Souza', kycStatus: 'completed' })).toEqual({ changes: {} });
    });

    it('re-opens a decided applicant whose identity changed: queued, no review answer, no label', () => {
      const decided = applicant();
      const step = editStep(decided, { name: 'Ana Sousa' });
      expect(step.changes).toMatchObject({ name: 'Ana Sousa', kycStatus: 'queued', reviewAnswer: null, decisionLabelId: null });
      expect(undecides(decided, step)).toBe(true);
    });

    it('refuses a decision status: decisions have their own routes', () => {
      expect(() => editStep(applicant({ kycStatus: 'queued', reviewAnswer: null }), { kycStatus: 'onHold' })).toThrow(
        expect.objectContaining({ response: expect.objectContaining({ code: 'STATUS_IS_A_DECISION' }) }),
      );
    });

    it('an edit that leaves the decision standing does not undecide', () => {
      const decided = applicant();
      expect(undecides(decided, editStep(decided, { country: 'Brazil' }))).toBe(false);
    });
  });

  it('a reset clears identity, review and documents, starts a new session generation and attempt 1; the reason is audited', () => {
    const step = resetStep(applicant(), 3, 'Asked to start again');
    expect(step.changes).toMatchObject({
      name: null,
      country: null,
      kycStatus: 'init',
      reviewAnswer: null,
      documentType: null,
      sessionGeneration: 4,
      attempt: 1,
      decisionLabelId: null,
    });
    expect(step.audit).toEqual({ action: 'applicant.reset', detail: { previousStatus: 'completed', imagesRemoved: 3, reason: 'Asked to start again' } });
    expect(step.event).toBe('applicant.reset');
  });

  it('the first step on the verification page makes the applicant pending, once', () => {
    expect(restartStep(applicant()).changes).toEqual({ kycStatus: 'pending', reviewAnswer: null, rejectType: null, rejectReason: null, decisionLabelId: null });
    expect(restartStep(applicant({ kycStatus: 'pending' }))).toEqual({ changes: {} });
  });

  describe("a provider's review", () => {
    it('a decision is audited and sent as one, with decidedAt', () => {
      const step = providerReviewStep({ kycStatus: 'completed', reviewAnswer: 'rejected', rejectType: 'final', rejectReason: 'Forged' }, 'sumsub', now);
      expect(step.changes).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'rejected', decidedAt: now, decisionLabelId: null });
      expect(step.audit?.action).toBe('applicant.rejected');
      expect(step.event).toBe('applicant.decided');
    });

    it('a status without an answer maps to its own event (pending: submitted, with submittedAt)', () => {
      const step = providerReviewStep({ kycStatus: 'pending', reviewAnswer: null, rejectType: null, rejectReason: null }, 'sumsub', now);
      expect(step.changes).toMatchObject({ submittedAt: now });
      expect(step.changes).not.toHaveProperty('decidedAt');
      expect(step.event).toBe('applicant.submitted');
      expect(step.audit?.action).toBe('applicant.updated');
    });
  });

  it('redacts the identity values an edit recorded, keeps the status fields, and leaves an entry without any alone', () => {
    const detail = {
      changes: [
        { field: 'name', from: 'Ana', to: 'Ann' },
        { field: 'kycStatus', from: 'completed', to: 'queued' },
      ],
    };
    expect(withoutIdentityValues(detail)).toEqual({
      changes: [
        { field: 'name', from: REDACTED_VALUE, to: REDACTED_VALUE },
        { field: 'kycStatus', from: 'completed', to: 'queued' },
      ],
    });
    expect(withoutIdentityValues({ changes: [{ field: 'kycStatus', from: 'queued', to: 'pending' }] })).toBeUndefined();
    expect(withoutIdentityValues(withoutIdentityValues(detail))).toBeUndefined();
  });
});
