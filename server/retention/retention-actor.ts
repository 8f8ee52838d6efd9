import type { AuditActor } from '../audit/audit.service.js';

/** The retention rules (abandoned verifications, an organization's retention policy), as the audit trail names them. */
export const RETENTION_ACTOR: AuditActor = { id: null, username: 'retention' };
