import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { supportsRowLocks } from '../../database/transaction.js';
import { OrganizationAccessService } from '../../organizations/organization-access.service.js';
import type { User } from '../../users/user.entity.js';
import { Applicant } from '../../applicants/applicant.entity.js';
import { applicantNotFound } from '../../applicants/applicants.errors.js';
import type { TagDto } from '../../applicants/dto/applicant-list.dto.js';
import { ApplicantTag } from '../../applicants/tags/applicant-tag.entity.js';
import type { ApplicantTagsDto, CreateTagDto, UpdateTagDto } from './tag.dto.js';
import { Tag } from '../../applicants/tags/tag.entity.js';
import { tagLimitReached, tagNameTaken, tagNotFound, tagsManagersOnly } from './tags.errors.js';

const MAX_TAGS_PER_ORGANIZATION = 100;
const MAX_TAGS_PER_APPLICANT = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toTagDto(tag: Tag): TagDto {
  return { id: tag.id, name: tag.name, color: tag.color };
}

/**
 * The organization's tags (owner and admins define them, every member reads them) and
 * the tags on each applicant. applicant_tags is the source; applicants.tagIds repeats it
 * for the list's rows and is rewritten in the same transaction (which also moves the
 * organization's data version, so cached filtered counts are re-read).
 */
@Injectable()
export class ApplicantTags {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
  ) {}

  async list(user: User, organizationId: string): Promise<TagDto[]> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const tags = await this.dataSource.manager.find(Tag, { where: { organizationId: organization.id }, order: { name: 'ASC' } });
    return tags.map(toTagDto);
  }

  async create(user: User, organizationId: string, body: CreateTagDto): Promise<TagDto> {
    const organization = await this.requireManager(user, organizationId);
    return this.dataSource.transaction(async (manager) => {
      if ((await manager.count(Tag, { where: { organizationId: organization.id } })) >= MAX_TAGS_PER_ORGANIZATION) throw tagLimitReached();
      await this.requireFreeName(manager, organization.id, body.name);
      const tag = await manager.save(Tag, manager.create(Tag, { organizationId: organization.id, name: body.name, color: body.color }));
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'tag.created',
        detail: { tagId: tag.id, name: tag.name, color: tag.color },
      });
      return toTagDto(tag);
    });
  }

  async update(user: User, organizationId: string, tagId: string, body: UpdateTagDto): Promise<TagDto> {
    const organization = await this.requireManager(user, organizationId);
    return this.dataSource.transaction(async (manager) => {
      const tag = await this.findTag(manager, organization.id, tagId);
      if (body.name !== undefined && body.name !== tag.name) await this.requireFreeName(manager, organization.id, body.name, tag.id);
      const before = { name: tag.name, color: tag.color };
      Object.assign(tag, { name: body.name ?? tag.name, color: body.color ?? tag.color });
      await manager.save(Tag, tag);
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'tag.updated',
        detail: { tagId: tag.id, from: before, to: { name: tag.name, color: tag.color } },
      });
      return toTagDto(tag);
    });
  }

  /** Deletes the tag and takes it off every applicant that had it. */
  async remove(user: User, organizationId: string, tagId: string): Promise<void> {
    const organization = await this.requireManager(user, organizationId);
    await this.dataSource.transaction(async (manager) => {
      const tag = await this.findTag(manager, organization.id, tagId);
      const tagged = await manager.find(ApplicantTag, { select: { applicantId: true }, where: { tagId: tag.id } });
      await manager.delete(ApplicantTag, { tagId: tag.id });
      for (const { applicantId } of tagged) await this.writeTagIds(manager, applicantId);
      await manager.delete(Tag, { id: tag.id });
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'tag.deleted',
        detail: { tagId: tag.id, name: tag.name, applicants: tagged.length },
      });
    });
  }

  async tag(user: User, organizationId: string, userId: string, tagId: string): Promise<ApplicantTagsDto> {
    return this.changeApplicantTags(user, organizationId, userId, tagId, true);
  }

  async untag(user: User, organizationId: string, userId: string, tagId: string): Promise<ApplicantTagsDto> {
    return this.changeApplicantTags(user, organizationId, userId, tagId, false);
  }

  private async changeApplicantTags(user: User, organizationId: string, userId: string, tagId: string, add: boolean): Promise<ApplicantTagsDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    return this.dataSource.transaction(async (manager) => {
      const query = manager
        .getRepository(Applicant)
        .createQueryBuilder('a')
        .where('a.organizationId = :org AND a.userId = :userId', { org: organization.id, userId });
      if (supportsRowLocks(this.dataSource)) query.setLock('pessimistic_write');
      const applicant = await query.getOne();
      if (!applicant) throw applicantNotFound();
      const tag = await this.findTag(manager, organization.id, tagId);
      const has = await manager.exists(ApplicantTag, { where: { applicantId: applicant.id, tagId: tag.id } });
      if (add && !has) {
        if ((await manager.count(ApplicantTag, { where: { applicantId: applicant.id } })) >= MAX_TAGS_PER_APPLICANT) throw tagLimitReached();
        await manager.insert(ApplicantTag, { applicantId: applicant.id, tagId: tag.id });
      } else if (!add && has) {
        await manager.delete(ApplicantTag, { applicantId: applicant.id, tagId: tag.id });
      }
      if (add !== has) {
        await this.writeTagIds(manager, applicant.id);
        await this.audit.record(manager, {
          actor: user,
          organizationId: organization.id,
          applicantId: applicant.id,
          action: add ? 'applicant.tagged' : 'applicant.untagged',
          detail: { tagId: tag.id, name: tag.name },
        });
      }
      const rows = await manager
        .getRepository(Tag)
        .createQueryBuilder('t')
        .innerJoin(ApplicantTag, 'at', 'at.tagId = t.id')
        .where('at.applicantId = :id', { id: applicant.id })
        .orderBy('t.name', 'ASC')
        .getMany();
      return { userId: applicant.userId, tags: rows.map(toTagDto) };
    });
  }

  /** applicants.tagIds from applicant_tags; a plain UPDATE of that column (updatedAt and version stay). */
  private async writeTagIds(manager: EntityManager, applicantId: string): Promise<void> {
    const rows = await manager.find(ApplicantTag, { select: { tagId: true }, where: { applicantId } });
    const ids = rows.map((row) => row.tagId).sort();
    await manager
      .createQueryBuilder()
      .update(Applicant)
      .set({ tagIds: ids.length ? `,${ids.join(',')},` : null, updatedAt: () => '"updatedAt"' })
      .where('id = :id', { id: applicantId })
      .execute();
  }

  private async requireManager(user: User, organizationId: string) {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!canManage && user.role !== 'admin') throw tagsManagersOnly();
    return organization;
  }

  private async findTag(manager: EntityManager, organizationId: string, tagId: string): Promise<Tag> {
    const tag = UUID.test(tagId) ? await manager.findOneBy(Tag, { id: tagId.toLowerCase(), organizationId }) : null;
    if (!tag) throw tagNotFound();
    return tag;
  }

  private async requireFreeName(manager: EntityManager, organizationId: string, name: string, exceptId?: string): Promise<void> {
    const existing = await manager
      .getRepository(Tag)
      .createQueryBuilder('t')
      .where('t.organizationId = :organizationId AND lower(t.name) = lower(:name)', { organizationId, name })
      .getOne();
    if (existing && existing.id !== exceptId) throw tagNameTaken();
  }
}
