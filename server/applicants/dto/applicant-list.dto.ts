import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsIn, IsISO8601, IsOptional, IsString, IsUUID, Matches, MaxLength, isIn, isISO8601, isUUID, matches, maxLength } from 'class-validator';
import { handChecked, integerIn, trimmedString, UNDECIDED, type QueryField } from '../../common/validation/hand-checked-query.js';
import { SEARCH_MIN_LENGTH } from '../list/search-term.js';
import { PageMetaDto } from '../../common/paging/page-meta.dto.js';
import { MAX_PAGE, MAX_PAGE_SIZE, PageQueryDto } from '../../common/paging/page-query.dto.js';
import { KYC_STATUSES, REVIEW_ANSWERS, type KycStatus, type ReviewAnswer } from '../applicant.enums.js';
import { NOTE_FILTERS, REVIEW_ANSWER_FILTERS, SLA_FILTERS, type NoteFilter, type ReviewAnswerFilter, type SlaFilter } from '../list/types.js';
import { TAG_COLORS, type TagColor } from '../tags/tag-colors.js';
import { APPLICANT_ORDER_BY, ORDER_DIRECTIONS, type ApplicantOrderBy, type OrderDirection } from '../applicant-fields.js';

/** Empty strings are treated as absent (spec §5). */
const trimmedOrAbsent = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

// Characters as the indexes count them (code points, not UTF-16 units).
const SEARCH_PATTERN = new RegExp(`^[\\s\\S]{${SEARCH_MIN_LENGTH},}$`, 'u');
const SEARCH_MAX_LENGTH = 100;
const FLAGGED_PATTERN = /^[a-z0-9-]+$/;
const FLAGGED_MAX_LENGTH = 48;
const ASSIGNEE_PATTERN = /^(me|unassigned|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
const DOCUMENT_TYPE_MAX_LENGTH = 32;
const AFTER_MAX_LENGTH = 128;

export class ApplicantListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    minLength: SEARCH_MIN_LENGTH,
    maxLength: SEARCH_MAX_LENGTH,
    description:
      `Case-insensitive: userId or docNumber starting with it, or name containing it. At least ${SEARCH_MIN_LENGTH} characters: ` +
      'the search indexes work on three-character windows, and a shorter term would scan every applicant',
  })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsString()
  @Matches(SEARCH_PATTERN, { message: `search must be at least ${SEARCH_MIN_LENGTH} characters long` })
  @MaxLength(SEARCH_MAX_LENGTH)
  search?: string;

  @ApiPropertyOptional({ enum: APPLICANT_ORDER_BY, default: 'userId' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsIn(APPLICANT_ORDER_BY, { message: `orderBy must be one of: ${APPLICANT_ORDER_BY.join(', ')}` })
  orderBy?: ApplicantOrderBy;

  @ApiPropertyOptional({ enum: ORDER_DIRECTIONS, default: 'desc' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value))
  @IsIn(ORDER_DIRECTIONS, { message: `orderDirection must be one of: ${ORDER_DIRECTIONS.join(', ')}` })
  orderDirection?: OrderDirection;
}

/** `a,b` or repeated `a&a`: a list of trimmed values (absent when empty). */
const listOrAbsent = ({ value }: { value: unknown }) => {
  const values = (Array.isArray(value) ? value : [value])
    .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '' && item !== undefined);
  return values.length ? values : undefined;
};

/** The work-queue filters of one organization's list (also taken by next, next-unassigned and the CSV export). */
export class ApplicantQueueQueryDto extends ApplicantListQueryDto {
  @ApiPropertyOptional({ enum: KYC_STATUSES, isArray: true, description: 'One or more statuses (repeated, or comma-separated)' })
  @IsOptional()
  @Transform(listOrAbsent)
  @ArrayMaxSize(KYC_STATUSES.length)
  @IsIn(KYC_STATUSES, { each: true, message: `status must be one of: ${KYC_STATUSES.join(', ')}` })
  status?: KycStatus[];

