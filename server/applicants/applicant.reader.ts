import type { ApplicantCheck } from './applicant-check.entity.js';
import type { ApplicantImage } from './applicant-image.entity.js';
import type { Applicant } from './applicant.entity.js';
import { applicantNotFound } from './applicants.errors.js';
import type { ApplicantCheckDto } from './dto/applicant-check.dto.js';
import { Params, type EntityRows, type SqlExecutor } from '../database/plain-sql.js';

export interface ApplicantRows {
  applicants: EntityRows<Applicant>;
  images: EntityRows<ApplicantImage>;
  checks: EntityRows<ApplicantCheck>;
}

/** An image as the details list it: never its bytes. */
export type ImageListing = Pick<ApplicantImage, 'id' | 'docType' | 'side' | 'quality'>;

/**
 * One applicant in plain SQL: the row by organization and userId, its images (never their
 * bytes) and the automatic checks of its last submission. On an executor, free of Nest and
 * TypeORM: bench/ runs it as is, and the reviewer's details (review/details) build on it.
 */
export class ApplicantReader {
  constructor(
    readonly db: SqlExecutor,
    private readonly rows: ApplicantRows,
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
}
