import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntitySubscriberInterface, type InsertEvent } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { Clock } from '../../common/clock.js';
import { OrganizationAccessService } from '../../organizations/organization-access.service.js';
import { Organization } from '../../organizations/organization.entity.js';
import type { User } from '../../users/user.entity.js';
import { isUuid } from '../../organizations/organization-access.service.js';
import type { DecisionLabelRef } from '../../applicants/lifecycle/transitions.js';
import { ApplicantDecision } from './applicant-decision.entity.js';
import { DecisionLabel, type LabelKind } from './decision-label.entity.js';
import { DECISION_ERRORS, labelNotFound } from './decisions.errors.js';
import type { DecisionLabelDeletionDto, DecisionLabelDto, DecisionLabelInputDto } from './decisions.dto.js';
import { DEFAULT_LABELS } from './default-labels.js';
import { PendingDecision } from './pending-decision.entity.js';
import { Applicant } from '../../applicants/applicant.entity.js';

/**
 * An organization's decision labels: read by every member, changed by the owner or an
 * administrator (audited). The defaults are seeded when an organization is created, and
 * for one created before labels existed, the first time its labels are read.
 */
@Injectable()
export class DecisionLabels {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {
    // A new organization gets the default labels in the transaction that creates it.
    const seedOnCreation: EntitySubscriberInterface<Organization> = {
      listenTo: () => Organization,
      afterInsert: async (event: InsertEvent<Organization>) => {
        if (event.entity?.id) await seedDefaults(event.manager, event.entity.id, this.clock.now());
      },
    };
    dataSource.subscribers.push(seedOnCreation);
  }

  async list(user: User, organizationId: string): Promise<DecisionLabelDto[]> {
    const { organization } = await this.access.requireMember(user, organizationId);
    return (await this.labelsOf(organization.id)).map(toLabelDto);
  }

  async create(user: User, organizationId: string, body: DecisionLabelInputDto): Promise<DecisionLabelDto> {
    const organization = await this.requireManager(user, organizationId);
    await this.labelsOf(organization.id);
    const saved = await this.dataSource.transaction(async (manager) => {
      await requireFreeCode(manager, organization.id, body.code);
      const now = this.clock.now();
      const label = await manager.save(
        manager.create(DecisionLabel, { organizationId: organization.id, ...values(body), archived: body.archived ?? false, createdAt: now, updatedAt: now }),
      );
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'organization.label_created',
        detail: { label: toLabelDto(label) },
      });
      return label;
    });
    return toLabelDto(saved);
  }

  async update(user: User, organizationId: string, labelId: string, body: DecisionLabelInputDto): Promise<DecisionLabelDto> {
    const organization = await this.requireManager(user, organizationId);
    const saved = await this.dataSource.transaction(async (manager) => {
      const label = await findLabel(manager, organization.id, labelId);
      if (label.code !== body.code) await requireFreeCode(manager, organization.id, body.code);
      const before = toLabelDto(label);
      Object.assign(label, values(body), { archived: body.archived ?? label.archived, updatedAt: this.clock.now() });
      await manager.save(label);
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'organization.label_updated',
        detail: { before, after: toLabelDto(label) },
      });
      return label;
    });
    return toLabelDto(saved);
  }

  /** Deletes a label never used; one in use (by a decision, an applicant or a proposal) is archived instead. */
  async remove(user: User, organizationId: string, labelId: string): Promise<DecisionLabelDeletionDto> {
    const organization = await this.requireManager(user, organizationId);
    return this.dataSource.transaction(async (manager) => {
      const label = await findLabel(manager, organization.id, labelId);
      const inUse =
        (await manager.existsBy(ApplicantDecision, { labelId: label.id })) ||
        (await manager.existsBy(Applicant, { decisionLabelId: label.id })) ||
        (await manager.existsBy(PendingDecision, { labelId: label.id }));
      if (inUse) await manager.update(DecisionLabel, { id: label.id }, { archived: true, updatedAt: this.clock.now() });
      else await manager.delete(DecisionLabel, { id: label.id });
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'organization.label_deleted',
        detail: { label: toLabelDto(label), archivedInstead: inUse },
      });
      return { archived: inUse };
    });
  }

  /** The label a decision names: of the organization, of the decision's kind, not archived. */
  async forDecision(organizationId: string, labelId: string, kind: LabelKind): Promise<DecisionLabelRef> {
    await this.labelsOf(organizationId);
    const label = await findLabel(this.dataSource.manager, organizationId, labelId);
    if (label.kind !== kind) throw DECISION_ERRORS.error('LABEL_KIND_MISMATCH', `This label is for a ${label.kind} decision, not a ${kind}`);
    if (label.archived) throw DECISION_ERRORS.error('LABEL_ARCHIVED');
    return { id: label.id, code: label.code, title: label.title };
  }

  async byId(organizationId: string, labelId: string | null): Promise<DecisionLabel | null> {
    if (!labelId) return null;
    return this.dataSource.getRepository(DecisionLabel).findOneBy({ id: labelId, organizationId });
  }

  /** The organization's labels, the defaults seeded when it has none yet. */
  private async labelsOf(organizationId: string): Promise<DecisionLabel[]> {
    const repository = this.dataSource.getRepository(DecisionLabel);
    const existing = await repository.find({ where: { organizationId }, order: { kind: 'ASC', title: 'ASC' } });
    if (existing.length > 0) return existing;
    try {
      await seedDefaults(this.dataSource.manager, organizationId, this.clock.now());
    } catch {
      // Two first reads raced on the unique (organizationId, code): the other one seeded them.
    }
    return repository.find({ where: { organizationId }, order: { kind: 'ASC', title: 'ASC' } });
  }

  private async requireManager(user: User, organizationId: string) {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!canManage && user.role !== 'admin') throw DECISION_ERRORS.error('MANAGERS_ONLY');
    return organization;
  }
}

function seedDefaults(manager: EntityManager, organizationId: string, now: Date) {
  return manager.insert(
    DecisionLabel,
    DEFAULT_LABELS.map((label) => ({ organizationId, ...label, archived: false, createdAt: now, updatedAt: now })),
  );
}

function values(body: DecisionLabelInputDto) {
  return { kind: body.kind, title: body.title, endUserText: body.endUserText, code: body.code };
}

async function findLabel(manager: EntityManager, organizationId: string, labelId: string): Promise<DecisionLabel> {
  if (!isUuid(labelId)) throw labelNotFound();
  const label = await manager.findOneBy(DecisionLabel, { id: labelId.toLowerCase(), organizationId });
  if (!label) throw labelNotFound();
  return label;
}

async function requireFreeCode(manager: EntityManager, organizationId: string, code: string): Promise<void> {
  if (await manager.existsBy(DecisionLabel, { organizationId, code })) throw DECISION_ERRORS.error('LABEL_CODE_TAKEN');
}

export function toLabelDto(label: DecisionLabel): DecisionLabelDto {
  return { id: label.id, kind: label.kind, title: label.title, endUserText: label.endUserText, code: label.code, archived: label.archived };
}
