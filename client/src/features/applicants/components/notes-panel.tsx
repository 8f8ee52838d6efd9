import { useId, useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { ApplicantSummaryDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/panel';
import { Button } from '../../../components/ui/button';
import { FIELD_REQUIRED, isBlank } from '../../../lib/validation';
import { useAddNote, useApplicantNotes } from '../api/applicant-notes';
import { useDeleteNote } from '../api/delete-note';

import '../../../components/ui/text-field.css';
import './notes-panel.css';

const NOTE_MAX_LENGTH = 4000;
const DECISION_NAMES: Record<string, string> = { approve: 'Approval', reject: 'Rejection', hold: 'Hold', resubmission: 'Resubmission request' };

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The team's internal notes on an applicant, newest first: never sent to the integration
 * or shown to the end user. A note's author may delete it within 15 minutes.
 */
export function NotesPanel({ organizationId, applicant }: { organizationId: string; applicant: ApplicantSummaryDto }) {
  const notes = useApplicantNotes(organizationId, applicant.userId);
  const add = useAddNote(organizationId, applicant.userId);
  const remove = useDeleteNote(organizationId, applicant.userId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank(text)) {
      setError(FIELD_REQUIRED);
      return;
    }
    add.mutate(text.trim(), { onSuccess: () => setText('') });
  };

  return (
    <Panel title="Internal notes" id="applicant-notes" className="notes-panel">
      <form className="notes-panel-form" onSubmit={onSubmit} noValidate>
        <div className="text-field">
          <label htmlFor={fieldId} className="text-field-label">
            Add a note
          </label>
          <textarea
            id={fieldId}
            className="text-field-input notes-panel-input"
            rows={3}
            value={text}
            maxLength={NOTE_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldId}-hint`}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
          <p id={`${fieldId}-hint`} className={error ? 'text-field-error' : 'text-field-hint'}>
            {error ?? 'Seen by your team only: never sent to your integration or shown to the end user.'}
          </p>
        </div>
        {add.isError && <Alert variant="danger">{getErrorMessage(add.error)}</Alert>}
        <div>
          <Button type="submit" variant="secondary" isLoading={add.isPending}>
            Add note
          </Button>
        </div>
      </form>
      {notes.isError && (
        <Alert variant="danger">
          Could not load the notes. <Button variant="outline" onClick={() => void notes.refetch()}>Retry</Button>
        </Alert>
      )}
      {notes.data && notes.data.length === 0 && <p className="notes-panel-empty">No notes yet.</p>}
      {notes.data && notes.data.length > 0 && (
        <ul className="notes-panel-list">
          {notes.data.map((note) => (
            <li key={note.id} className="notes-panel-item">
              <p className="notes-panel-meta">
                <strong>{note.author}</strong> · <time dateTime={note.createdAt}>{when(note.createdAt)}</time>
                {note.decision && ` · with the ${(DECISION_NAMES[note.decision] ?? note.decision).toLowerCase()}`}
                {note.editedAt && ' · edited'}
              </p>
              <p className="notes-panel-text">{note.text}</p>
              {note.editable && (
                <Button variant="outline" onClick={() => remove.mutate(note.id)} disabled={remove.isPending} aria-label={`Delete note of ${when(note.createdAt)}`}>
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
