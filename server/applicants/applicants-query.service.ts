import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { SqliteReaderPool } from '../database/sqlite-reader-pool.js';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, type Repository, type SelectQueryBuilder } from 'typeorm';
import { pageMeta, pageOffset } from '../common/paging/page-meta.dto.js';
import { isUuid, OrganizationAccessService } from '../organizations/organization-access.service.js';
import type { User } from '../users/user.entity.js';
import type { ApplicantOrderBy } from './applicant-fields.js';
import { ApplicantCheck } from './applicant-check.entity.js';
import { ApplicantImage } from './applicant-image.entity.js';
import { ApplicantListReader, type ApplicantListRow } from './list/applicant-list.reader.js';
import { APP_SQL } from '../database/app-sql.module.js';
import { budgetedPostgresExecutor, EntityRows, limitedExecutor, ReadTooSlowError, type SqlExecutor } from '../database/plain-sql.js';
import { ApplicantReader } from './applicant.reader.js';
import { toListItems } from './list/list-items.js';
import { toListFilters } from './queue-filters.js';
import { Applicant } from './applicant.entity.js';
import { imageNotFound, listReadTooSlow } from './applicants.errors.js';
import type { ApplicantCheckDto } from './dto/applicant-check.dto.js';
import type {
  ApplicantListItemDto,
  ApplicantListQueryDto,
  ApplicantPageDto,
  ApplicantQueueQueryDto,
  ApplicantsOverviewQueryDto,
  NextApplicantDto,
  NextApplicantQueryDto,
} from './dto/applicant-list.dto.js';

const DEFAULT_ORDER_BY: ApplicantOrderBy = 'userId';

export interface ImageBytes {
  contentType: string;
  data: Buffer;
}

/** Reading applicants: the paged list, one applicant, its images and checks. */
@Injectable()
export class ApplicantsQueryService implements OnApplicationShutdown {
  private readonly reader: ApplicantListReader;
  private readonly executor: SqlExecutor;
  /** One applicant's row, images and checks. */
  readonly applicantReader: ApplicantReader;
  /** SQLite: the searches' reader threads (SQLITE_READER_THREADS). */
  private readonly backgroundReaders: SqliteReaderPool | null;
  /**
   * The list's long reads (the reader threads, or POSTGRES_LONG_READS at once), each within
   * LONG_READ_BUDGET_MS, past which the request answers 503 LIST_READ_TOO_SLOW.
   */
  private readonly longReadExecutor: SqlExecutor;

  constructor(
    @InjectRepository(Applicant) private readonly applicants: Repository<Applicant>,
    @InjectRepository(ApplicantImage) private readonly images: Repository<ApplicantImage>,
    private readonly access: OrganizationAccessService,
    private readonly dataSource: DataSource,
    @Inject(appConfig.KEY) env: AppConfig,
    @Inject(APP_SQL) sql: SqlExecutor,
  ) {
    this.executor = sql;
    const sqliteFile = dataSource.options.type === 'better-sqlite3' ? dataSource.options.database : undefined;
    this.backgroundReaders = sqliteFile && env.sqliteReaderThreads > 0 ? new SqliteReaderPool(sqliteFile, env.sqliteReaderThreads, env.longReadBudgetMs) : null;
    this.longReadExecutor = answeringTooSlow(this.backgroundReaders ?? this.longReads(env));
    this.reader = new ApplicantListReader(this.executor, {}, this.longReadExecutor);
    this.applicantReader = new ApplicantReader(this.executor, {
      applicants: new EntityRows(dataSource, Applicant),
      images: new EntityRows(dataSource, ApplicantImage),
      checks: new EntityRows(dataSource, ApplicantCheck),
    });
  }

  /**
   * Where the list's long reads run without reader threads: on PostgreSQL, POSTGRES_LONG_READS
   * at once, each stopped by statement_timeout at LONG_READ_BUDGET_MS. (SQLite without
   * reader threads: on the main connection, unbounded.)
   */
  private longReads(env: AppConfig): SqlExecutor {
    if (this.executor.dialect !== 'postgres') return this.executor;
    const budgeted = env.longReadBudgetMs > 0 ? budgetedPostgresExecutor(this.dataSource, env.longReadBudgetMs) : this.executor;
    return env.postgresLongReads > 0 ? limitedExecutor(budgeted, env.postgresLongReads) : budgeted;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.backgroundReaders?.close();
  }

