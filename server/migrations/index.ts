import { Initial1795225708831 } from './1795225708831-Initial.js';
import { SeedPermissions1795225800000 } from './1795225800000-SeedPermissions.js';
import { WebhookOutbox1795226199291 } from './1795226199291-WebhookOutbox.js';
import { ApplicantChecks1795226376333 } from './1795226376333-ApplicantChecks.js';
import { JobLocks1795229236050 } from './1795229236050-JobLocks.js';
import { ApplicantSortIndexes1795230254253 } from './1795230254253-ApplicantSortIndexes.js';
import { ApplicantListSearch1795230300000 } from './1795230300000-ApplicantListSearch.js';
import { ApplicantVersion1795473412237 } from './1795473412237-ApplicantVersion.js';
import { VerificationSessions1795474812223 } from './1795474812223-VerificationSessions.js';
import { IdentityKeys1795477204649 } from './1795477204649-IdentityKeys.js';
import { MemberInvitations1795484681222 } from './1795484681222-MemberInvitations.js';
import { AnalysisJobs1795486492113 } from './1795486492113-AnalysisJobs.js';
import { DocumentAnalysis1795487035380 } from './1795487035380-DocumentAnalysis.js';
import { PhotoQuality1795488950007 } from './1795488950007-PhotoQuality.js';
import { FaceChecks1795507628289 } from './1795507628289-FaceChecks.js';
import { SanctionsLists1795516420806 } from './1795516420806-SanctionsLists.js';
import { ScreeningAndPolicy1795517561464 } from './1795517561464-ScreeningAndPolicy.js';
import { OrganizationCascades1795530280886 } from './1795530280886-OrganizationCascades.js';
import { ReviewerDecisions1795530037725 } from './1795530037725-ReviewerDecisions.js';
import { WorkQueue1795530232367 } from './1795530232367-WorkQueue.js';
import { ApplicantsAssigneeKey1795534562460 } from './1795534562460-ApplicantsAssigneeKey.js';
import { ApplicantNotesAuthor1795541025740 } from './1795541025740-ApplicantNotesAuthor.js';
import { DataEncryptionKeys1795543790247 } from './1795543790247-DataEncryptionKeys.js';
import { UserTwoFactor1795544027620 } from './1795544027620-UserTwoFactor.js';
import { ApplicantErasures1795544509593 } from './1795544509593-ApplicantErasures.js';
import { OidcLinks1795552669230 } from './1795552669230-OidcLinks.js';
import { Retention1795552711053 } from './1795552711053-Retention.js';
import { Passkeys1795552993818 } from './1795552993818-Passkeys.js';
import { IdempotencyKeys1795556001635 } from './1795556001635-IdempotencyKeys.js';
import { SecondFactorLock1795820896540 } from './1795820896540-SecondFactorLock.js';
import { FaceCrops1795820971160 } from './1795820971160-FaceCrops.js';
import { AccuracyReports1795933285970 } from './1795933285970-AccuracyReports.js';
import { CaptureReports1795990000000 } from './1795990000000-CaptureReports.js';
import { ReviewQueueLocks1796000000000 } from './1796000000000-ReviewQueueLocks.js';
import { FaceModels1795958170791 } from './1795958170791-FaceModels.js';
import { ResubmissionFields1796010000000 } from './1796010000000-ResubmissionFields.js';
/** Every migration, in order; `npm run migration:generate -- <Name>` appends new ones. */
export const migrations: Function[] = [
  Initial1795225708831,
  SeedPermissions1795225800000,
  WebhookOutbox1795226199291,
  ApplicantChecks1795226376333,
  JobLocks1795229236050,
  ApplicantSortIndexes1795230254253,
  ApplicantListSearch1795230300000,
  ApplicantVersion1795473412237,
  VerificationSessions1795474812223,
  IdentityKeys1795477204649,
  MemberInvitations1795484681222,
  AnalysisJobs1795486492113,
  DocumentAnalysis1795487035380,
  PhotoQuality1795488950007,
  FaceChecks1795507628289,
  SanctionsLists1795516420806,
  ScreeningAndPolicy1795517561464,
  ReviewerDecisions1795530037725,
  WorkQueue1795530232367,
  OrganizationCascades1795530280886,
  ApplicantsAssigneeKey1795534562460,
  ApplicantNotesAuthor1795541025740,
  DataEncryptionKeys1795543790247,
  UserTwoFactor1795544027620,
  ApplicantErasures1795544509593,
  OidcLinks1795552669230,
  Retention1795552711053,
  Passkeys1795552993818,
  IdempotencyKeys1795556001635,
  SecondFactorLock1795820896540,
  FaceCrops1795820971160,
  AccuracyReports1795933285970,
  FaceModels1795958170791,
  CaptureReports1795990000000,
  ReviewQueueLocks1796000000000,
  ResubmissionFields1796010000000,
];
