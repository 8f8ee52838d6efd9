/** What the audit trail records; the activity screen shows these names. */
export const AUDIT_ACTIONS = [
  'organization.created',
  'member.added',
  'member.removed',
  'applicant.submitted',
  'applicant.prechecked',
  'applicant.viewed',
  'applicant.updated',
  'applicant.reset',
  'applicant.approved',
  'applicant.rejected',
  'applicant.held',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