  @ApiPropertyOptional({ enum: REVIEW_ANSWER_FILTERS, description: 'none: not decided' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsIn(REVIEW_ANSWER_FILTERS, { message: `reviewAnswer must be one of: ${REVIEW_ANSWER_FILTERS.join(', ')}` })
  reviewAnswer?: ReviewAnswerFilter;

  @ApiPropertyOptional({
    maxLength: FLAGGED_MAX_LENGTH,
    example: 'any',
    description: 'any: at least one check failed or needs review; or the name of one check',
  })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsString()
  @MaxLength(FLAGGED_MAX_LENGTH)
  @Matches(FLAGGED_PATTERN, { message: 'flagged must be any or a check name (a-z, 0-9, -)' })
  flagged?: string;

  @ApiPropertyOptional({ example: 'me', description: 'me, unassigned, or the id of a member' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsString()
  @Matches(ASSIGNEE_PATTERN, {
    message: 'assignee must be me, unassigned or a user id',
  })
  assignee?: string;

  @ApiPropertyOptional({ example: '2026-01-31', description: 'Submitted at or after (a date is its start, UTC)' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsISO8601({ strict: true }, { message: 'submittedFrom must be a date (YYYY-MM-DD) or an ISO 8601 time' })
  submittedFrom?: string;

  @ApiPropertyOptional({ example: '2026-02-28', description: 'Submitted at or before (a date includes the whole day, UTC)' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsISO8601({ strict: true }, { message: 'submittedTo must be a date (YYYY-MM-DD) or an ISO 8601 time' })
  submittedTo?: string;

  @ApiPropertyOptional({ maxLength: DOCUMENT_TYPE_MAX_LENGTH, example: 'PASSPORT' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsString()
  @MaxLength(DOCUMENT_TYPE_MAX_LENGTH)
  documentType?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Applicants with this tag' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsUUID(undefined, { message: 'tag must be a tag id' })
  tag?: string;

  @ApiPropertyOptional({ enum: NOTE_FILTERS, description: 'any: applicants with an internal note; mine: with a note of the caller' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsIn(NOTE_FILTERS, { message: `notes must be one of: ${NOTE_FILTERS.join(', ')}` })
  notes?: NoteFilter;

  @ApiPropertyOptional({
    enum: SLA_FILTERS,
    description: "breached: awaiting a decision longer than the organization's SLA (400 SLA_NOT_SET when it has none)",
  })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsIn(SLA_FILTERS, { message: `sla must be one of: ${SLA_FILTERS.join(', ')}` })
  sla?: SlaFilter;
}

export class NextApplicantQueryDto extends ApplicantQueueQueryDto {
  @ApiPropertyOptional({ maxLength: AFTER_MAX_LENGTH, description: 'The userId of the current applicant; absent: the first of the list' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsString()
  @MaxLength(AFTER_MAX_LENGTH)
  after?: string;
}

export class ApplicantsOverviewQueryDto extends ApplicantListQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this organization (404 unless the caller may see it)' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsString()
  organizationId?: string;
}

// The hot lists' queries, checked by hand first (common/validation/hand-checked-query.ts):
// each check below is the decorators' own, through class-validator's check functions.
const oneOf = (values: readonly string[]) => trimmedString((value) => isIn(value, values));
const isoTime = trimmedString((value) => isISO8601(value, { strict: true }));
const LIST_FIELDS: Record<string, QueryField> = {
  page: integerIn(1, MAX_PAGE),
  pageSize: integerIn(1, MAX_PAGE_SIZE),
  search: trimmedString((value) => matches(value, SEARCH_PATTERN) && maxLength(value, SEARCH_MAX_LENGTH)),
  orderBy: oneOf(APPLICANT_ORDER_BY),
  orderDirection: (raw) => {
    if (typeof raw !== 'string') return UNDECIDED;
    const value = raw.trim().toLowerCase();
    if (value === '') return undefined;
    return isIn(value, ORDER_DIRECTIONS) ? value : UNDECIDED;
  },
};
const QUEUE_FIELDS: Record<string, QueryField> = {
  ...LIST_FIELDS,
  status: (raw) => {
    if (typeof raw !== 'string' && !(Array.isArray(raw) && raw.every((item) => typeof item === 'string'))) return UNDECIDED;
    const values = listOrAbsent({ value: raw }) as string[] | undefined;
    if (values === undefined) return undefined;
    return values.length <= KYC_STATUSES.length && values.every((value) => isIn(value, KYC_STATUSES)) ? values : UNDECIDED;
  },
  reviewAnswer: oneOf(REVIEW_ANSWER_FILTERS),
  flagged: trimmedString((value) => maxLength(value, FLAGGED_MAX_LENGTH) && matches(value, FLAGGED_PATTERN)),
  assignee: trimmedString((value) => matches(value, ASSIGNEE_PATTERN)),
  submittedFrom: isoTime,
  submittedTo: isoTime,
  documentType: trimmedString((value) => maxLength(value, DOCUMENT_TYPE_MAX_LENGTH)),
  tag: trimmedString((value) => isUUID(value)),
  notes: oneOf(NOTE_FILTERS),
  sla: oneOf(SLA_FILTERS),
};
handChecked(ApplicantQueueQueryDto, QUEUE_FIELDS);
handChecked(NextApplicantQueryDto, { ...QUEUE_FIELDS, after: trimmedString((value) => maxLength(value, AFTER_MAX_LENGTH)) });
handChecked(ApplicantsOverviewQueryDto, { ...LIST_FIELDS, organizationId: trimmedString() });

export class ApplicantAssigneeDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;
}

export class TagDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ enum: TAG_COLORS })
  color: TagColor;
}

export class ApplicantListItemDto {
  @ApiProperty({ description: "The integrator's own id for the end user (unique per organization)" })
  userId: string;

  @ApiProperty({ enum: KYC_STATUSES })
  kycStatus: KycStatus;

  @ApiProperty({ type: String, nullable: true, example: 'PASSPORT' })
  documentType: string | null;

  @ApiProperty({ format: 'uuid' })
  organizationId: string;

  @ApiProperty({ type: String, nullable: true })
  name: string | null;

  @ApiProperty({ type: String, nullable: true })
  country: string | null;

  @ApiProperty({ enum: [...REVIEW_ANSWERS, null], nullable: true, description: 'Approved or rejected once decided (kycStatus completed)' })
  reviewAnswer: ReviewAnswer | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  submittedAt: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt: string;

  @ApiProperty({ type: [String], description: 'Checks whose verdict is failed or needs-review' })
  flaggedChecks: string[];

  @ApiProperty({ type: () => ApplicantAssigneeDto, nullable: true })
  assignee: ApplicantAssigneeDto | null;

  @ApiProperty({ type: () => [TagDto] })
  tags: TagDto[];
}

export class ApplicantPageDto {
  @ApiProperty({ type: [ApplicantListItemDto] })
  items: ApplicantListItemDto[];

  @ApiProperty({ type: PageMetaDto })
  meta: PageMetaDto;
}

export class NextApplicantDto {
  @ApiProperty({ type: () => ApplicantListItemDto, nullable: true, description: 'null: none left in this list' })
  item: ApplicantListItemDto | null;
}