  /** `slaCutoff`: for `sla=breached`, now minus the organization's SLA (ReviewSla). */
  async listInOrganization(
    user: User,
    organizationId: string,
    query: ApplicantListQueryDto | ApplicantQueueQueryDto,
    slaCutoff?: Date,
  ): Promise<ApplicantPageDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const { page, pageSize } = query;
    const { rows, total } = await this.reader.list({
      organizationId: organization.id,
      page,
      pageSize,
      orderBy: query.orderBy ?? DEFAULT_ORDER_BY,
      direction: query.orderDirection ?? 'desc',
      search: query.search,
      filters: 'status' in query || 'assignee' in query ? toListFilters(user, query, slaCutoff) : undefined,
    });
    const items = await toListItems(this.executor, rows);
    return { items, meta: pageMeta(page, pageSize, total, rows.length) };
  }

  /** The applicant after `after` in the list's filters and order (the first without it), or null at the end. */
  async next(user: User, organizationId: string, query: NextApplicantQueryDto, slaCutoff?: Date): Promise<NextApplicantDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const [row] = await this.reader.following(this.orderOf(organization.id, query), toListFilters(user, query, slaCutoff), query.after, 1, query.search);
    const [item] = row ? await toListItems(this.executor, [row]) : [];
    return { item: item ?? null };
  }

  /** The list's order for a query (the list's defaults: userId, descending). */
  orderOf(organizationId: string, query: ApplicantListQueryDto): { organizationId: string; orderBy: ApplicantOrderBy; direction: 'asc' | 'desc' } {
    return { organizationId, orderBy: query.orderBy ?? DEFAULT_ORDER_BY, direction: query.orderDirection ?? 'desc' };
  }

  /** Rows of the list as the API answers them (assignee and tag names looked up). */
  listItems(rows: readonly ApplicantListRow[]): Promise<ApplicantListItemDto[]> {
    return toListItems(this.executor, rows);
  }

  /** The list reader, for the routes that walk the same list (next unassigned, export). */
  get listReader(): ApplicantListReader {
    return this.reader;
  }

  /** The spec's generic list: every organization the caller may see, or the one named. */
  async listAcrossOrganizations(user: User, query: ApplicantsOverviewQueryDto): Promise<ApplicantPageDto> {
    if (query.organizationId) return this.listInOrganization(user, query.organizationId, query);
    const builder = this.applicants.createQueryBuilder('a');
    this.access.restrictToMember(builder, user, 'a.organizationId');
    return this.pageAcrossOrganizations(builder, query);
  }

  async image(user: User, organizationId: string, userId: string, imageId: string): Promise<ImageBytes> {
    const { organization } = await this.access.requireMember(user, organizationId);
    if (!isUuid(imageId)) throw imageNotFound();
    const image = await this.images
      .createQueryBuilder('i')
      .innerJoin(Applicant, 'a', 'a.id = i.applicantId')
      .select(['i.contentType', 'i.data'])
      .where('i.id = :imageId', { imageId: imageId.toLowerCase() })
      .andWhere('a.organizationId = :organizationId', { organizationId: organization.id })
      .andWhere('a.userId = :userId', { userId })
      .getOne();
    if (!image) throw imageNotFound();
    return { contentType: image.contentType, data: image.data };
  }

  /** The automatic checks of the applicant's last submission. */
  async checks(user: User, organizationId: string, userId: string): Promise<ApplicantCheckDto[]> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const applicant = await this.findApplicant(organization.id, userId);
    return this.applicantReader.checks(applicant.id);
  }

  findApplicant(organizationId: string, userId: string): Promise<Applicant> {
    return this.applicantReader.find(organizationId, userId);
  }

  findById(applicantId: string): Promise<Applicant | null> {
    return this.applicants.findOneBy({ id: applicantId });
  }

  findInOrganization(organizationId: string, userId: string): Promise<Applicant | null> {
    return this.applicants.findOneBy({ organizationId, userId });
  }

  /** Which photos an applicant has and which session uploaded each (never their bytes), in upload order. */
  listImageKinds(applicantId: string): Promise<Pick<ApplicantImage, 'docType' | 'side' | 'sessionId'>[]> {
    return this.images.find({ where: { applicantId }, select: { docType: true, side: true, sessionId: true }, order: { createdAt: 'ASC' } });
  }

  /**
   * Every organization of the caller: one COUNT and one page query. userId repeats
   * across organizations, so the ORDER BY ends with the column, then id (unique) and
   * pages never overlap. (One organization's list goes through ApplicantListReader.)
   * Both scan every applicant the caller may see (a super-admin: all of them, the page
   * sorted whole before its OFFSET): long reads, built by TypeORM (its SQL and parameters
   * in the dialect's placeholders) but run on the long-read executor, off the HTTP thread
   * and within the time budget.
   */
  private async pageAcrossOrganizations(builder: SelectQueryBuilder<Applicant>, query: ApplicantListQueryDto): Promise<ApplicantPageDto> {
    if (query.search) this.applySearch(builder, query.search);
    const { page, pageSize } = query;
    const [countRow] = await this.readLong<{ count: number | string }>(builder.clone().select('COUNT(*)', 'count'));
    const total = Number(countRow?.count ?? 0);
    let items: ApplicantListItemDto[] = [];
    if (pageOffset(page, pageSize) < total) {
      const orderBy = query.orderBy ?? DEFAULT_ORDER_BY;
      const direction = query.orderDirection === 'asc' ? 'ASC' : 'DESC';
      builder
        .select('a.userId', 'userId')
        .addSelect('a.kycStatus', 'kycStatus')
        .addSelect('a.documentType', 'documentType')
        .addSelect('a.organizationId', 'organizationId')
        .addSelect(
          ['name', 'country', 'reviewAnswer', 'submittedAt', 'updatedAt', 'flaggedChecks', 'assigneeId', 'tagIds'].map(
            (column) => `a.${column} AS "${column}"`,
          ),
        )
        .orderBy(`a.${orderBy}`, direction)
        .addOrderBy('a.id', direction);
      const rows = await this.readLong<ApplicantListRow>(builder.offset(pageOffset(page, pageSize)).limit(pageSize));
      items = await toListItems(this.executor, rows);
    }
    return { items, meta: pageMeta(page, pageSize, total, items.length) };
  }

  /** The builder's raw rows, read on the long-read executor. */
  private readLong<T>(builder: SelectQueryBuilder<Applicant>): Promise<T[]> {
    const [sql, params] = builder.getQueryAndParameters();
    return this.longReadExecutor.query<T>(sql, params);
  }

  /**
   * userId and docNumber match by prefix (identifiers are typed from the start),
   * name anywhere in it; all case-insensitively. LIKE wildcards in the input are literal.
   */
  private applySearch(builder: SelectQueryBuilder<Applicant>, search: string): void {
    const like = this.dataSource.options.type === 'postgres' ? 'ILIKE' : 'LIKE';
    const escaped = search.replace(/[\\%_]/g, (character) => `\\${character}`);
    builder.andWhere(
      new Brackets((where) =>
        where
          .where(`a.userId ${like} :searchPrefix ESCAPE '\\'`)
          .orWhere(`a.docNumber ${like} :searchPrefix ESCAPE '\\'`)
          .orWhere(`a.name ${like} :searchContains ESCAPE '\\'`),
      ),
      { searchPrefix: `${escaped}%`, searchContains: `%${escaped}%` },
    );
  }
}

/** The executor's ReadTooSlowError answered as 503 LIST_READ_TOO_SLOW. */
function answeringTooSlow(executor: SqlExecutor): SqlExecutor {
  return {
    dialect: executor.dialect,
    query: <T>(sql: string, params: readonly unknown[]) =>
      executor.query<T>(sql, params).catch((error: unknown) => {
        throw error instanceof ReadTooSlowError ? listReadTooSlow() : error;
      }),
    readsCommittedState: () => executor.readsCommittedState(),
  };
}
