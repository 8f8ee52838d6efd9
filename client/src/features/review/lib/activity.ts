import type { AuditEventDto } from '../../../api/generated/types.gen';
import { kycStatusLabel } from '../../../lib/kyc-status';
import { imageCaption } from '../../../lib/applicant-labels';
import { displayIdentityValue, fieldLabel } from './identity-fields';

const ACTION_LABELS: Readonly<Record<string, string>> = {
  'applicant.submitted': 'Submitted verification',
  'applicant.prechecked': 'Automatic checks ran',
  'applicant.analysed': 'Documents analysed',
  'applicant.viewed': 'Viewed the details',
  'applicant.updated': 'Edited',
  'applicant.reset': 'Reset',
  'applicant.approved': 'Approved',
  'applicant.rejected': 'Rejected',
  'applicant.held': 'Put on hold',
  'applicant.photo_uploaded': 'Uploaded a photo',
  'applicant.data_entered': 'Entered personal data',
  'applicant.face_blocklisted': 'Marked the face as fraudulent (blocklist)',
  'applicant.face_unblocklisted': 'Took the face off the blocklist',
  'verification.session_created': 'Verification session started',
  'verification.session_revoked': 'Verification link revoked',
  'applicants.abandoned_removed': 'Removed unfinished verifications',
  'applicant.erased': 'Erased an applicant',
  'organization.retention_changed': 'Changed the retention policy',
  'retention.images_removed': 'Removed photos under the retention policy',
  'retention.identity_erased': 'Erased applicants under the retention policy',
  'applicant.legal_hold_placed': 'Placed a legal hold',
  'applicant.legal_hold_lifted': 'Lifted the legal hold',
  'organization.settings_changed': 'Changed the verification link settings',
  'applicant.screening_hit_reviewed': 'Reviewed a sanctions hit',
  'applicant.screening_hit': 'Found on a sanctions list by ongoing monitoring',
  'applicant.screening_requested': 'Asked for a sanctions screening',
  'applicant.duplicate_found': 'Its face found on a later applicant',
  'applicant.policy_queued': 'Left for a person by the verification policy',
  'organization.created': 'Created the organization',
  'organization.policy_changed': 'Changed the verification policy',
  'organization.ownership_transferred': 'Transferred ownership',
  'member.invited': 'Invited a member',
  'member.invitation_revoked': 'Revoked an invitation',
  'member.invitation_declined': 'Declined an invitation',
  'member.added': 'Joined as a member',
  'member.removed': 'Removed a member',
  'applicant.decision_undone': 'Undid a decision',
  'applicant.decision_proposed': 'Proposed a decision for a second review',
  'applicant.decision_declined': 'Declined a proposed decision',
  'applicant.resubmission_requested': 'Asked to redo one step',
  'applicant.note_added': 'Added a note',
  'applicant.note_edited': 'Edited a note',
  'applicant.note_deleted': 'Deleted a note',
};

const DECISION_NAMES: Readonly<Record<string, string>> = { approve: 'Approval', reject: 'Rejection', hold: 'Hold' };
const STEP_NAMES: Readonly<Record<string, string>> = {
  'document-front': 'Document front',
  'document-back': 'Document back',
  selfie: 'Selfie',
  'personal-data': 'Personal data',
};

