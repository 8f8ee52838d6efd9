import { describe, expect, it } from 'vitest';

import { activityLabel, activityNote, activityOrigin } from './activity';

const SESSION_ID = '3f2a9c1e-7d1f-4c55-9a3e-0c6b2f1d8e47';

describe('activity of the verification page and its sessions', () => {
  it('gives every new action a human label', () => {
    expect(activityLabel('applicant.photo_uploaded')).toBe('Uploaded a photo');
    expect(activityLabel('applicant.data_entered')).toBe('Entered personal data');
    expect(activityLabel('verification.session_created')).toBe('Verification session started');
    expect(activityLabel('verification.session_revoked')).toBe('Verification link revoked');
    expect(activityLabel('applicants.abandoned_removed')).toBe('Removed unfinished verifications');
    expect(activityLabel('organization.settings_changed')).toBe('Changed the verification link settings');
    expect(activityLabel('applicant.face_blocklisted')).toBe('Marked the face as fraudulent (blocklist)');
    expect(activityLabel('applicant.face_unblocklisted')).toBe('Took the face off the blocklist');
    expect(activityLabel('something.new')).toBe('something.new');
  });

  it('says which photo, which fields, which kind of session', () => {
    expect(activityNote({ action: 'applicant.photo_uploaded', detail: { docType: 'ID_CARD', side: 'back' } })).toBe('ID card, back');
    expect(
      activityNote({ action: 'applicant.approved', detail: { previousStatus: 'queued', override: { reason: 'A namesake', risks: ['sanctions-true-match'] } } }),
    ).toBe('Override: “A namesake” (past sanctions-true-match)');
    expect(activityNote({ action: 'applicant.photo_uploaded', detail: { docType: 'SELFIE', side: null } })).toBe('Selfie');
    expect(activityNote({ action: 'applicant.data_entered', detail: { fields: ['name', 'dateOfBirth', 'docNumber'] } })).toBe(
      'Name, Date of Birth, Doc Number',
    );
    expect(activityNote({ action: 'verification.session_created', detail: { kind: 'link' } })).toBe("A link created by the integrator's server");
    expect(activityNote({ action: 'verification.session_created', detail: { kind: 'resume' } })).toBe('Started from a public companyKey link');
    expect(activityNote({ action: 'applicants.abandoned_removed', detail: { count: 3, applicantIds: ['a', 'b', 'c'] } })).toBe('3 never submitted');
    expect(
      activityNote({
        action: 'organization.settings_changed',
        detail: { allowCompanyKeyLinks: false, redirectAllowList: ['https://shop.example.com'] },
      }),
    ).toBe('Public companyKey links off; redirect origins: https://shop.example.com');
    expect(activityNote({ action: 'applicant.photo_uploaded', detail: { docType: 'SELFIE', side: 'turned' } })).toBe('Selfie, head turned');
    expect(activityNote({ action: 'applicant.face_blocklisted', detail: { reason: 'Stolen passport', entryId: 3 } })).toBe('Stolen passport');
    expect(activityNote({ action: 'applicant.face_unblocklisted', detail: { entryIds: [3] } })).toBeNull();
    expect(activityNote({ action: 'applicant.data_entered', detail: null })).toBeNull();
  });

  it('reads the session (shortened) and the IP address of a step', () => {
    expect(activityOrigin({ detail: { sessionId: SESSION_ID, ip: '203.0.113.10' } })).toEqual({
      sessionId: SESSION_ID,
      shortSessionId: '3f2a9c1e',
      ip: '203.0.113.10',
    });
    expect(activityOrigin({ detail: { sessionId: SESSION_ID, ip: '::ffff:127.0.0.1' } })?.ip).toBe('127.0.0.1');
    expect(activityOrigin({ detail: { ip: '2001:db8::1' } })).toEqual({ sessionId: null, shortSessionId: null, ip: '2001:db8::1' });
    expect(activityOrigin({ detail: { changes: [] } })).toBeNull();
    expect(activityOrigin({ detail: null })).toBeNull();
  });

  it('names the decision steps: undo, four-eyes proposals, resubmission requests, notes (never their text)', () => {
    expect(activityLabel('applicant.decision_undone')).toBe('Undid a decision');
    expect(activityLabel('applicant.note_added')).toBe('Added a note');
    expect(activityNote({ action: 'applicant.decision_undone', detail: { decision: 'approve', decidedBy: 'alice', webhooksCancelled: 1 } })).toBe(
      'Approval by alice, before it was sent',
    );
    expect(activityNote({ action: 'applicant.decision_proposed', detail: { decision: 'reject', label: 'SUSPECTED_FRAUD', noted: true } })).toBe(
      'Rejection — SUSPECTED_FRAUD',
    );
    expect(activityNote({ action: 'applicant.decision_declined', detail: { decision: 'reject', proposedBy: 'bob' } })).toBe('Rejection proposed by bob');
    expect(activityNote({ action: 'applicant.resubmission_requested', detail: { step: 'selfie', label: 'SELFIE_UNCLEAR', attempt: 2 } })).toBe(
      'Selfie — SELFIE_UNCLEAR',
    );
    expect(activityNote({ action: 'applicant.note_added', detail: { noteId: 'n1', length: 12 } })).toBeNull();
  });

  it("says which later applicant has the applicant's face", () => {
    expect(activityLabel('applicant.duplicate_found')).toBe('Its face found on a later applicant');
    const found = { duplicateOf: 'user-77', similarity: 0.82, differentIdentity: true, verdict: 'failed' };
    expect(activityNote({ action: 'applicant.duplicate_found', detail: found })).toBe('user-77 (different name or date of birth)');
    expect(activityNote({ action: 'applicant.duplicate_found', detail: { ...found, differentIdentity: false } })).toBe('user-77 (same name and date of birth)');
  });
});

describe('activity of a reset and of a requested screening', () => {
  it('shows the reason a reset was given, with the status it left', () => {
    expect(activityNote({ action: 'applicant.reset', detail: { previousStatus: 'completed', imagesRemoved: 2, reason: 'Asked to start again' } })).toBe(
      'Was Completed — “Asked to start again”',
    );
    // Entries recorded before resets had a reason.
    expect(activityNote({ action: 'applicant.reset', detail: { previousStatus: 'queued', imagesRemoved: 0 } })).toBe('Was Queued');
  });

  it('names a requested screening and the lists it ran against', () => {
    expect(activityLabel('applicant.screening_requested')).toBe('Asked for a sanctions screening');
    expect(activityNote({ action: 'applicant.screening_requested', detail: { lists: [{ source: 'ofac-sdn', version: '2026-11-01' }] } })).toBe(
      'Against ofac-sdn',
    );
  });
});
