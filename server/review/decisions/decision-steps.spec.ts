import { Applicant } from '../../applicants/applicant.entity.js';
import { requireRequestedStep } from './decision-changes.js';
import {
  decisionSnapshot,
  decisionStep,
  restartStep,
  resubmissionRequestStep,
  reviewerDecisionStep,
  undoDecisionStep,
} from '../../applicants/lifecycle/transitions.js';
import { undoWindowMs, UNDO_WINDOW_MS } from './default-labels.js';

const decidedAt = new Date('2026-11-20T10:00:00.000Z');
const label = { id: 'label-1', code: 'DOCUMENT_EXPIRED', title: 'Document expired' };

function applicant(fields: Partial<Applicant> = {}): Applicant {
  return Object.assign(new Applicant(), {
    id: 'a',
    organizationId: 'o',
    userId: 'u',
    kycStatus: 'queued',
    reviewAnswer: null,
    rejectType: null,
    rejectReason: null,
    documentType: 'ID_CARD',
    decidedAt: null,
    decisionLabelId: null,
    resubmissionStep: null,
    attempt: 1,
    sessionGeneration: 3,
    version: 5,
    ...fields,
  });
}

describe('reviewer decisions', () => {
  it('a labelled rejection keeps the label, sends its code and title, and records only that a note came', () => {
    const step = reviewerDecisionStep(applicant(), { kind: 'reject', reason: 'Document expired', rejectType: 'final' }, decidedAt, {
      label,
      proposedBy: 'alice',
      noted: true,
    });
    expect(step.changes).toMatchObject({
      kycStatus: 'completed',
      reviewAnswer: 'rejected',
      rejectReason: 'Document expired',
      decisionLabelId: 'label-1',
      resubmissionStep: null,
      decidedAt,
    });
    expect(step.eventExtra).toEqual({ label: { code: 'DOCUMENT_EXPIRED', title: 'Document expired' } });
    expect(step.audit).toEqual({
      action: 'applicant.rejected',
      detail: { previousStatus: 'queued', reason: 'Document expired', rejectType: 'final', label: 'DOCUMENT_EXPIRED', proposedBy: 'alice', noted: true },
    });
  });

  it('an approval carries no label, even when one was sent', () => {
    const step = reviewerDecisionStep(applicant(), { kind: 'approve' }, decidedAt, { label, proposedBy: null, noted: false });
    expect(step.changes.decisionLabelId).toBeNull();
    expect(step.eventExtra).toBeUndefined();
    expect(step.audit?.detail).toEqual({ previousStatus: 'queued' });
  });

  it('a decision without a label, or a new attempt, leaves no earlier label behind (the page would show its text)', () => {
    const labelled = applicant({ kycStatus: 'completed', reviewAnswer: 'rejected', rejectType: 'resubmission', decisionLabelId: 'old' });
    expect(decisionStep(labelled, { kind: 'reject', reason: 'Auto', rejectType: 'final' }, decidedAt).changes.decisionLabelId).toBeNull();
    expect(decisionStep(labelled, { kind: 'hold' }, decidedAt).changes.decisionLabelId).toBeNull();
    expect(restartStep(labelled).changes).toMatchObject({ kycStatus: 'pending', decisionLabelId: null });
  });

  it('undo writes back exactly the snapshot taken before the decision', () => {
    const before = applicant({ kycStatus: 'onHold', decidedAt: new Date('2026-11-19T08:00:00.000Z'), decisionLabelId: 'hold-label' });
    const snapshot = decisionSnapshot(before);
    const step = undoDecisionStep(snapshot, { decision: 'approve', decidedBy: 'bob', webhooksCancelled: 1 });
    expect(step.changes).toEqual({
      kycStatus: 'onHold',
      reviewAnswer: null,
      rejectType: null,
      rejectReason: null,
      decidedAt: new Date('2026-11-19T08:00:00.000Z'),
      decisionLabelId: 'hold-label',
      resubmissionStep: null,
    });
    expect(step.event).toBeUndefined();
    expect(step.audit).toEqual({
      action: 'applicant.decision_undone',
      detail: { decision: 'approve', decidedBy: 'bob', webhooksCancelled: 1, restoredStatus: 'onHold' },
    });
  });

  it('a resubmission request reopens one step, raises the attempt and revokes older links', () => {
    const step = resubmissionRequestStep(applicant({ kycStatus: 'completed', reviewAnswer: 'rejected' }), 'selfie', label, decidedAt, false);
    expect(step.changes).toMatchObject({
      kycStatus: 'pending',
      reviewAnswer: null,
      resubmissionStep: 'selfie',
      attempt: 2,
      sessionGeneration: 4,
      decisionLabelId: 'label-1',
    });
    expect(step.event).toBe('applicant.resubmission_requested');
    expect(step.eventExtra).toEqual({ resubmission: { step: 'selfie' }, label: { code: 'DOCUMENT_EXPIRED', title: 'Document expired' } });
  });

  it('while a resubmission is under way, only the step asked for is taken', () => {
    const selfie = applicant({ resubmissionStep: 'selfie' });
    expect(() => requireRequestedStep(selfie, { docType: 'SELFIE', side: 'turned' })).not.toThrow();
    expect(() => requireRequestedStep(selfie, { docType: 'ID_CARD', side: 'front' })).toThrow('Only the step asked for may be redone');
    expect(() => requireRequestedStep(selfie, 'personal-data')).toThrow('Only the step asked for may be redone');
    const back = applicant({ resubmissionStep: 'document-back' });
    expect(() => requireRequestedStep(back, { docType: 'ID_CARD', side: 'back' })).not.toThrow();
    expect(() => requireRequestedStep(back, { docType: 'PASSPORT', side: 'back' })).toThrow();
    expect(() => requireRequestedStep(applicant(), { docType: 'PASSPORT', side: 'front' })).not.toThrow();
  });

  it('the undo window is 30 s unless configured; a bad value is refused', () => {
    expect(undoWindowMs({})).toBe(UNDO_WINDOW_MS);
    expect(UNDO_WINDOW_MS).toBe(30_000);
    expect(undoWindowMs({ DECISION_UNDO_WINDOW_SECONDS: '0' })).toBe(0);
    expect(undoWindowMs({ DECISION_UNDO_WINDOW_SECONDS: '12' })).toBe(12_000);
    expect(() => undoWindowMs({ DECISION_UNDO_WINDOW_SECONDS: 'soon' })).toThrow('DECISION_UNDO_WINDOW_SECONDS');
  });
});
