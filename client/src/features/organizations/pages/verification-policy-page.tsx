import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';

import { getErrorMessage } from '../../../api/client';
import type {
  DocumentSignalKind,
  InjectionSignalKind,
  PolicyCheck,
  VerificationPolicyDetailsDto,
  VerificationPolicyDto,
} from '../../../api/generated/types.gen';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useOrganization } from '../api/get-organization';
import { useUpdateVerificationPolicy, useVerificationPolicy } from '../api/verification-policy';
import { canChangeSettings } from '../lib/organization-role';

import '../../../components/ui/text-field.css';
import './verification-policy-page.css';

/** The checks a policy may require, in the order of the analysis, with what each means. */
export const POLICY_CHECK_LABELS: readonly { name: PolicyCheck; label: string }[] = [
  { name: 'document-read', label: 'Document readable (machine-readable zone or barcode read)' },
  { name: 'data-matches-document', label: 'Typed data matches the document' },
  { name: 'face-match', label: 'Selfie matches the document portrait' },
  { name: 'liveness', label: 'Liveness challenge (head turn) passed' },
  { name: 'duplicate-face', label: 'Not a duplicate (face not under another identity or blocklisted)' },
  { name: 'sanctions-screening', label: 'Sanctions clear' },
  { name: 'adult', label: 'Applicant is an adult' },
  { name: 'document-not-expired', label: 'Document not expired' },
];

/** The document liveness signals a policy may queue on, with what each means. */
export const DOCUMENT_SIGNAL_LABELS: readonly { kind: DocumentSignalKind; label: string }[] = [
  { kind: 'screen', label: 'Queue when a screen capture is suspected (moiré, pixel grid)' },
  { kind: 'print', label: 'Queue when a print or photocopy is suspected (halftone dots, grey)' },
  { kind: 'edited', label: 'Queue when an edited image is suspected (editing software in the file)' },
];

/** The selfie's injection signals a policy may queue on (reported by the verification page). */
export const INJECTION_SIGNAL_LABELS: readonly { kind: InjectionSignalKind; label: string }[] = [
  { kind: 'virtual-camera', label: 'Queue when the camera is a virtual camera (OBS, ManyCam…)' },
  { kind: 'file-chosen', label: 'Queue when a file was chosen instead of the camera' },
  { kind: 'frame-timing', label: 'Queue when the frame timing is no camera’s' },
];

/** The form's state: thresholds as text, so a field may be empty while typed. */
interface Draft {
  queueOnDocumentSignals: DocumentSignalKind[];
  queueOnInjectionSignals: InjectionSignalKind[];
  requiredChecks: PolicyCheck[];
  autoApprove: boolean;
  requireDocumentRead: boolean;
  autoReject: boolean;
  secondReviewerForOverrides: boolean;
  faceMatchThreshold: string;
  screeningThreshold: string;
}

const draftOf = (policy: VerificationPolicyDetailsDto): Draft => ({
  queueOnDocumentSignals: [...(policy.queueOnDocumentSignals ?? DOCUMENT_SIGNAL_LABELS.map(({ kind }) => kind))],
  queueOnInjectionSignals: [...(policy.queueOnInjectionSignals ?? INJECTION_SIGNAL_LABELS.map(({ kind }) => kind))],
  requiredChecks: [...policy.requiredChecks],
  autoApprove: policy.autoApprove,
  requireDocumentRead: policy.requireDocumentRead ?? true,
  autoReject: policy.autoReject,
  secondReviewerForOverrides: policy.secondReviewerForOverrides ?? false,
  faceMatchThreshold: policy.faceMatchThreshold === null ? '' : String(policy.faceMatchThreshold),
  screeningThreshold: String(policy.screeningThreshold),
});

/** The body to save, or the problems that keep the draft from being saved. */
export function policyFromDraft(
  draft: Draft,
): { body: VerificationPolicyDto } | { errors: Partial<Record<'faceMatchThreshold' | 'screeningThreshold', string>> } {
  const errors: Partial<Record<'faceMatchThreshold' | 'screeningThreshold', string>> = {};
  const face = draft.faceMatchThreshold.trim() === '' ? null : Number(draft.faceMatchThreshold);
  if (face !== null && (!Number.isFinite(face) || face < 0 || face > 1))
    errors.faceMatchThreshold = 'A similarity from 0 to 1, or empty for the analysis’s own';
  const screening = Number(draft.screeningThreshold);
  if (draft.screeningThreshold.trim() === '' || !Number.isFinite(screening) || screening < 0.5 || screening > 1)
    errors.screeningThreshold = 'A score from 0.5 to 1';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      requiredChecks: POLICY_CHECK_LABELS.map(({ name }) => name).filter((name) => draft.requiredChecks.includes(name)),
      autoApprove: draft.autoApprove,
      requireDocumentRead: draft.requireDocumentRead,
      autoReject: draft.autoReject,
      secondReviewerForOverrides: draft.secondReviewerForOverrides,
      faceMatchThreshold: face,
      screeningThreshold: screening,
      queueOnDocumentSignals: DOCUMENT_SIGNAL_LABELS.map(({ kind }) => kind).filter((kind) => draft.queueOnDocumentSignals.includes(kind)),
      queueOnInjectionSignals: INJECTION_SIGNAL_LABELS.map(({ kind }) => kind).filter((kind) => draft.queueOnInjectionSignals.includes(kind)),
    },
  };
}

