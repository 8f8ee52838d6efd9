import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { Clock } from '../../common/clock.js';
import { isUuid, OrganizationAccessService } from '../../organizations/organization-access.service.js';
import type { User } from '../../users/user.entity.js';
import { Applicant } from '../../applicants/applicant.entity.js';
import { ApplicantsQueryService } from '../../applicants/applicants-query.service.js';
import { DECISION_ERRORS } from '../decisions/decisions.errors.js';
import { ApplicantNote } from './applicant-note.entity.js';
import type { ApplicantNoteDto } from './notes.dto.js';

/** Its author may edit or delete a note this long after writing it; after that it is part of the record. */
export const NOTE_EDIT_WINDOW_MS = 15 * 60_000;

/**
 * A plain UPDATE of the applicant (updatedAt stays): its organization's list data version
 * grows, so cached counts and checkpoints of the "with notes" filter are read again.
 */
async function touchListVersion(manager: EntityManager, applicantId: string): Promise<void> {
  await manager
    .createQueryBuilder()
    .update(Applicant)
    .set({ updatedAt: () => '"updatedAt"' })
    .where('id = :id', { id: applicantId })
    .execute();
}

/**
 * Internal notes on an applicant. Staff only: no API key reads them, no webhook or
 * verification page carries them, and the audit trail records that a note was added,
 * edited or deleted by whom — never its text (the activity API is open to API keys).
 */
@Injectable()
export class ApplicantNotes {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly query: ApplicantsQueryService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(user: User, organizationId: string, userId: string): Promise<ApplicantNoteDto[]> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const applicant = await this.query.findApplicant(organization.id, userId);
    const notes = await this.dataSource.getRepository(ApplicantNote).find({ where: { applicantId: applicant.id }, order: { createdAt: 'DESC' } });
    return notes.map((note) => this.toDto(note, user));
  }

  async add(user: User, organizationId: string, userId: string, text: string): Promise<ApplicantNoteDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const applicant = await this.query.findApplicant(organization.id, userId);
    const note = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(ApplicantNote, {
          applicantId: applicant.id,
          authorId: user.id,
          authorName: user.username.slice(0, 64),
          text,
          decision: null,
          createdAt: this.clock.now(),
          editedAt: null,
        }),
      );
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        applicantId: applicant.id,
        action: 'applicant.note_added',
        detail: { noteId: saved.id, length: text.length },
      });
      await touchListVersion(manager, applicant.id);
      return saved;
    });
    return this.toDto(note, user);
  }

  async edit(user: User, organizationId: string, userId: string, noteId: string, text: string): Promise<ApplicantNoteDto> {
    const { note, organizationId: orgId } = await this.ownNote(user, organizationId, userId, noteId);
    const edited = await this.dataSource.transaction(async (manager) => {
      Object.assign(note, { text, editedAt: this.clock.now() });
      await manager.save(note);
      await this.audit.record(manager, {
        actor: user,
        organizationId: orgId,
        applicantId: note.applicantId,
        action: 'applicant.note_edited',
        detail: { noteId: note.id, length: text.length },
      });
      return note;
    });
    return this.toDto(edited, user);
  }

  async remove(user: User, organizationId: string, userId: string, noteId: string): Promise<void> {
    const { note, organizationId: orgId } = await this.ownNote(user, organizationId, userId, noteId);
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(ApplicantNote, { id: note.id });
      await touchListVersion(manager, note.applicantId);
      await this.audit.record(manager, {
        actor: user,
        organizationId: orgId,
        applicantId: note.applicantId,
        action: 'applicant.note_deleted',
        detail: { noteId: note.id },
      });
    });
  }

  private async ownNote(user: User, organizationId: string, userId: string, noteId: string) {
    const { organization } = await this.access.requireMember(user, organizationId);
    const applicant = await this.query.findApplicant(organization.id, userId);
    const note = isUuid(noteId) ? await this.dataSource.getRepository(ApplicantNote).findOneBy({ id: noteId.toLowerCase(), applicantId: applicant.id }) : null;
    if (!note) throw DECISION_ERRORS.error('NOTE_NOT_FOUND');
    if (!this.editable(note, user)) throw DECISION_ERRORS.error('NOTE_LOCKED');
    return { note, organizationId: organization.id };
  }

  private editable(note: ApplicantNote, user: User): boolean {
    return note.authorId === user.id && this.clock.now().getTime() - new Date(note.createdAt).getTime() < NOTE_EDIT_WINDOW_MS;
  }

  private toDto(note: ApplicantNote, user: User): ApplicantNoteDto {
    return {
      id: note.id,
      text: note.text,
      author: note.authorName,
      decision: note.decision,
      createdAt: new Date(note.createdAt).toISOString(),
      editedAt: note.editedAt ? new Date(note.editedAt).toISOString() : null,
      editable: this.editable(note, user),
    };
  }
}
