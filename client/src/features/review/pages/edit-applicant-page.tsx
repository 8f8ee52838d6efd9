import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router-dom';

import { getErrorMessage, isApiError } from '../../../api/client';
import type { ApplicantDetailsDto } from '../../../api/generated/types.gen';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Loading } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { KYC_STATUS_LABELS, KYC_STATUSES } from '../../../lib/kyc-status';
import { MARITAL_STATUS_OPTIONS, SEX_OPTIONS } from '../../../lib/applicant-labels';
import { isApplicantChanged } from '../api/applicant-changed';
import { useDecideApplicant } from '../api/decide-applicant';
import { useApplicant } from '../api/get-applicant';
import { useDecisionLabels } from '../api/get-decision-labels';
import { useReviewState } from '../api/get-review-state';
import { OVERRIDE_REASON_REQUIRED } from '../lib/decisions';
import { ApprovalFlags } from '../components/approval-flags';
import { ReasonField } from '../../../components/reason-field';
import { flagLabel } from '../../../lib/check-labels';
import { useUpdateApplicant } from '../api/update-applicant';
import { DocumentImages } from '../components/document-images';
import { SelectField } from '../components/select-field';
import { buildUpdatePayload, toFormValues, type ApplicantFormValues, type EditField } from '../lib/applicant-form';

import './applicant-pages.css';
import './edit-applicant-page.css';

export const APPLICANT_UPDATED_MESSAGE = 'Applicant updated successfully!';
export const ANSWER_REQUIRED = 'Choose the review answer: a completed applicant is approved or rejected';
export const HOLD_LABEL_REQUIRED = 'Choose why the applicant is put on hold';
const APPROVE = 'approve';

const KYC_STATUS_OPTIONS = KYC_STATUSES.map((status) => ({ value: status, label: KYC_STATUS_LABELS[status] }));

