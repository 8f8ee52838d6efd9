import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { DataSource, In, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { AuditService, type AuditActor } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { pageMeta, pageOffset } from '../common/paging/page-meta.dto.js';
import type { PageQueryDto } from '../common/paging/page-query.dto.js';
import { ListFormatError, parseListFile, type ListEntity, type ParsedList } from '../screening/index.js';
import type { ListImportDto, ListImportPageDto } from './dto/list-import.dto.js';
import { SanctionsListEntity } from './sanctions-list-entity.entity.js';
import { SanctionsListImport, type ListImportTrigger } from './sanctions-list-import.entity.js';
import { SANCTIONS_ERRORS } from './sanctions.errors.js';

/** Rows per INSERT: 10 parameters each, well under SQLite's and PostgreSQL's limits. */
const INSERT_CHUNK = 500;

export interface ListFile {
  content: Buffer;
  fileName: string;
  actor: AuditActor;
  trigger: ListImportTrigger;
}

export function toListImportDto(row: SanctionsListImport): ListImportDto {
  return {
    id: row.id,
    source: row.source,
    format: row.format,
    version: row.version,
    fileName: row.fileName,
    entityCount: row.entityCount,
    personCount: row.personCount,
    status: row.status,
    error: row.error,
    trigger: row.trigger,
    importedBy: row.importedByName,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * Imports official list files. An import is all or nothing: the new version's entities,
 * its row marked active and the previous version superseded (its entities removed) commit
 * together, so a file that fails — to parse or to store — leaves the previous version in force.
 */
@Injectable()
export class SanctionsListsService {
  private readonly logger = new Logger(SanctionsListsService.name);
  private readonly importListeners = new Set<(row: ListImportDto) => void>();

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(SanctionsListImport) private readonly imports: Repository<SanctionsListImport>,
    @InjectRepository(SanctionsListEntity) private readonly entities: Repository<SanctionsListEntity>,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Parses and stores one list file; a bad file is recorded as failed and answered with 422 naming the fault. */
  async importFile(file: ListFile): Promise<ListImportDto> {
    const fileName = basename(file.fileName || 'list').slice(0, 255);
    const sha256 = createHash('sha256').update(file.content).digest('hex');
    let parsed: ParsedList;
    try {
      parsed = parseListFile(file.content);
    } catch (error) {
      if (!(error instanceof ListFormatError)) throw error;
      await this.recordFailure(file, fileName, sha256, error.message);
      throw SANCTIONS_ERRORS.error('SANCTIONS_LIST_INVALID', `${fileName}: ${error.message}`);
    }
    const row = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.getRepository(SanctionsListImport).save({
        source: parsed.source,
        format: parsed.format,
        version: parsed.version?.slice(0, 64) ?? null,
        fileName,
        sha256,
        entityCount: parsed.entities.length,
        personCount: parsed.entities.filter((entity) => entity.kind === 'person').length,
        status: 'active',
        error: null,
        trigger: file.trigger,
        importedById: file.actor.id,
        importedByName: file.actor.username.slice(0, 64),
        createdAt: this.clock.now(),
      });
      const previous = await manager.getRepository(SanctionsListImport).find({ where: { source: parsed.source, status: 'active' }, select: { id: true } });
      const superseded = previous.map((p) => p.id).filter((id) => id !== saved.id);
      if (superseded.length > 0) {
        await manager.getRepository(SanctionsListEntity).delete({ importId: In(superseded) });
        await manager.getRepository(SanctionsListImport).update({ id: In(superseded) }, { status: 'superseded' });
      }
      for (let i = 0; i < parsed.entities.length; i += INSERT_CHUNK) {
        const rows = parsed.entities.slice(i, i + INSERT_CHUNK).map((entity) => toRow(saved.id, entity));
        await manager.createQueryBuilder().insert().into(SanctionsListEntity).values(rows).updateEntity(false).execute();
      }
      await this.audit.record(manager, {
        actor: file.actor,
        organizationId: null,
        action: 'sanctions_list.imported',
        detail: { importId: saved.id, source: parsed.source, version: parsed.version, fileName, entityCount: parsed.entities.length, trigger: file.trigger },
      });
      return saved;
    });
    this.logger.log(`Imported ${row.entityCount} entities of ${row.source} (${row.version ?? 'no version'}) from ${fileName}`);
    const dto = toListImportDto(row);
    for (const listener of this.importListeners) listener(dto);
    return dto;
  }

  private async recordFailure(file: ListFile, fileName: string, sha256: string, message: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const saved = await manager.getRepository(SanctionsListImport).save({
        source: null,
        format: null,
        version: null,
        fileName,
        sha256,
        entityCount: 0,
        personCount: 0,
        status: 'failed',
        error: message.slice(0, 1000),
        trigger: file.trigger,
        importedById: file.actor.id,
        importedByName: file.actor.username.slice(0, 64),
        createdAt: this.clock.now(),
      });
      await this.audit.record(manager, {
        actor: file.actor,
        organizationId: null,
        action: 'sanctions_list.import_failed',
        detail: { importId: saved.id, fileName, error: message.slice(0, 500), trigger: file.trigger },
      });
    });
    this.logger.warn(`Refused the list file ${fileName}: ${message}`);
  }

  /** Every import, newest first. */
  async list(query: PageQueryDto): Promise<ListImportPageDto> {
    const [rows, total] = await this.imports.findAndCount({
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: pageOffset(query.page, query.pageSize),
      take: query.pageSize,
    });
    return { items: rows.map(toListImportDto), meta: pageMeta(query.page, query.pageSize, total, rows.length) };
  }

  /** Whether a file with these bytes was imported (or refused) before. */
  async seen(sha256: string): Promise<boolean> {
    return (await this.imports.countBy({ sha256 })) > 0;
  }

  /**
   * Subscribes to imports that changed a list, called after their commit (in this process:
   * ongoing monitoring also looks for imports it has not rescreened after, at start-up).
   * Returns the unsubscribe function.
   */
  onImported(listener: (row: ListImportDto) => void): () => void {
    this.importListeners.add(listener);
    return () => this.importListeners.delete(listener);
  }

  /** The active version of each list (cheap: what a cached screening index is keyed by). */
  async activeImports(): Promise<{ id: string; source: string; version: string | null; createdAt: Date }[]> {
    const rows = await this.imports.find({ where: { status: 'active' }, select: { id: true, source: true, version: true, createdAt: true }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map((row) => ({ id: row.id, source: row.source ?? '', version: row.version, createdAt: row.createdAt }));
  }

  /** The entities of every list's active version: what screening runs against. */
  async activeEntities(): Promise<ListEntity[]> {
    const rows = await this.entities
      .createQueryBuilder('e')
      .innerJoin(SanctionsListImport, 'i', 'i.id = e.importId')
      .where('i.status = :status', { status: 'active' })
      .orderBy('e.id', 'ASC')
      .getMany();
    return rows.map(({ source, externalId, kind, name, aliases, datesOfBirth, nationalities, programmes }) => ({
      source,
      externalId,
      kind,
      name,
      aliases,
      datesOfBirth,
      nationalities,
      programmes,
    }));
  }
}

function toRow(importId: string, entity: ListEntity): QueryDeepPartialEntity<SanctionsListEntity> {
  return {
    importId,
    source: entity.source,
    externalId: entity.externalId.slice(0, 64),
    kind: entity.kind,
    name: entity.name.slice(0, 1000),
    aliases: entity.aliases,
    datesOfBirth: entity.datesOfBirth,
    nationalities: entity.nationalities,
    programmes: entity.programmes,
  } as QueryDeepPartialEntity<SanctionsListEntity>;
}
