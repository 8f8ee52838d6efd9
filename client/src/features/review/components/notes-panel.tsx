import { useId, useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { ApplicantSummaryDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/panel';
import { Button } from '../../../components/ui/button';
import { FIELD_REQUIRED, isBlank } from '../../../lib/validation';
import { useAddNote, useApplicantNotes } from '../api/applicant-notes';
import { useDeleteNote } from '../api/delete-note';
import { useEditNote } from '../api/edit-note';

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
  const edit = useEditNote(organizationId, applicant.userId);
  const [editing, setEditing] = useState<string | null>(null);
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
          Could not load the notes.{' '}
          <Button variant="outline" onClick={() => void notes.refetch()}>
            Retry
          </Button>
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
              {editing === note.id ? (
                <NoteEditor
                  initial={note.text}
                  busy={edit.isPending}
                  error={edit.isError ? getErrorMessage(edit.error) : undefined}
                  onCancel={() => setEditing(null)}
                  onSave={(changed) => edit.mutate({ noteId: note.id, text: changed }, { onSuccess: () => setEditing(null) })}
                />
              ) : (
                <p className="notes-panel-text">{note.text}</p>
              )}
              {note.editable && editing !== note.id && (
                <div className="notes-panel-actions">
                  <Button
                    variant="outline"
                    onClick={() => {
                      edit.reset();
                      setEditing(note.id);
                    }}
                    aria-label={`Edit note of ${when(note.createdAt)}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => remove.mutate(note.id)}
                    disabled={remove.isPending}
                    aria-label={`Delete note of ${when(note.createdAt)}`}
                  >
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** One's own note, changed in place (Save or Cancel). */
function NoteEditor({
  initial,
  busy,
  error,
  onSave,
  onCancel,
}: {
  initial: string;
  busy: boolean;
  error?: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [missing, setMissing] = useState(false);
  return (
    <form
      className="notes-panel-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (isBlank(text)) setMissing(true);
        else onSave(text.trim());
      }}
    >
      <div className="text-field">
        <label htmlFor={id} className="text-field-label">
          Edit the note
        </label>
        <textarea
          id={id}
          className="text-field-input notes-panel-input"
          rows={3}
          value={text}
          maxLength={NOTE_MAX_LENGTH}
          aria-invalid={missing ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setMissing(false);
          }}
        />
        {missing && <p className="text-field-error">{FIELD_REQUIRED}</p>}
      </div>
      {error && <Alert variant="danger">{error}</Alert>}
      <div className="notes-panel-actions">
        <Button type="submit" variant="secondary" isLoading={busy}>
          Save note
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
