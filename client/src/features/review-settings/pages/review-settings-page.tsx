import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';

import { getErrorMessage } from '../../../api/client';
import type { DecisionLabelDto, ReviewSettingsDto } from '../../../api/generated/types.gen';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast-context';
import { useAuth } from '../../../lib/auth';
import { useLabels, useRemoveLabel, useSaveLabel } from '../api/decision-labels';
import { useReviewSettings } from '../../../api/review-settings';
import { useSaveReviewSettings } from '../api/review-settings';
import { useOrganizationRole } from '../api/organization-role';
import { KIND_NAMES, LabelForm } from '../components/label-form';
import { SlaForm } from '../components/sla-form';

import './review-settings-page.css';

const FOUR_EYES_OPTIONS: readonly { value: ReviewSettingsDto['fourEyes']; title: string; detail: string }[] = [
  { value: 'off', title: 'Off', detail: 'Every reviewer decides alone.' },
  { value: 'rejections', title: 'Rejections', detail: 'A rejection takes effect only when a second member confirms it.' },
  { value: 'all', title: 'All decisions', detail: 'Approvals, rejections and holds all need a second member.' },
];

function FourEyesForm({ organizationId, current, canChange }: { organizationId: string; current: ReviewSettingsDto['fourEyes']; canChange: boolean }) {
  const id = useId();
  const toast = useToast();
  const save = useSaveReviewSettings(organizationId);
  const [value, setValue] = useState(current);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ fourEyes: value }, { onSuccess: () => toast.success('Review settings saved') });
  };
  return (
    <form onSubmit={onSubmit} className="review-settings-form">
      {save.isError && <Alert variant="danger">{getErrorMessage(save.error)}</Alert>}
      <fieldset className="review-settings-options" disabled={!canChange}>
        <legend id={`${id}-legend`}>Which decisions need a second reviewer?</legend>
        {FOUR_EYES_OPTIONS.map((option) => (
          <label key={option.value} className="review-settings-option">
            <input type="radio" name={`${id}-four-eyes`} value={option.value} checked={value === option.value} onChange={() => setValue(option.value)} />
            <span>
              <strong>{option.title}</strong> — {option.detail}
            </span>
          </label>
        ))}
      </fieldset>
      {canChange && (
        <div>
          <Button type="submit" isLoading={save.isPending} disabled={value === current}>
            Save
          </Button>
        </div>
      )}
    </form>
  );
}

function LabelItem({ label, canChange, onEdit, organizationId }: { label: DecisionLabelDto; canChange: boolean; onEdit: () => void; organizationId: string }) {
  const toast = useToast();
  const remove = useRemoveLabel(organizationId);
  const save = useSaveLabel(organizationId);
  const restore = () =>
    save.mutate(
      { id: label.id, body: { kind: label.kind, title: label.title, endUserText: label.endUserText, code: label.code, archived: false } },
      { onSuccess: () => toast.success(`${label.title} is offered again`), onError: (error) => toast.error(getErrorMessage(error)) },
    );
  return (
    <li className={label.archived ? 'review-label review-label-archived' : 'review-label'}>
      <div className="review-label-heading">
        <strong className="review-label-title">{label.title}</strong>
        <code className="review-label-code">{label.code}</code>
        {label.archived && <Badge>Archived</Badge>}
      </div>
      <p className="review-label-text">
        <span className="visually-hidden">End user reads: </span>“{label.endUserText}”
      </p>
      {canChange && (
        <div className="review-label-actions">
          <Button variant="outline" onClick={onEdit} aria-label={`Edit ${label.title}`}>
            Edit
          </Button>
          {label.archived ? (
            <Button variant="outline" onClick={restore} isLoading={save.isPending} aria-label={`Offer ${label.title} again`}>
              Offer again
            </Button>
          ) : (
            <Button
              variant="outline"
              isLoading={remove.isPending}
              aria-label={`Delete ${label.title}`}
              onClick={() =>
                remove.mutate(label.id, {
                  onSuccess: (result) => toast.success(result.archived ? `${label.title} is in use: archived instead of deleted` : `${label.title} deleted`),
                  onError: (error) => toast.error(getErrorMessage(error)),
                })
              }
            >
              Delete
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** /dashboard/:organizationId/review-settings: decision labels, the four-eyes rule and the SLA (owners and administrators change them). */
export function ReviewSettingsPage() {
  const { organizationId = '' } = useParams();
  const { user } = useAuth();
  const role = useOrganizationRole(organizationId);
  const settings = useReviewSettings(organizationId);
  const labels = useLabels(organizationId);
  const [editing, setEditing] = useState<DecisionLabelDto | 'new' | null>(null);

  const header = <PageHeader title="Review settings" description="The reasons your reviewers choose from, and who must confirm a decision." />;
  const failed = role.error ?? settings.error ?? labels.error;
  if (failed) {
    return (
      <>
        {header}
        <Alert variant="danger" title="The review settings could not be loaded">
          <p>{getErrorMessage(failed)}</p>
          <Button variant="outline" onClick={() => void Promise.all([role.refetch(), settings.refetch(), labels.refetch()])}>
            Retry
          </Button>
        </Alert>
      </>
    );
  }
  if (role.data === undefined || !settings.data || !labels.data) {
    return (
      <>
        {header}
        <Loading />
      </>
    );
  }
  const canChange = user?.role === 'super-admin' || user?.role === 'admin' || role.data === 'owner' || role.data === 'super-admin';

  return (
    <>
      {header}
      {!canChange && <Alert variant="info">Only the owner or an administrator changes these settings.</Alert>}
      <Panel title="Four-eyes rule" id="four-eyes">
        <FourEyesForm organizationId={organizationId} current={settings.data.fourEyes} canChange={canChange} />
        <p className="review-settings-note">
          A decision can be undone by its reviewer for {settings.data.undoWindowSeconds} seconds; nothing is sent before then.
        </p>
      </Panel>
      <Panel
        title="Service level (SLA)"
        id="sla"
        description="How long an applicant may wait for a decision after submitting. Past it, the applicants list marks the case and the dashboard counts it."
      >
        <SlaForm organizationId={organizationId} settings={settings.data} canChange={canChange} />
      </Panel>
      <Panel
        title="Decision labels"
        id="decision-labels"
        description="Each label has a title for your team, a text for the end user (shown on the verification page) and a code for your webhook."
        aside={canChange && <Button onClick={() => setEditing('new')}>Add label</Button>}
      >
        {(['reject', 'hold', 'resubmission'] as const).map((kind) => (
          <section key={kind} className="review-labels-group" aria-labelledby={`labels-${kind}`}>
            <h3 id={`labels-${kind}`} className="review-labels-kind">
              {KIND_NAMES[kind]}
            </h3>
            <ul className="review-labels">
              {labels.data
                .filter((label) => label.kind === kind)
                .map((label) => (
                  <LabelItem key={label.id} label={label} canChange={canChange} organizationId={organizationId} onEdit={() => setEditing(label)} />
                ))}
            </ul>
          </section>
        ))}
      </Panel>
      {editing && <LabelForm organizationId={organizationId} label={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
