import { analysisStateOf } from '../../applicants/analysis/analysis-job.entity.js';
import type { ApplicantReader } from '../../applicants/applicant.reader.js';
import type { Applicant } from '../../applicants/applicant.entity.js';
import { toListItems } from '../../applicants/list/list-items.js';
import { Params, type EntityRows } from '../../database/plain-sql.js';
import type { FaceBlocklistEntry } from '../../faces/face-blocklist-entry.entity.js';
import { toFaceBlocklistEntryDto } from '../../faces/face-blocklist.dto.js';
import type { ApplicantDetailsDto } from './applicant-details.dto.js';
import { toApplicantDetails } from './applicant.mapper.js';

/**
 * An applicant's details in plain SQL: its images (never their bytes), the last
 * face-blocklist entry made from it, where its analysis stands, its assignee and tags.
 * On the applicant reader's executor, free of Nest and TypeORM: bench/ runs it as is.
 */
export class ApplicantDetailsReader {
  constructor(
    private readonly applicant: ApplicantReader,
    private readonly blocklist: EntityRows<FaceBlocklistEntry>,
  ) {}

  /** The details of an applicant already authorised: typed data, images, what was read, where the analysis is. */
  async detailsOf(applicant: Applicant): Promise<ApplicantDetailsDto> {
    const db = this.applicant.db;
    const params = new Params(db.dialect);
    const id = params.add(applicant.id);
    const statuses = db.dialect === 'postgres' ? `string_agg(DISTINCT "j"."status", ',')` : `group_concat(DISTINCT "j"."status")`;
    const [images, [blocklisted], [analysis], [{ assignee, tags }]] = await Promise.all([
      this.applicant.images(applicant.id),
      db.query<Record<string, unknown>>(
        `SELECT ${this.blocklist.select('b', ['id', 'userId', 'reason', 'createdAt'])} FROM "face_blocklist" "b" WHERE "b"."applicantId" = ${id} ORDER BY "b"."id" DESC LIMIT 1`,
        params.values,
      ),
      db.query<{ statuses: string | null }>(`SELECT ${statuses} AS "statuses" FROM "analysis_jobs" "j" WHERE "j"."applicantId" = ${id}`, params.values),
      toListItems(db, [applicant]),
    ]);
    return toApplicantDetails(
      applicant,
      images,
      analysisStateOf(analysis?.statuses?.split(',') ?? []),
      blocklisted ? toFaceBlocklistEntryDto(this.blocklist.hydrate(blocklisted)) : null,
      { assignee, tags },
    );
  }
}
