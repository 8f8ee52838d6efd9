import { useEffect, useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { ApplicantAssigneeDto, ApplicantSummaryDto, PendingDecisionDto, UndoableDecisionDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast-context';
import { ReasonField } from '../../../components/reason-field';
import { useAuth } from '../../../lib/auth';
import { FIELD_REQUIRED } from '../../../lib/validation';
import { useDecideApplicant, type CorrectableField, type DecisionAction, type ResubmissionStep } from '../api/decide-applicant';
import { useDecisionLabels } from '../api/get-decision-labels';
import { useReviewState } from '../api/get-review-state';
import { useSaveApproveWithoutConfirmation } from '../api/reviewer-preferences';
import { CORRECTABLE_FIELDS, DECISION_VERBS, OVERRIDE_REASON_REQUIRED, RESUBMISSION_STEP_LABELS, resubmissionSteps, secondsLeft } from '../lib/decisions';
import { useShortcuts } from '../lib/use-shortcuts';
import { ApprovalFlags, type ApprovalFlag } from './approval-flags';
import { FieldsToCorrect, LabelChoice } from './decision-fields';
import { SelectField } from './select-field';

import './decision-bar.css';

const NOTE_MAX_LENGTH = 4000;

type Dialog = 'approve' | 'reject' | 'hold' | 'resubmission' | null;

const SUCCESS: Record<DecisionAction['kind'], string> = {
  approve: 'Applicant approved',
  reject: 'Applicant rejected',
  hold: 'Applicant put on hold',
  resubmission: 'Resubmission requested',
  undo: 'Decision undone',
  confirm: 'Decision confirmed',
  decline: 'Proposal declined',
};

const DIALOG_TITLES: Record<Exclude<Dialog, null>, string> = {
  approve: 'Approve applicant?',
  reject: 'Reject applicant',
  hold: 'Put applicant on hold',
  resubmission: 'Request resubmission of one step',
};

/**
 * The reviewer's decisions on one applicant: approve (in one click when nothing is flagged
 * and the decision can be undone; otherwise with a confirmation, unless the reviewer asked not
 * to be asked again; past risks always with a dialog naming them and a written reason), reject and hold with a label and an internal
 * note, request resubmission of one step, undo within the window, and — under the
 * four-eyes rule — the proposal awaiting a second reviewer with Confirm and Decline.
 */
export interface DecisionBarProps {
  organizationId: string;
  applicant: ApplicantSummaryDto;
  /** Who is reviewing the applicant: deciding in someone else's place asks first. */
  assignee?: ApplicantAssigneeDto | null;
  /** Called after a decision that was made (not proposed for a second review): the page moves on to the next applicant. */
  onDecided?: (kind: 'approve' | 'reject' | 'hold' | 'resubmission') => void;
  /** Whether deciding moves on to the next applicant (the buttons say so). */
  andNext?: boolean;
  /**
   * What approving passes over (the review state's risks, described): the approve dialog names
   * them, asks for a written override reason, and is shown even to a reviewer who asked not to be asked.
   */
  flags?: readonly ApprovalFlag[];
}

const MOVES_ON = new Set(['approve', 'reject', 'hold', 'resubmission']);

export function DecisionBar({ organizationId, applicant, assignee = null, onDecided, andNext = false, flags = [] }: DecisionBarProps) {
  const toast = useToast();
  const { user } = useAuth();
  const [takeOver, setTakeOver] = useState<{ confirmed: boolean; then: (() => void) | null }>({ confirmed: false, then: null });
  const state = useReviewState(organizationId, applicant.userId);
  const labels = useDecisionLabels(organizationId);
  const decide = useDecideApplicant(organizationId, applicant.userId);
  const savePreference = useSaveApproveWithoutConfirmation(organizationId, applicant.userId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [labelId, setLabelId] = useState('');
  const [step, setStep] = useState<ResubmissionStep | ''>('');
  const [note, setNote] = useState('');
  const [dontAskAgain, setDontAskAgain] = useState(false);
  const [overrideReason, setOverrideReason] = useState('');
  const [fields, setFields] = useState<CorrectableField[]>([]);
  const [errors, setErrors] = useState<{ label?: string; step?: string; overrideReason?: string }>({});

  const review = state.data;
  const pending = review?.pendingDecision ?? null;
  const busy = decide.isPending;
  const { version } = applicant;
  const trimmedNote = note.trim() || undefined;

  const open = (which: Exclude<Dialog, null>) => {
    decide.reset();
    setLabelId('');
    setStep('');
    setNote('');
    setDontAskAgain(false);
    setOverrideReason('');
    setFields([]);
    setErrors({});
    setDialog(which);
  };

  const run = (action: DecisionAction) =>
    decide.mutate(action, {
      onSuccess: (result) => {
        toast.success(result.pendingDecision ? 'Sent for a second review' : SUCCESS[action.kind]);
        setDialog(null);
        if (!result.pendingDecision && MOVES_ON.has(action.kind)) onDecided?.(action.kind as 'approve' | 'reject' | 'hold' | 'resubmission');
      },
      onError: (error) => {
        // Dialogs show their own error.
        if (dialog === null) toast.error(getErrorMessage(error));
      },
    });

  const overriding = flags.length > 0;
  // Nothing flagged and an undo window: the undo banner is the confirmation, so one click approves.
  const undoable = (review?.undoWindowSeconds ?? 0) > 0;
  const approve = () => {
    if (!overriding && (undoable || review?.approveWithoutConfirmation)) run({ kind: 'approve', version });
    else open('approve');
  };

  // Someone else is reviewing this applicant: deciding in their place is confirmed once per visit.
  const othersApplicant = assignee !== null && assignee.id !== user?.id;
  const guarded = (action: () => void) => () => {
    if (othersApplicant && !takeOver.confirmed) setTakeOver({ confirmed: false, then: action });
    else action();
  };
  const blocked = busy || pending !== null;
  const canApprove = !(applicant.kycStatus === 'completed' && applicant.reviewAnswer === 'approved') && !blocked && Boolean(review);
  const canHold = applicant.kycStatus !== 'onHold' && !blocked;
  const canRequest = applicant.kycStatus !== 'init' && applicant.kycStatus !== 'pending' && !busy;
  useShortcuts({
    a: canApprove ? guarded(approve) : undefined,
    r: !blocked ? guarded(() => open('reject')) : undefined,
    h: canHold ? guarded(() => open('hold')) : undefined,
    s: canRequest ? guarded(() => open('resubmission')) : undefined,
  });
  const next = andNext ? ' & next' : '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dialog === 'approve') {
      const reason = overrideReason.trim();
      if (overriding && !reason) {
        setErrors({ overrideReason: OVERRIDE_REASON_REQUIRED });
        return;
      }
      if (dontAskAgain && !overriding) savePreference.mutate(true);
      run({ kind: 'approve', version, note: trimmedNote, overrideReason: overriding ? reason : undefined });
      return;
    }
    const missing = { label: labelId ? undefined : FIELD_REQUIRED, step: dialog === 'resubmission' && !step ? FIELD_REQUIRED : undefined };
    if (missing.label || missing.step) {
      setErrors(missing);
      return;
    }
    if (dialog === 'resubmission') {
      const toCorrect = step === 'personal-data' ? CORRECTABLE_FIELDS.filter((field) => fields.includes(field)) : [];
      run({
        kind: 'resubmission',
        version,
        step: step as ResubmissionStep,
        labelId,
        note: trimmedNote,
        ...(toCorrect.length > 0 ? { fields: toCorrect } : {}),
      });
    } else if (dialog === 'reject' || dialog === 'hold') run({ kind: dialog, version, labelId, note: trimmedNote });
  };

  const labelKind = dialog === 'resubmission' ? 'resubmission' : dialog;
  const choices = (labels.data ?? []).filter((label) => label.kind === labelKind && !label.archived);
  const chosen = choices.find((label) => label.id === labelId);
  const formId = `decision-form-${dialog ?? 'none'}`;

  return (
    <section className="decision-bar" aria-label="Decision">
      {review?.undoableDecision?.canUndo && (
        <UndoBanner
          decision={review.undoableDecision}
          busy={busy}
          onUndo={(decisionId) => run({ kind: 'undo', decisionId })}
          onExpired={() => void state.refetch()}
        />
      )}
      {pending && (
        <PendingDecision
          pending={pending}
          busy={busy}
          onConfirm={() => run({ kind: 'confirm', proposalId: pending.id })}
          onDecline={() => run({ kind: 'decline', proposalId: pending.id })}
        />
      )}
      {state.isError && (
        <Alert variant="danger">
          Could not load the review state.{' '}
          <Button variant="outline" onClick={() => void state.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      <div className="decision-buttons">
        <Button variant="success" onClick={guarded(approve)} disabled={!canApprove} isLoading={busy && dialog === null} aria-keyshortcuts="a">
          Approve{next}
        </Button>
        <Button variant="danger" onClick={guarded(() => open('reject'))} disabled={blocked} aria-keyshortcuts="r">
          Reject{next}
        </Button>
        <Button variant="secondary" onClick={guarded(() => open('hold'))} disabled={!canHold} aria-keyshortcuts="h">
          Hold
        </Button>
        <Button variant="outline" onClick={guarded(() => open('resubmission'))} disabled={!canRequest} aria-keyshortcuts="s">
          Request resubmission
        </Button>
      </div>

      <Modal
        open={takeOver.then !== null}
        onClose={() => setTakeOver({ confirmed: false, then: null })}
        title="Someone else is reviewing this applicant"
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={() => setTakeOver({ confirmed: false, then: null })}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                const then = takeOver.then;
                setTakeOver({ confirmed: true, then: null });
                then?.();
              }}
            >
              Decide anyway
            </Button>
          </>
        }
      >
        <p>{assignee?.name} is assigned to this applicant. Decide in their place?</p>
      </Modal>

      <Modal
        open={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'approve' && overriding ? 'Approve past flagged checks?' : dialog ? DIALOG_TITLES[dialog] : ''}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button variant={dialog === 'reject' ? 'danger' : dialog === 'approve' ? 'success' : 'primary'} type="submit" form={formId} isLoading={busy}>
              {dialog === 'approve'
                ? overriding
                  ? 'Approve with override'
                  : 'Approve'
                : dialog === 'reject'
                  ? 'Reject'
                  : dialog === 'hold'
                    ? 'Hold'
                    : 'Request resubmission'}
            </Button>
          </>
        }
      >
        <form id={formId} className="decision-form" onSubmit={onSubmit} noValidate>
          {decide.isError && <Alert variant="danger">{getErrorMessage(decide.error)}</Alert>}
          {dialog === 'approve' && (
            <>
              <ApprovalFlags flags={flags} />
              {overriding && (
                <ReasonField
                  label="Override reason (required)"
                  value={overrideReason}
                  error={errors.overrideReason}
                  hint="Why you approve past these flags: kept in the audit trail and sent to your integration with the decision."
                  onChange={(value) => {
                    setOverrideReason(value);
                    setErrors((current) => ({ ...current, overrideReason: undefined }));
                  }}
                />
              )}
              <p className="decision-explainer">
                Your integration receives the <code>applicant.decided</code> webhook and the end user is taken back to your site as verified.
                {review && review.undoWindowSeconds > 0 && ` You can undo it within ${review.undoWindowSeconds} seconds.`}
                {(review?.fourEyes === 'all' || (overriding && review?.risk.secondReviewerForOverrides)) &&
                  ' Under the four-eyes rule another member confirms it first.'}
              </p>
              {!overriding && (
                <label className="decision-checkbox">
                  <input type="checkbox" checked={dontAskAgain} onChange={(event) => setDontAskAgain(event.target.checked)} />
                  Don't ask me again
                </label>
              )}
            </>
          )}
          {dialog === 'resubmission' && (
            <SelectField
              label="Step to redo"
              placeholder="Choose a step"
              options={resubmissionSteps(applicant.documentType).map((value) => ({ value, label: RESUBMISSION_STEP_LABELS[value] }))}
              value={step}
              required
              aria-invalid={errors.step ? true : undefined}
              onChange={(event) => {
                setStep(event.target.value as ResubmissionStep);
                setErrors((current) => ({ ...current, step: undefined }));
              }}
            />
          )}
          {errors.step && <p className="text-field-error">{errors.step}</p>}
          {dialog === 'resubmission' && step === 'personal-data' && <FieldsToCorrect value={fields} onChange={setFields} />}
          {dialog !== null && dialog !== 'approve' && (
            <LabelChoice
              labels={choices}
              value={labelId}
              error={errors.label}
              loading={labels.isPending}
              chosen={chosen}
              onChange={(value) => {
                setLabelId(value);
                setErrors((current) => ({ ...current, label: undefined }));
              }}
            />
          )}
          <ReasonField
            label="Internal note (optional)"
            value={note}
            maxLength={NOTE_MAX_LENGTH}
            hint="Kept as a note for your team; never sent to your integration or shown to the end user."
            onChange={setNote}
          />
        </form>
      </Modal>
    </section>
  );
}