function EditApplicantForm({ organizationId, userId, details }: { organizationId: string; userId: string; details: ApplicantDetailsDto }) {
  const navigate = useNavigate();
  const toast = useToast();
  const update = useUpdateApplicant(organizationId, userId);
  // The applicant as the form shows it: its values are the prefill, its version goes with the save.
  const [shown, setShown] = useState(details);
  const [initial, setInitial] = useState(() => toFormValues(details));
  const [values, setValues] = useState<ApplicantFormValues>(initial);
  const detailsPath = paths.dashboard.applicant(organizationId, userId);
  // Unsaved edits are not lost by a stray click or a closed tab: leaving asks first (not after a save).
  const saved = useRef(false);
  const dirty = Object.keys(buildUpdatePayload(initial, values)).length > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Someone else changed the applicant before this save (409 APPLICANT_CHANGED); once it has
  // loaded again, the form shows the latest state to edit from.
  if (isApplicantChanged(update.error) && details.applicant.version !== shown.applicant.version) {
    const latest = toFormValues(details);
    setShown(details);
    setInitial(latest);
    setValues(latest);
  }

  const bind = (field: EditField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  // "Completed" (approved or rejected) and "On Hold" are decisions: setting them here makes
  // that decision through the decision routes (webhook, undo window, four-eyes, labels), after
  // the edits are saved; the edit itself refuses them (STATUS_IS_A_DECISION).
  const decide = useDecideApplicant(organizationId, userId);
  const labels = useDecisionLabels(organizationId);
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState<string | undefined>();
  // Approving here passes over the same risks as on the case page: named, with a written reason.
  const risks = useReviewState(organizationId, userId).data?.risk.risks ?? [];
  const [overrideReason, setOverrideReason] = useState('');
  const [overrideError, setOverrideError] = useState<string | undefined>();
  const completing = values.kycStatus === 'completed' && initial.kycStatus !== 'completed';
  const holding = values.kycStatus === 'onHold' && initial.kycStatus !== 'onHold';
  const deciding = completing || holding;
  const overriding = completing && answer === APPROVE && risks.length > 0;
  const activeLabels = (kind: 'reject' | 'hold') => (labels.data ?? []).filter((label) => label.kind === kind && !label.archived);
  const answerOptions = holding
    ? activeLabels('hold').map((label) => ({ value: label.id, label: `Hold — ${label.title}` }))
    : [{ value: APPROVE, label: 'Approve' }, ...activeLabels('reject').map((label) => ({ value: label.id, label: `Reject — ${label.title}` }))];

  const finish = () => {
    saved.current = true;
    toast.success(APPLICANT_UPDATED_MESSAGE);
    void navigate(detailsPath);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = buildUpdatePayload(initial, values);
    if (!deciding) {
      update.mutate({ ...payload, version: shown.applicant.version }, { onSuccess: finish });
      return;
    }
    // An answer chosen for the other decision status (then the status changed) is no answer.
    if (!answerOptions.some((option) => option.value === answer)) {
      setAnswerError(holding ? HOLD_LABEL_REQUIRED : ANSWER_REQUIRED);
      return;
    }
    if (overriding && !overrideReason.trim()) {
      setOverrideError(OVERRIDE_REASON_REQUIRED);
      return;
    }
    const { kycStatus: _decision, ...edits } = payload;
    let version = shown.applicant.version;
    try {
      if (Object.keys(edits).length > 0) version = (await update.mutateAsync({ ...edits, version })).applicant.version;
      await decide.mutateAsync(
        holding
          ? { kind: 'hold', version, labelId: answer }
          : answer === APPROVE
            ? { kind: 'approve', version, overrideReason: overriding ? overrideReason.trim() : undefined }
            : { kind: 'reject', version, labelId: answer },
      );
      finish();
    } catch {
      // Shown from the mutation's error below.
    }
  };

  return (
    <form className="edit-applicant" onSubmit={(event) => void onSubmit(event)} noValidate>
      {(update.isError || decide.isError) && (
        <Alert variant="danger" className="edit-applicant-error">
          {getErrorMessage(update.error ?? decide.error)}
        </Alert>
      )}
      <Modal
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Leave without saving?"
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={() => blocker.reset?.()}>
              Stay and keep editing
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              Discard changes
            </Button>
          </>
        }
      >
        <p>Your changes to this applicant are not saved yet.</p>
      </Modal>
      <div className="edit-applicant-layout">
        <div className="edit-applicant-columns">
          <fieldset className="edit-applicant-section">
            <legend className="edit-applicant-legend">Personal Information</legend>
            <TextField label="Full Name" autoComplete="off" {...bind('name')} />
            <TextField label="Date of Birth" type="date" {...bind('dateOfBirth')} />
            <SelectField label="Sex" placeholder="Select sex" options={SEX_OPTIONS} {...bind('sex')} />
            <TextField label="Place of Birth" autoComplete="off" {...bind('placeOfBirth')} />
            <TextField label="Height" hint="e.g. 1.75m" autoComplete="off" {...bind('height')} />
            <SelectField label="Marital Status" placeholder="Select marital status" options={MARITAL_STATUS_OPTIONS} {...bind('maritalStatus')} />
            <TextField label="Father's Name" autoComplete="off" {...bind('fatherName')} />
            <TextField label="Mother's Name" autoComplete="off" {...bind('motherName')} />
          </fieldset>
          <fieldset className="edit-applicant-section">
            <legend className="edit-applicant-legend">Document Information</legend>
            <TextField label="Document Number" autoComplete="off" {...bind('docNumber')} />
            <TextField label="Issuance Date" type="date" {...bind('issuanceDate')} />
            <TextField label="Expiry Date" type="date" {...bind('expiryDate')} />
            <TextField label="Country" autoComplete="off" {...bind('country')} />
            <TextField label="Issued In" autoComplete="off" {...bind('issuedIn')} />
            <TextField label="Address" autoComplete="off" {...bind('address')} />
            <SelectField label="KYC Status" placeholder="Select KYC status" options={KYC_STATUS_OPTIONS} {...bind('kycStatus')} />
            {deciding && (
              <div>
                <SelectField
                  label={holding ? 'Hold reason' : 'Review answer'}
                  placeholder={holding ? 'Choose a hold label' : 'Choose approve or reject'}
                  options={answerOptions}
                  value={answer}
                  required
                  aria-invalid={answerError ? true : undefined}
                  onChange={(event) => {
                    setAnswer(event.target.value);
                    setAnswerError(undefined);
                  }}
                />
                <p className={answerError ? 'text-field-error' : 'text-field-hint'} role={answerError ? 'alert' : undefined}>
                  {answerError ?? 'Sent as a decision: your webhook hears it and the end user sees it, with the undo window.'}
                </p>
              </div>
            )}
            {overriding && (
              <>
                <ApprovalFlags flags={risks.map((risk) => ({ name: risk.check, label: flagLabel(risk.check), notes: [risk.detail] }))} />
                <ReasonField
                  label="Override reason (required)"
                  value={overrideReason}
                  error={overrideError}
                  hint="Why you approve past these flags: kept in the audit trail and sent to your integration with the decision."
                  onChange={(value) => {
                    setOverrideReason(value);
                    setOverrideError(undefined);
                  }}
                />
              </>
            )}
          </fieldset>
        </div>
        <aside className="edit-applicant-images" aria-label="Document images">
          <h2 className="edit-applicant-legend">Documents</h2>
          <DocumentImages images={shown.identity.images} />
        </aside>
      </div>
      <div className="edit-applicant-actions">
        <Button type="submit" isLoading={update.isPending || decide.isPending}>
          Update Applicant
        </Button>
        <ButtonLink to={detailsPath} variant="outline">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}

/** .../applicants/:userId/edit: correct the identity data and set the status. */
export function EditApplicantPage() {
  const { organizationId = '', userId = '' } = useParams();
  const { data, error, isPending } = useApplicant(organizationId, userId);

  let content;
  if (isPending && !error) content = <Loading message="Loading..." />;
  else if ((isApiError(error) && error.status === 404) || (!error && !data)) {
    content = <p className="edit-applicant-not-found">Applicant not found</p>;
  } else if (error || !data) content = <Loading error={error ?? true} />;
  else content = <EditApplicantForm key={userId} organizationId={organizationId} userId={userId} details={data} />;

  return (
    <>
      <PageHeader
        back={{ to: paths.dashboard.applicant(organizationId, userId), label: 'Back to applicant details' }}
        description={<span className="applicant-heading-id">{userId}</span>}
        title="Edit Applicant"
      />
      {content}
    </>
  );
}
