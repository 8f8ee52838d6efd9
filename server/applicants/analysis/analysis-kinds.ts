import type { AuditActor } from '../../audit/audit.service.js';

/** The analysis jobs queued at submission: reading the document, and the faces. */
export const DOCUMENT_ANALYSIS = 'document';
export const FACE_ANALYSIS = 'face';
/** Screening the declared identity against the sanctions lists, queued at submission too. */
export const SCREENING_ANALYSIS = 'screening';
/** The analyses of a submission: the verification policy decides when all of them are in. */
export const SUBMISSION_ANALYSES: readonly string[] = [DOCUMENT_ANALYSIS, FACE_ANALYSIS, SCREENING_ANALYSIS];
/** Ongoing monitoring: a verified applicant screened again after a list changed (not part of a submission). */
export const RESCREENING = 'rescreening';

/** The automatic analyses, as the audit trail names them. */
export const ANALYSIS_ACTOR: AuditActor = { id: null, username: 'analysis' };
