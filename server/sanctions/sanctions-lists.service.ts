import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DataSource, In, LessThan, Not, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { AuditService, type AuditActor } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { pageMeta, pageOffset } from '../common/paging/page-meta.dto.js';
import type { PageQueryDto } from '../common/paging/page-query.dto.js';
import { ListFormatError, type ListEntity } from '../screening/index.js';
import { ListParser } from './list-parser.js';
import type { ListImportDto, ListImportPageDto } from './dto/list-import.dto.js';
import { SanctionsListEntity } from './sanctions-list-entity.entity.js';
import { SanctionsListImport, type ListImportTrigger } from './sanctions-list-import.entity.js';
import { SANCTIONS_ERRORS } from './sanctions.errors.js';

/** Rows per INSERT: 10 parameters each, well under SQLite's and PostgreSQL's limits. */
const INSERT_CHUNK = 500;
/** Superseded entities deleted per statement. */
const DELETE_CHUNK = 2000;

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
export class SanctionsListsService implements OnApplicationShutdown {
  private readonly logger = new Logger(SanctionsListsService.name);
  private readonly parser = new ListParser();
  private readonly importListeners = new Set<(row: ListImportDto) => void>();

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(SanctionsListImport) private readonly imports: Repository<SanctionsListImport>,
    @InjectRepository(SanctionsListEntity) private readonly entities: Repository<SanctionsListEntity>,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * Parses and stores one list file; a bad file is recorded as failed and answered with 422
   * naming the fault. The parse runs on a worker thread; the entities go in a chunk per
   * INSERT under an `importing` row nobody screens against, the event loop getting a turn
   * between chunks, and one short transaction then makes the version active (SQLite's one
   * connection is held by a transaction from its start to its end).
   */
  async importFile(file: ListFile): Promise<ListImportDto> {
    const fileName = basename(file.fileName || 'list').slice(0, 255);
    const sha256 = createHash('sha256').update(file.content).digest('hex');
    const parsed = await this.parser.parse(file.content, INSERT_CHUNK);
    if (!parsed.ok) {
      const error = new ListFormatError(parsed.location, parsed.reason);
      await this.recordFailure(file, fileName, sha256, error.message);
      throw SANCTIONS_ERRORS.error('SANCTIONS_LIST_INVALID', `${fileName}: ${error.message}`);
    }
    await this.removeAbandonedImports();
    const saved = await this.imports.save(
      this.imports.create({
        source: parsed.source,
        format: parsed.format,
        version: parsed.version?.slice(0, 64) ?? null,
        fileName,
        sha256,
        entityCount: parsed.entityCount,
        personCount: parsed.personCount,
        status: 'importing',
        error: null,
        trigger: file.trigger,
        importedById: file.actor.id,
        importedByName: file.actor.username.slice(0, 64),
        createdAt: this.clock.now(),
      }),
    );
    let superseded: string[] = [];
    try {
      for (const chunk of parsed.chunks) {
        const rows = (JSON.parse(chunk) as ListEntity[]).map((entity) => toRow(saved.id, entity));
        await this.dataSource.createQueryBuilder().insert().into(SanctionsListEntity).values(rows).updateEntity(false).execute();
        await nextTurn();
      }
      superseded = await this.dataSource.transaction(async (manager) => {
        const previous = await manager.getRepository(SanctionsListImport).find({ where: { source: parsed.source, status: 'active' }, select: { id: true } });
        const ids = previous.map((p) => p.id);
        if (ids.length > 0) await manager.getRepository(SanctionsListImport).update({ id: In(ids) }, { status: 'superseded' });
        await manager.getRepository(SanctionsListImport).update({ id: saved.id }, { status: 'active' });
        await this.audit.record(manager, {
          actor: file.actor,
          organizationId: null,
          action: 'sanctions_list.imported',
          detail: { importId: saved.id, source: parsed.source, version: parsed.version, fileName, entityCount: parsed.entityCount, trigger: file.trigger },
        });
        return ids;
      });
    } catch (error) {
      // Nothing of this version is in force: its rows go, the previous version stays.
      await this.imports.delete({ id: saved.id }).catch(() => undefined);
      throw error;
    }
    saved.status = 'active';
    await this.removeEntities(superseded);
    this.logger.log(`Imported ${saved.entityCount} entities of ${saved.source} (${saved.version ?? 'no version'}) from ${fileName}`);
    const dto = toListImportDto(saved);
    for (const listener of this.importListeners) listener(dto);
    return dto;
  }

  /** Deletes the entities of superseded versions a chunk at a time (they are screened against no more). */
  private async removeEntities(importIds: string[]): Promise<void> {
    if (importIds.length === 0) return;
    for (;;) {
      const rows = await this.entities.find({ where: { importId: In(importIds) }, select: { id: true }, take: DELETE_CHUNK });
      if (rows.length === 0) return;
      await this.entities.delete({ id: In(rows.map((row) => row.id)) });
      await nextTurn();
    }
  }

  /** Imports a process stopped in the middle of (an hour is far longer than any import takes). */
  private async removeAbandonedImports(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - 3600_000);
    await this.imports.delete({ status: 'importing', createdAt: LessThan(before) });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.parser.close();
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
      where: { status: Not('importing') },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: pageOffset(query.page, query.pageSize),
      take: query.pageSize,
    });
    return { items: rows.map(toListImportDto), meta: pageMeta(query.page, query.pageSize, total, rows.length) };
  }

  /** Whether a file with these bytes was imported (or refused) before. */
  async seen(sha256: string): Promise<boolean> {
    return (await this.imports.countBy({ sha256, status: Not('importing') })) > 0;
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
    const rows = await this.imports.find({
      where: { status: 'active' },
      select: { id: true, source: true, version: true, createdAt: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map((row) => ({ id: row.id, source: row.source ?? '', version: row.version, createdAt: row.createdAt }));
  }

  /** The entities of every list's active version: what screening runs against. */
  async activeEntities(): Promise<ListEntity[]> {
    const all: ListEntity[] = [];
    for await (const page of this.activeEntityPages(5000)) all.push(...page);
    return all;
  }

  /** The same, a page at a time (by row id), so that a large list is never read in one statement. */
  async *activeEntityPages(pageSize: number): AsyncGenerator<ListEntity[]> {
    for (let after = 0; ;) {
      const rows = await this.entities
        .createQueryBuilder('e')
        .innerJoin(SanctionsListImport, 'i', 'i.id = e.importId')
        .where('i.status = :status', { status: 'active' })
        .andWhere('e.id > :after', { after })
        .orderBy('e.id', 'ASC')
        .take(pageSize)
        .getMany();
      if (rows.length === 0) return;
      yield rows.map(({ source, externalId, kind, name, aliases, datesOfBirth, nationalities, programmes }) => ({
        source,
        externalId,
        kind,
        name,
        aliases,
        datesOfBirth,
        nationalities,
        programmes,
      }));
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1].id;
    }
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