function PolicyForm({ organizationId, policy, canChange }: { organizationId: string; policy: VerificationPolicyDetailsDto; canChange: boolean }) {
  const id = useId();
  const toast = useToast();
  const update = useUpdateVerificationPolicy(organizationId);
  const [draft, setDraft] = useState(() => draftOf(policy));
  const [errors, setErrors] = useState<Partial<Record<'faceMatchThreshold' | 'screeningThreshold', string>>>({});
  const disabled = !canChange || update.isPending;
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = policyFromDraft(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    update.mutate(result.body, { onSuccess: () => toast.success('Saved the verification policy') });
  };

  return (
    <form className="policy-form" onSubmit={onSubmit} noValidate aria-label="Verification policy">
      {!canChange && <Alert variant="info">Only the owner of the organization can change the policy.</Alert>}
      {update.isError && <Alert variant="danger">{getErrorMessage(update.error)}</Alert>}
      <fieldset className="policy-fieldset" disabled={disabled}>
        <legend className="policy-legend">Required checks</legend>
        <p className="text-field-hint">Every required check must pass before a verification is approved automatically.</p>
        {POLICY_CHECK_LABELS.map(({ name, label }) => (
          <div key={name} className="policy-toggle">
            <input
              id={`${id}-${name}`}
              type="checkbox"
              checked={draft.requiredChecks.includes(name)}
              onChange={(event) =>
                set({ requiredChecks: event.target.checked ? [...draft.requiredChecks, name] : draft.requiredChecks.filter((check) => check !== name) })
              }
            />
            <label htmlFor={`${id}-${name}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <fieldset className="policy-fieldset" disabled={disabled}>
        <legend className="policy-legend">Automatic decisions</legend>
        <div className="policy-toggle">
          <input id={`${id}-approve`} type="checkbox" checked={draft.autoApprove} onChange={(event) => set({ autoApprove: event.target.checked })} />
          <label htmlFor={`${id}-approve`}>Approve automatically when every required check passes and nothing is flagged</label>
        </div>
        <div className="policy-toggle">
          <input
            id={`${id}-require-read`}
            type="checkbox"
            checked={draft.requireDocumentRead}
            onChange={(event) => set({ requireDocumentRead: event.target.checked })}
          />
          <label htmlFor={`${id}-require-read`}>
            Require the document read for an automatic approval: its own expiry date and date of birth then decide, not the typed ones
          </label>
        </div>
        <div className="policy-toggle">
          <input id={`${id}-reject`} type="checkbox" checked={draft.autoReject} onChange={(event) => set({ autoReject: event.target.checked })} />
          <label htmlFor={`${id}-reject`}>Reject automatically, naming the reason, on a hard failure: expired document, under age, blocklisted face</label>
        </div>
        <p className="text-field-hint">
          Everything else waits for a person. A sanctions hit and a face under another identity are always left for a person. Each automatic decision names its
          rule in the activity and in the webhook (<code>data.decision.rule</code>).
        </p>
      </fieldset>
      <fieldset className="policy-fieldset" disabled={disabled}>
        <legend className="policy-legend">Approving past flags</legend>
        <p className="text-field-hint">
          A reviewer who approves an applicant with a flagged check, a sanctions hit, a duplicate or blocklisted face, or a document or injection signal always
          writes why; the reason is kept in the activity and sent in the webhook (<code>data.decision.overrideReason</code>).
        </p>
        <div className="policy-toggle">
          <input
            id={`${id}-override-second`}
            type="checkbox"
            checked={draft.secondReviewerForOverrides}
            onChange={(event) => set({ secondReviewerForOverrides: event.target.checked })}
          />
          <label htmlFor={`${id}-override-second`}>Ask a second reviewer to confirm every approval past flags</label>
        </div>
      </fieldset>
      <fieldset className="policy-fieldset" disabled={disabled}>
        <legend className="policy-legend">Document liveness signals</legend>
        <p className="text-field-hint">
          Signals, not a certification: a suspected screen capture, print or edit is shown to the reviewer with the part of the photo that raised it. A signal
          ticked here leaves the applicant for a person; one not ticked is shown but holds nothing.
        </p>
        {DOCUMENT_SIGNAL_LABELS.map(({ kind, label }) => (
          <div key={kind} className="policy-toggle">
            <input
              id={`${id}-signal-${kind}`}
              type="checkbox"
              checked={draft.queueOnDocumentSignals.includes(kind)}
              onChange={(event) =>
                set({
                  queueOnDocumentSignals: event.target.checked
                    ? [...draft.queueOnDocumentSignals, kind]
                    : draft.queueOnDocumentSignals.filter((signal) => signal !== kind),
                })
              }
            />
            <label htmlFor={`${id}-signal-${kind}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <fieldset className="policy-fieldset" disabled={disabled}>
        <legend className="policy-legend">Selfie injection signals</legend>
        <p className="text-field-hint">
          Signals, not a certification: what the verification page reports about how the selfie was captured, shown to the reviewer on the liveness check. A
          signal ticked here leaves the applicant for a person; one not ticked is shown but holds nothing.
        </p>
        {INJECTION_SIGNAL_LABELS.map(({ kind, label }) => (
          <div key={kind} className="policy-toggle">
            <input
              id={`${id}-injection-${kind}`}
              type="checkbox"
              checked={draft.queueOnInjectionSignals.includes(kind)}
              onChange={(event) =>
                set({
                  queueOnInjectionSignals: event.target.checked
                    ? [...draft.queueOnInjectionSignals, kind]
                    : draft.queueOnInjectionSignals.filter((signal) => signal !== kind),
                })
              }
            />
            <label htmlFor={`${id}-injection-${kind}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <fieldset className="policy-fieldset policy-thresholds" disabled={disabled}>
        <legend className="policy-legend">Thresholds</legend>
        <div className="text-field">
          <label htmlFor={`${id}-face`} className="text-field-label">
            Face match threshold (optional)
          </label>
          <input
            id={`${id}-face`}
            type="number"
            min={0}
            max={1}
            step="0.01"
            className="text-field-input"
            value={draft.faceMatchThreshold}
            placeholder="The analysis’s own"
            aria-invalid={errors.faceMatchThreshold ? true : undefined}
            aria-describedby={`${id}-face-hint`}
            onChange={(event) => set({ faceMatchThreshold: event.target.value })}
          />
          <p id={`${id}-face-hint`} className={errors.faceMatchThreshold ? 'text-field-error' : 'text-field-hint'}>
            {errors.faceMatchThreshold ?? 'A stricter similarity for automatic approval, judged against the similarity the face match measured.'}
          </p>
        </div>
        <div className="text-field">
          <label htmlFor={`${id}-screening`} className="text-field-label">
            Sanctions screening threshold
          </label>
          <input
            id={`${id}-screening`}
            type="number"
            min={0.5}
            max={1}
            step="0.01"
            className="text-field-input"
            value={draft.screeningThreshold}
            aria-invalid={errors.screeningThreshold ? true : undefined}
            aria-describedby={`${id}-screening-hint`}
            onChange={(event) => set({ screeningThreshold: event.target.value })}
          />
          <p id={`${id}-screening-hint`} className={errors.screeningThreshold ? 'text-field-error' : 'text-field-hint'}>
            {errors.screeningThreshold ?? 'From this score a listed person is a hit (default 0.90). Lower finds more variants, and more namesakes.'}
          </p>
        </div>
      </fieldset>
      {canChange && (
        <div className="policy-actions">
          <Button type="submit" isLoading={update.isPending}>
            Save policy
          </Button>
        </div>
      )}
    </form>
  );
}

/** /dashboard/:organizationId/integration/policy: which checks are required, and what is decided without a person. */
export function VerificationPolicyPage() {
  const { organizationId = '' } = useParams();
  const { user } = useAuth();
  const organization = useOrganization(organizationId);
  const policy = useVerificationPolicy(organizationId);

  if (organization.isPending || policy.isPending || organization.error || policy.error) return <Loading error={organization.error ?? policy.error} />;
  const canChange = user?.role === 'super-admin' || canChangeSettings(organization.data.role);
  const status = policy.data.customized
    ? `Last changed by ${policy.data.updatedBy ?? 'someone'}${policy.data.updatedAt ? ` on ${new Date(policy.data.updatedAt).toLocaleString()}` : ''}.`
    : 'The default policy: every check is looked at and every verification waits for a person.';

  return (
    <>
      <PageHeader
        back={{ to: paths.dashboard.integration(organizationId), label: 'Integration' }}
        title="Verification policy"
        description="What a verification must pass, and what the platform decides without a person once its analysis is done."
      />
      <Panel title="Policy" description={status}>
        {/* Keyed by what is stored: after a save the form shows the server's values. */}
        <PolicyForm key={JSON.stringify(policy.data)} organizationId={organizationId} policy={policy.data} canChange={canChange} />
      </Panel>
    </>
  );
}
