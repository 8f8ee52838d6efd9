import { analysisStateOf } from './analysis/analysis-job.entity.js';
import type { ApplicantCheck } from './applicant-check.entity.js';
import type { ApplicantImage } from './applicant-image.entity.js';
import { toApplicantDetails, type ImageListing } from './applicant.mapper.js';
import type { Applicant } from './applicant.entity.js';
import { applicantNotFound } from './applicants.errors.js';
import type { ApplicantCheckDto } from './dto/applicant-check.dto.js';
import type { ApplicantDetailsDto } from './dto/applicant-details.dto.js';
import type { FaceBlocklistEntry } from './faces/face-blocklist-entry.entity.js';
import { toFaceBlocklistEntryDto } from './faces/face-blocklist.dto.js';
import { toListItems } from './list/list-items.js';
import { Params, type EntityRows, type SqlExecutor } from '../database/plain-sql.js';

export interface ApplicantDetailsRows {
  applicants: EntityRows<Applicant>;
  images: EntityRows<ApplicantImage>;
  blocklist: EntityRows<FaceBlocklistEntry>;
  checks: EntityRows<ApplicantCheck>;
}

/**
 * An applicant's details in plain SQL: the row, its images (never their bytes), the last
 * face-blocklist entry made from it, where its analysis stands, its assignee and tags;
 * and its automatic checks.
 * On an executor, free of Nest and TypeORM: bench/ runs it as is.
 */
export class ApplicantDetailsReader {
  constructor(
    private readonly db: SqlExecutor,
    private readonly rows: ApplicantDetailsRows,
  ) {}

  async find(organizationId: string, userId: string): Promise<Applicant> {
    const params = new Params(this.db.dialect);
    const [row] = await this.db.query<Record<string, unknown>>(
      `SELECT ${this.rows.applicants.select('a')} FROM "applicants" "a" WHERE "a"."organizationId" = ${params.add(organizationId)} AND "a"."userId" = ${params.add(userId)}`,
      params.values,
    );
    if (!row) throw applicantNotFound();
    return this.rows.applicants.hydrate(row);
  }

  /** The applicant's images (never their bytes): front before back ('front' > 'back'), the selfie after every document type. */
  async images(applicantId: string): Promise<ImageListing[]> {
    const params = new Params(this.db.dialect);
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${this.rows.images.select('i', ['id', 'docType', 'side', 'quality'])} FROM "applicant_images" "i" WHERE "i"."applicantId" = ${params.add(applicantId)}` +
        ` ORDER BY "i"."docType" ASC, "i"."side" DESC, "i"."createdAt" ASC`,
      params.values,
    );
    return rows.map((row) => this.rows.images.hydrate(row));
  }

  /** The automatic checks of the applicant's last submission, by name. */
  async checks(applicantId: string): Promise<ApplicantCheckDto[]> {
    const params = new Params(this.db.dialect);
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${this.rows.checks.select('c', ['name', 'verdict', 'score', 'detail', 'evidence', 'createdAt'])} FROM "applicant_checks" "c"` +
        ` WHERE "c"."applicantId" = ${params.add(applicantId)} ORDER BY "c"."name" ASC`,
      params.values,
    );
    return rows.map((row) => {
      const { name, verdict, score, detail, evidence, createdAt } = this.rows.checks.hydrate(row);
      return { name, verdict, passed: verdict === 'passed', score, detail, evidence, createdAt };
    });
  }

  /** The details of an applicant already authorised: typed data, images, what was read, where the analysis is. */
  async detailsOf(applicant: Applicant): Promise<ApplicantDetailsDto> {
    const params = new Params(this.db.dialect);
    const id = params.add(applicant.id);
    const statuses = this.db.dialect === 'postgres' ? `string_agg(DISTINCT "j"."status", ',')` : `group_concat(DISTINCT "j"."status")`;
    const [images, [blocklisted], [analysis], [{ assignee, tags }]] = await Promise.all([
      this.images(applicant.id),
      this.db.query<Record<string, unknown>>(
        `SELECT ${this.rows.blocklist.select('b', ['id', 'userId', 'reason', 'createdAt'])} FROM "face_blocklist" "b" WHERE "b"."applicantId" = ${id} ORDER BY "b"."id" DESC LIMIT 1`,
        params.values,
      ),
      this.db.query<{ statuses: string | null }>(`SELECT ${statuses} AS "statuses" FROM "analysis_jobs" "j" WHERE "j"."applicantId" = ${id}`, params.values),
      toListItems(this.db, [applicant]),
    ]);
    return toApplicantDetails(
      applicant,
      images,
      analysisStateOf(analysis?.statuses?.split(',') ?? []),
      blocklisted ? toFaceBlocklistEntryDto(this.rows.blocklist.hydrate(blocklisted)) : null,
      { assignee, tags },
    );
  }
}
