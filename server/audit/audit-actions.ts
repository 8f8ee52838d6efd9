/** What the audit trail records; the activity screen shows these names. */
export const AUDIT_ACTIONS = [
  'organization.created',
  'organization.settings_changed',
  /** The owner handed the organization to a member (from, to); the previous owner stays a member. */
  'organization.ownership_transferred',
  /** The organization and everything in it removed; the entry keeps its name and counts, no personal data. */
  'organization.deleted',
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
  /** A reviewer marked a sanctions hit a true match or a false positive, with a note. */
  'applicant.screening_hit_reviewed',
  /** Ongoing monitoring rescreened a verified applicant and found a new hit. */
  'applicant.screening_hit',
  /** A reviewer asked for the screening of an applicant never screened against a list ("Screen now"). */
  'applicant.screening_requested',
  /** A later applicant's face analysis found this applicant's face: its duplicate-face check now names that applicant. */
  'applicant.duplicate_found',
  /** The verification policy left the applicant for a person, naming the rule (approvals and rejections are recorded as such, with their rule). */
  'applicant.policy_queued',
  /** A reviewer undid their decision within its undo window (its webhook was never sent). */
  'applicant.decision_undone',
  /** Four-eyes: a decision proposed, awaiting a second reviewer, and declined by one (a confirmed one is recorded as the decision). */
  'applicant.decision_proposed',
  'applicant.decision_declined',
  /** Staff asked the end user to redo one step (a document side, the selfie or the personal data). */
  'applicant.resubmission_requested',
  /** Internal notes: the entry names the note, never its text. */
  'applicant.note_added',
  'applicant.note_edited',
  'applicant.note_deleted',
  /** Decision labels and the review settings (four-eyes) of an organization. */
  'organization.label_created',
  'organization.label_updated',
  'organization.label_deleted',
  'organization.review_settings_changed',
  /** The owner changed the verification policy (before and after). */
  'organization.policy_changed',
  'verification.session_created',
  'verification.session_revoked',
  'applicants.abandoned_removed',
  /** The owner changed how long applicants' data is kept ({ before, after } in days). */
  'organization.retention_changed',
  /** The retention job removed decided applicants' photos, selfies and face data, or erased them ({ count, applicantIds, decidedBefore }: ids, never personal values). */
  'retention.images_removed',
  'retention.identity_erased',
  /** An owner or admin put an applicant on legal hold (exempt from retention and erasure) or lifted it ({ reason }). */
  'applicant.legal_hold_placed',
  'applicant.legal_hold_lifted',
  /** An applicant erased (GDPR Art. 17): its id only; the reason is in the tombstone. */
  'applicant.erased',
  /** A super-admin, the CLI or the pick-up directory imported a sanctions list file, or one was refused. */
  'sanctions_list.imported',
  'sanctions_list.import_failed',
  /** Verified applicants were queued for rescreening after a list import. */
  'sanctions_list.rescreen_started',
  /** Work queue: an applicant assigned to a staff member or released ({ from, to } user ids); assignment is not a lifecycle change. */
  'applicant.assigned',
  'applicant.unassigned',
  /** An organization tag put on an applicant or taken off ({ tagId, name }). */
  'applicant.tagged',
  'applicant.untagged',
  /** The filtered list exported as CSV ({ filters, rows }: which filters, never a personal value). */
  'applicant.list_exported',
  /** An owner or admin created, changed or deleted one of the organization's tags. */
  'tag.created',
  'tag.updated',
  'tag.deleted',
  /** A saved view of the applicants list, saved or deleted ({ name, shared }). */
  'applicant_view.saved',
  'applicant_view.deleted',
  /** Staff sign-in: an authenticator app (TOTP) enrolled or removed; a second factor used or refused ({ method }). */
  'account.totp_enabled',
  'account.totp_removed',
  'account.second_factor_used',
  'account.second_factor_failed',
  /**
   * Single sign-on ({ provider }): signed in, an account created on first sign-in
   * ({ role }), an existing account linked by its verified e-mail, or a sign-in refused
   * ({ code, email? }; its actor names the provider when no account was found).
   */
  'account.sso_signed_in',
  'account.sso_account_created',
  'account.sso_linked',
  /** An unconfirmed account with the address a provider vouched for lost its password, API key, sessions and factors, and was linked. */
  'account.sso_claimed_unconfirmed',
  'account.sso_refused',
  /** Passkeys: one registered or removed ({ passkeyId, name }); one used to sign in or refused ({ passkeyId, purpose: sign-in | second-factor, reason }). */
  'account.passkey_added',
  'account.passkey_removed',
  'account.passkey_used',
  'account.passkey_failed',
  /** A super-admin changed whose sign-in must have a second factor platform-wide ({ from, to }). */
  'settings.two_factor_policy_changed',
  /** The user ended one of their other sessions, or all of them ({ count }). */
  'account.sessions_revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
