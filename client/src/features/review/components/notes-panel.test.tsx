import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApplicantNoteDto } from '../../../api/generated/types.gen';
import { apiError, mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { buildApplicantDetails, ORGANIZATION_ID } from '../../../testing/applicant-factory';
import { NotesPanel } from './notes-panel';

const applicant = buildApplicantDetails().applicant;
const note = (fields: Partial<ApplicantNoteDto>): ApplicantNoteDto => ({
  id: 'note-1',
  text: 'Called the customer',
  author: 'alice',
  decision: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  editable: false,
  ...fields,
});

function renderPanel() {
  return renderPage(<NotesPanel organizationId={ORGANIZATION_ID} applicant={applicant} />, '/notes', '/notes');
}

describe('NotesPanel', () => {
  it('lists notes with author and time, and the decision they came with', async () => {
    mockApi({
      usersMe: { body: buildUser() },
      applicantNotesList: { body: [note({ id: 'note-2', text: 'Font mismatch', author: 'bob', decision: 'reject' }), note({})] },
    });
    renderPanel();
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('bob');
    expect(items[0]).toHaveTextContent('with the rejection');
    expect(items[0]).toHaveTextContent('Font mismatch');
    expect(within(items[1]).getByText('Called the customer')).toBeInTheDocument();
    expect(within(items[1]).getByRole('time')).toHaveAttribute('dateTime', '2026-11-20T10:00:00.000Z');
  });

  it('adds a note (required) through its labelled textarea, and deletes one of its own', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      usersMe: { body: buildUser() },
      applicantNotesList: { body: [note({ editable: true })] },
      applicantNotesAdd: { status: 201, body: note({ id: 'note-3', text: 'Second look done' }) },
      applicantNotesRemove: { status: 204 },
    });
    renderPanel();
    await screen.findByText('Called the customer');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Add a note'), '  Second look done ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(api.callsTo('applicantNotesAdd').map((call) => call.body)).toEqual([{ text: 'Second look done' }]));
    await waitFor(() => expect(screen.getByLabelText('Add a note')).toHaveValue(''));
    await user.click(screen.getByRole('button', { name: /Delete note/ }));
    await waitFor(() => expect(api.callsTo('applicantNotesRemove').map((call) => call.path.noteId)).toEqual(['note-1']));
  });

  it('edits one of its own notes in place', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      usersMe: { body: buildUser() },
      applicantNotesList: { body: [note({ editable: true })] },
      applicantNotesEdit: { body: note({ text: 'Called the customer twice', editedAt: '2026-11-20T10:05:00.000Z' }) },
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: /Edit note/ }));
    const field = screen.getByLabelText('Edit the note');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.type(field, 'Called the customer twice');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(api.callsTo('applicantNotesEdit').map((call) => [call.path.noteId, call.body])).toEqual([['note-1', { text: 'Called the customer twice' }]]),
    );
    await waitFor(() => expect(screen.queryByLabelText('Edit the note')).not.toBeInTheDocument());
  });

  it('offers Retry when the notes cannot be loaded', async () => {
    mockApi({ usersMe: { body: buildUser() }, applicantNotesList: apiError(500, 'INTERNAL_ERROR') });
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