/** Every action the Activity screen can filter by, with its label, in a reading order. */
export const ACTIVITY_ACTIONS: readonly { action: string; label: string }[] = Object.entries(ACTION_LABELS)
  .map(([action, label]) => ({ action, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** How a verification session began (`detail.kind` of verification.session_created). */
const SESSION_KINDS: Readonly<Record<string, string>> = {
  link: "A link created by the integrator's server",
  resume: 'Started from a public companyKey link',
  staff: 'Opened by staff',
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

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** An approval past risks: the reviewer's reason and what it passed over. */
function overrideNote(override: unknown): string | null {
  if (typeof override !== 'object' || override === null) return null;
  const { reason, risks } = override as { reason?: unknown; risks?: unknown };
  const past = Array.isArray(risks) && risks.length > 0 ? ` (past ${risks.join(', ')})` : '';
  return text(reason) ? `Override: “${text(reason)}”${past}` : null;
}

/** The one-line note of an entry: a reason, a previous status, the photo, the fields entered… */
export function activityNote(event: Pick<AuditEventDto, 'action' | 'detail'>): string | null {
  const detail = event.detail ?? {};
  const reason = text(detail.reason);
  // An automatic decision names the policy's rule that made it.
  const rule = detail.automatic === true && text(detail.rule) ? ` — rule ${text(detail.rule)}` : '';
  if (event.action === 'applicant.rejected') {
    const type = detail.rejectType === 'final' ? 'final' : 'resubmission allowed';
    return (reason ? `${reason} (${type})` : type) + rule;
  }
  if (event.action === 'applicant.approved') return overrideNote(detail.override) ?? (rule ? rule.slice(3) : null);
  if (event.action === 'applicant.policy_queued') return [text(detail.rule) && `rule ${text(detail.rule)}`, reason].filter(Boolean).join(': ') || null;
  if (event.action === 'applicant.screening_hit_reviewed') {
    const verdict = detail.verdict === 'true-match' ? 'True match' : 'False positive';
    return `${verdict}: ${text(detail.entity) ?? text(detail.hit) ?? 'hit'}${text(detail.note) ? ` — “${text(detail.note)}”` : ''}`;
  }
  if (event.action === 'applicant.screening_hit' && Array.isArray(detail.hits)) {
    return (
      detail.hits
        .map((hit: unknown) => (hit && typeof hit === 'object' ? text((hit as Record<string, unknown>).name) : null))
        .filter(Boolean)
        .join(', ') || null
    );
  }
  if (event.action === 'applicant.duplicate_found' && text(detail.duplicateOf)) {
    return `${text(detail.duplicateOf)} (${detail.differentIdentity === true ? 'different' : 'same'} name${detail.differentIdentity === true ? ' or' : ' and'} date of birth)`;
  }
  if (['applicant.held', 'applicant.face_blocklisted', 'applicant.legal_hold_placed', 'applicant.legal_hold_lifted'].includes(event.action)) return reason;
  if (event.action === 'applicant.resubmission_requested') {
    return [STEP_NAMES[text(detail.step) ?? ''] ?? text(detail.step), text(detail.label)].filter(Boolean).join(' — ') || null;
  }
  if (event.action === 'applicant.decision_undone') {
    return `${DECISION_NAMES[text(detail.decision) ?? ''] ?? 'Decision'} by ${text(detail.decidedBy) ?? 'a reviewer'}, before it was sent`;
  }
  if (event.action === 'applicant.decision_proposed' || event.action === 'applicant.decision_declined') {
    const proposer = event.action === 'applicant.decision_declined' && text(detail.proposedBy) ? ` proposed by ${text(detail.proposedBy)}` : '';
    return `${DECISION_NAMES[text(detail.decision) ?? ''] ?? 'Decision'}${text(detail.label) ? ` — ${text(detail.label)}` : ''}${proposer}`;
  }
  if (event.action === 'applicant.reset') {
    const was = typeof detail.previousStatus === 'string' ? `Was ${kycStatusLabel(detail.previousStatus)}` : null;
    return [was, reason && `“${reason}”`].filter(Boolean).join(' — ') || null;
  }
  if (event.action === 'applicant.screening_requested' && Array.isArray(detail.lists)) {
    const lists = detail.lists
      .map((list: unknown) => (list && typeof list === 'object' ? text((list as Record<string, unknown>).source) : null))
      .filter(Boolean)
      .join(', ');
    return lists ? `Against ${lists}` : null;
  }
  switch (event.action) {
    case 'applicant.photo_uploaded': {
      const docType = text(detail.docType);
      return docType ? imageCaption(docType, text(detail.side)) : null;
    }
    case 'applicant.data_entered':
      return Array.isArray(detail.fields) && detail.fields.length > 0
        ? detail.fields
            .filter((field): field is string => typeof field === 'string')
            .map(fieldLabel)
            .join(', ')
        : null;
    case 'verification.session_created':
      return SESSION_KINDS[text(detail.kind) ?? ''] ?? null;
    case 'applicants.abandoned_removed':
      return typeof detail.count === 'number' ? `${detail.count} never submitted` : null;
    case 'retention.images_removed':
    case 'retention.identity_erased': {
      const before = text(detail.decidedBefore);
      return typeof detail.count === 'number' ? `${detail.count} decided before ${before ? new Date(before).toLocaleDateString() : 'the limit'}` : null;
    }
    case 'organization.retention_changed':
      return retentionSummary(detail.after);
    case 'organization.settings_changed': {
      const links = detail.allowCompanyKeyLinks === false ? 'Public companyKey links off' : 'Public companyKey links allowed';
      const origins = Array.isArray(detail.redirectAllowList) ? detail.redirectAllowList.filter((origin) => typeof origin === 'string') : [];
      return `${links}; redirect origins: ${origins.length > 0 ? origins.join(', ') : 'none'}`;
    }
    default:
      return null;
  }
}

const retentionDays = (value: unknown, none: string) => (typeof value === 'number' ? `${value} days` : none);

/** A retention policy in one line: photos, identity, unsubmitted verifications. */
function retentionSummary(policy: unknown): string | null {
  if (!policy || typeof policy !== 'object') return null;
  const { imagesDays, identityDays, abandonedDays } = policy as Record<string, unknown>;
  return `Photos: ${retentionDays(imagesDays, 'kept')}; identity: ${retentionDays(identityDays, 'kept')}; never submitted: ${retentionDays(abandonedDays, 'server default')}`;
}

/** Characters of a session id the list shows (the whole id is in its tooltip). */
export const SHORT_SESSION_ID_LENGTH = 8;

export interface ActivityOrigin {
  /** The verification session the step came through, whole and shortened. */
  sessionId: string | null;
  shortSessionId: string | null;
  /** The caller's IP address (an IPv4 address written the IPv6 way is shown plainly). */
  ip: string | null;
}

/** Where a verification-page step came from: `detail.sessionId` and `detail.ip`; null when neither. */
export function activityOrigin(event: Pick<AuditEventDto, 'detail'>): ActivityOrigin | null {
  const sessionId = text(event.detail?.sessionId);
  const ip = text(event.detail?.ip)?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1') ?? null;
  if (!sessionId && !ip) return null;
  return { sessionId, shortSessionId: sessionId ? sessionId.slice(0, SHORT_SESSION_ID_LENGTH) : null, ip };
}
