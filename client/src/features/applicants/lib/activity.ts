import type { AuditEventDto } from '../../../api/generated/types.gen';
import { kycStatusLabel } from '../../../lib/kyc-status';
import { displayIdentityValue, fieldLabel } from './identity-fields';

const ACTION_LABELS: Readonly<Record<string, string>> = {
  'applicant.submitted': 'Submitted verification',
  'applicant.prechecked': 'Automatic checks ran',
  'applicant.viewed': 'Viewed the details',
  'applicant.updated': 'Edited',
  'applicant.reset': 'Reset',
  'applicant.approved': 'Approved',
  'applicant.rejected': 'Rejected',
  'applicant.held': 'Put on hold',
};

export function activityLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** Views are recorded for the audit but are not changes; the list shows them quietly. */
export function isQuietActivity(action: string): boolean {
  return action === 'applicant.viewed';
}

export interface FieldChangeLine {
  field: string;
  from: string;
  to: string;
}

function displayValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (field === 'kycStatus') return kycStatusLabel(text);
  return displayIdentityValue(field, text);
}

/** `detail.changes` of applicant.updated as display lines; anything malformed is skipped. */
export function changeLines(event: Pick<AuditEventDto, 'detail'>): FieldChangeLine[] {
  const changes = event.detail?.changes;
  if (!Array.isArray(changes)) return [];
  return changes.flatMap((change: unknown) => {
    if (typeof change !== 'object' || change === null) return [];
    const { field, from, to } = change as { field?: unknown; from?: unknown; to?: unknown };
    if (typeof field !== 'string') return [];
    return [{ field: fieldLabel(field), from: displayValue(field, from), to: displayValue(field, to) }];
  });
}

/** The one-line note of a decision or reset: a reason, a previous status. */
export function activityNote(event: Pick<AuditEventDto, 'action' | 'detail'>): string | null {
  const detail = event.detail ?? {};
  const reason = typeof detail.reason === 'string' && detail.reason !== '' ? detail.reason : null;
  if (event.action === 'applicant.rejected') {
    const type = detail.rejectType === 'final' ? 'final' : 'resubmission allowed';
    return reason ? `${reason} (${type})` : type;
  }
  if (event.action === 'applicant.held') return reason;
  if (event.action === 'applicant.reset' && typeof detail.previousStatus === 'string') {
    return `Was ${kycStatusLabel(detail.previousStatus)}`;
  }
  return null;
}
