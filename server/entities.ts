import { ApplicantImage } from './applicants/applicant-image.entity.js';
import { Applicant } from './applicants/applicant.entity.js';
import { AuditEvent } from './audit/audit-event.entity.js';
import { AuthToken } from './auth/auth-token.entity.js';
import { Session } from './sessions/session.entity.js';
import { UserTwoFactor } from './auth/two-factor/user-two-factor.entity.js';
import { OidcLink } from './auth/oidc/oidc-link.entity.js';
import { TwoFactorPolicy } from './auth/two-factor/two-factor-policy.entity.js';
import { UserPasskey } from './auth/passkeys/user-passkey.entity.js';
import { WebauthnChallenge } from './auth/passkeys/webauthn-challenge.entity.js';
import { OutboxMail } from './mail/outbox-mail.entity.js';
import { IdempotencyRecord } from './common/idempotency/idempotency-record.entity.js';
import { OrganizationInvitation } from './organizations/organization-invitation.entity.js';
import { OrganizationMember } from './organizations/organization-member.entity.js';
import { Organization } from './organizations/organization.entity.js';
import { Permission } from './roles/permission.entity.js';
import { RateLimitRow } from './common/rate-limit/rate-limit.entity.js';
import { VerificationSession } from './kyc/verification-session.entity.js';
import { JobLock } from './common/jobs/job-lock.entity.js';
import { ApplicantCheck } from './applicants/applicant-check.entity.js';
import { Tag } from './applicants/tags/tag.entity.js';
import { ApplicantTag } from './applicants/tags/applicant-tag.entity.js';
import { ApplicantView } from './review/views/applicant-view.entity.js';
import { UserPreferences } from './users/preferences/user-preferences.entity.js';
import { AnalysisJob } from './applicants/analysis/analysis-job.entity.js';
import { ApplicantFace } from './faces/applicant-face.entity.js';
import { FaceBlocklistEntry } from './faces/face-blocklist-entry.entity.js';
import { FaceCrop, FaceCropMove } from './faces/face-crop.entity.js';
import { FaceModelMigration } from './faces/face-model-migration.entity.js';
import { SanctionsListEntity } from './sanctions/sanctions-list-entity.entity.js';
import { SanctionsListImport } from './sanctions/sanctions-list-import.entity.js';
import { VerificationPolicy } from './policy/verification-policy.entity.js';
import { SanctionsRescreen } from './applicant-screening/sanctions-rescreen.entity.js';
import { ScreeningHitReview } from './applicant-screening/screening-hit-review.entity.js';
import { UserImage } from './users/user-image.entity.js';
import { User } from './users/user.entity.js';
import { ApplicantErasure } from './retention/erasure/applicant-erasure.entity.js';
import { DataEncryptionKeyRecord } from './data-protection/data-encryption-key.entity.js';
import { WebhookDelivery } from './webhooks/webhook-delivery.entity.js';
import { WebhookEvent } from './webhooks/webhook-event.entity.js';
import { DecisionLabel } from './review/decisions/decision-label.entity.js';
import { ApplicantDecision } from './review/decisions/applicant-decision.entity.js';
import { PendingDecision } from './review/decisions/pending-decision.entity.js';
import { ReviewSettings } from './review/decisions/review-settings.entity.js';
import { ReviewerPreferences } from './review/decisions/reviewer-preferences.entity.js';
import { SupersededImage } from './review/decisions/superseded-image.entity.js';
import { ApplicantNote } from './review/notes/applicant-note.entity.js';
import { AccuracyReport } from './admin/accuracy/accuracy-report.entity.js';

/** Every entity of the application, listed once for the app, ormconfig.ts and the migration tooling. */
export const entities: Function[] = [
  User,
  UserImage,
  Session,
  AuthToken,
  UserTwoFactor,
  OidcLink,
  TwoFactorPolicy,
  UserPasskey,
  WebauthnChallenge,
  RateLimitRow,
  OutboxMail,
  Permission,
  Organization,
  OrganizationMember,
  OrganizationInvitation,
  Applicant,
  ApplicantImage,
  AuditEvent,
  WebhookEvent,
  WebhookDelivery,
  ApplicantCheck,
  JobLock,
  VerificationSession,
  AnalysisJob,
  ApplicantFace,
  FaceBlocklistEntry,
  FaceCrop,
  FaceModelMigration,
  FaceCropMove,
  SanctionsListImport,
  SanctionsListEntity,
  ScreeningHitReview,
  SanctionsRescreen,
  VerificationPolicy,
  DecisionLabel,
  ApplicantDecision,
  PendingDecision,
  ReviewSettings,
  ReviewerPreferences,
  SupersededImage,
  ApplicantNote,
  Tag,
  ApplicantTag,
  ApplicantView,
  UserPreferences,
  DataEncryptionKeyRecord,
  ApplicantErasure,
  IdempotencyRecord,
  AccuracyReport,
];
