import type { User } from '../users/user.entity.js';
import type { ApplicantQueueQueryDto } from './dto/applicant-list.dto.js';
import type { ApplicantListFilters } from './list/types.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The query's filters for the list reader: `me` is the caller, a date-only `submittedTo`
 * includes its whole day, `sla=breached` is awaiting a decision and submitted before
 * `slaCutoff` (now minus the organization's SLA, which the caller looks up: ReviewSla).
 */
export function toListFilters(user: User, query: ApplicantQueueQueryDto, slaCutoff?: Date): ApplicantListFilters {
  const to = query.submittedTo ? new Date(query.submittedTo) : undefined;
  if (query.sla && !slaCutoff) throw new Error('sla=breached needs the SLA cutoff of the organization');
  return {
    ...(query.sla ? { awaitingDecision: true, submittedBefore: slaCutoff } : {}),
    statuses: query.status,
    reviewAnswer: query.reviewAnswer,
    flagged: query.flagged,
    assigneeId:
      query.assignee === undefined ? undefined : query.assignee === 'unassigned' ? null : query.assignee === 'me' ? user.id : query.assignee.toLowerCase(),
    submittedFrom: query.submittedFrom ? new Date(query.submittedFrom) : undefined,
    submittedTo: to && query.submittedTo && DATE_ONLY.test(query.submittedTo) ? new Date(to.getTime() + DAY_MS) : to && new Date(to.getTime() + 1),
    documentType: query.documentType,
    tagId: query.tag?.toLowerCase(),
    noted: query.notes === 'mine' ? { authorId: user.id } : query.notes,
  };
}

/** The filters as an audit detail: which filters, never a personal value (the search term is left out). */
export function describeFilters(query: ApplicantQueueQueryDto): Record<string, unknown> {
  const { status, reviewAnswer, flagged, assignee, submittedFrom, submittedTo, documentType, tag, notes, sla, orderBy, orderDirection } = query;
  const described: Record<string, unknown> = {
    status,
    reviewAnswer,
    flagged,
    assignee,
    submittedFrom,
    submittedTo,
    documentType,
    tag,
    notes,
    sla,
    orderBy,
    orderDirection,
    searched: !!query.search,
  };
  return Object.fromEntries(Object.entries(described).filter(([, value]) => value !== undefined));
}