/** The decision just made, with the seconds left to undo it. */
function UndoBanner({
  decision,
  busy,
  onUndo,
  onExpired,
}: {
  decision: UndoableDecisionDto;
  busy: boolean;
  onUndo: (decisionId: string) => void;
  onExpired: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(decision.undoableUntil, now);
  useEffect(() => {
    if (left <= 0) {
      onExpired();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, onExpired]);
  if (left <= 0) return null;
  return (
    <div className="decision-undo" role="status">
      <span>
        {decision.decidedBy} chose to {DECISION_VERBS[decision.kind] ?? decision.kind}. Nothing is sent for{' '}
        {/* The ticking seconds are not read out every second; the time they end is, once. */}
        <strong aria-hidden="true">{left} s</strong>
        <span className="visually-hidden">until {new Date(decision.undoableUntil).toLocaleTimeString()}</span>.
      </span>
      <Button variant="outline" onClick={() => onUndo(decision.id)} disabled={busy}>
        Undo
      </Button>
    </div>
  );
}

/** Four-eyes: who proposed what, and Confirm / Decline for the other members. */
function PendingDecision({
  pending,
  busy,
  onConfirm,
  onDecline,
}: {
  pending: PendingDecisionDto;
  busy: boolean;
  onConfirm: () => void;
  onDecline: () => void;
}) {
  return (
    <div className="decision-pending" role="region" aria-label="Awaiting second review">
      <p className="decision-pending-title">
        <strong>Awaiting second review:</strong> {pending.proposedBy} proposed to {DECISION_VERBS[pending.kind] ?? pending.kind}
        {pending.label ? ` — ${pending.label.title}` : ''}.
      </p>
      {pending.note && <p className="decision-pending-note">Note: {pending.note}</p>}
      {pending.proposedByMe ? (
        <p className="decision-pending-note">Another member confirms or declines it.</p>
      ) : (
        <div className="decision-buttons">
          <Button variant="primary" onClick={onConfirm} disabled={busy}>
            Confirm
          </Button>
          <Button variant="secondary" onClick={onDecline} disabled={busy}>
            Decline
          </Button>
        </div>
      )}
    </div>
  );
}
