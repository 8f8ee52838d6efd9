/** What the audit trail records; the activity screen shows these names. */
export const AUDIT_ACTIONS = [
  'organization.created',
  'organization.settings_changed',
  'member.invited',
  'member.invitation_revoked',
  'member.invitation_declined',
  /** An invitation accepted (its actor is the new member). */
  'member.added',
  'member.removed',
  'applicant.submitted',
  'applicant.prechecked',
  'applicant.analysed',
  'applicant.viewed',
  'applicant.updated',
  'applicant.reset',
  'applicant.approved',
  'applicant.rejected',
  'applicant.held',
  'applicant.photo_uploaded',
  'applicant.data_entered',
  /** Staff put the applicant's face on the organization's blocklist, or took it off. */
  'applicant.face_blocklisted',
  'applicant.face_unblocklisted',
  'verification.session_created',
  'verification.session_revoked',
  'applicants.abandoned_removed',
  /** A super-admin, the CLI or the pick-up directory imported a sanctions list file, or one was refused. */
  'sanctions_list.imported',
  'sanctions_list.import_failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
