import type { ApplicantListItemDto } from '../../../api/generated/types.gen';
import { KycStatusBadge } from '../../../components/kyc-status-badge';
import { TagChips } from '../../../components/tag-chips';
import { Table, type TableColumn, type TableSort } from '../../../components/ui/table';
import { QUEUE_ANCHOR } from '../../../config/paths';
import { documentTypeLabel } from '../../../lib/applicant-labels';
import { flagLabel } from '../../../lib/check-labels';
import { useNow } from '../../../lib/use-now';
import { breachesSla, formatAge } from '../lib/age';
import { DEFAULT_COLUMNS, rowNumber, type ListColumn } from '../lib/list-params';
import { ReviewAnswerBadge } from './review-answer-badge';

import './applicants-table.css';

export interface ApplicantsTableProps {
  rows: readonly ApplicantListItemDto[];
  /** The page and size that produced `rows` (not the one being loaded). */
  page: number;
  pageSize: number;
  sort: TableSort | null;
  onSortChange: (sort: TableSort | null) => void;
  onOpen: (applicant: ApplicantListItemDto) => void;
  isFetching?: boolean;
  /** The columns shown after #, in order (default: DEFAULT_COLUMNS). */
  columns?: readonly ListColumn[];
  /** The organization's SLA in hours (null: none): the Age column marks the cases past it. */
  slaHours?: number | null;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** The day, and the time below it (narrow enough for the queue's many columns at 1280 px). */
function When({ value }: { value: string | null }) {
  if (!value) return <span className="applicants-none">—</span>;
  const date = new Date(value);
  return (
    <time className="applicants-date" dateTime={value}>
      {dayFormat.format(date)}
      <span className="applicants-time">{timeFormat.format(date)}</span>
    </time>
  );
}

const none = <span className="applicants-none">—</span>;

/** Time since submission; past the SLA, said in words beside it (not by colour alone). */
function Age({ applicant, slaHours, now }: { applicant: ApplicantListItemDto; slaHours: number | null; now: number }) {
  if (!applicant.submittedAt) return none;
  const breached = breachesSla(applicant, slaHours, now);
  return (
    <span className={breached ? 'applicants-age applicants-age-breached' : 'applicants-age'}>
      <time dateTime={applicant.submittedAt} title={`Submitted ${dayFormat.format(new Date(applicant.submittedAt))}`}>
        {formatAge(now - new Date(applicant.submittedAt).getTime())}
      </time>
      {breached && <span className="applicants-sla">Over SLA</span>}
    </span>
  );
}

/** Every column a person may show, by id: header, width, sortable, cell. */
export const COLUMN_DEFINITIONS: Record<ListColumn, Omit<TableColumn<ApplicantListItemDto>, 'id'>> = {
  userId: { header: 'User ID', sortable: true, cell: (a) => <span className="applicants-user-id">{a.userId}</span> },
  name: { header: 'Name', cell: (a) => (a.name ? <span className="applicants-name">{a.name}</span> : none) },
  country: { header: 'Country', cell: (a) => a.country ?? none },
  kycStatus: { header: 'Status', width: 140, sortable: true, cell: (a) => <KycStatusBadge status={a.kycStatus} /> },
  reviewAnswer: { header: 'Review answer', width: 130, cell: (a) => <ReviewAnswerBadge answer={a.reviewAnswer} /> },
  documentType: { header: 'Doc Type', width: 130, sortable: true, cell: (a) => (a.documentType ? documentTypeLabel(a.documentType) : none) },
  flaggedChecks: {
    header: 'Flagged',
    cell: (a) =>
      a.flaggedChecks.length ? (
        <ul className="applicants-flags">
          {a.flaggedChecks.map((check) => (
            <li key={check} title={check}>
              <span aria-hidden="true">⚑ </span>
              {flagLabel(check)}
            </li>
          ))}
        </ul>
      ) : (
        none
      ),
  },
  assignee: {
    header: 'Assignee',
    cell: (a) => (a.assignee ? <span className="applicants-assignee">{a.assignee.name}</span> : <span className="applicants-none">Unassigned</span>),
  },
  tags: { header: 'Tags', cell: (a) => (a.tags.length ? <TagChips tags={a.tags} /> : none) },
  // Its cell needs the time and the SLA: ApplicantsTable gives them.
  age: { header: 'Age', width: 110, sortable: true, cell: () => null },
  submittedAt: { header: 'Submitted', width: 120, sortable: true, cell: (a) => <When value={a.submittedAt} /> },
  updatedAt: { header: 'Updated', width: 120, sortable: true, cell: (a) => <When value={a.updatedAt} /> },
};

/** The Status column when the Review answer column is hidden: approved and rejected still told apart. */
const STATUS_WITH_ANSWER: Omit<TableColumn<ApplicantListItemDto>, 'id'> = {
  ...COLUMN_DEFINITIONS.kycStatus,
  cell: (a) => (
    <span className="applicants-status">
      <KycStatusBadge status={a.kycStatus} />
      {a.reviewAnswer && <ReviewAnswerBadge answer={a.reviewAnswer} />}
    </span>
  ),
};

export const COLUMN_LABELS: Record<ListColumn, string> = Object.fromEntries(
  Object.entries(COLUMN_DEFINITIONS).map(([id, column]) => [id, String(column.header)]),
) as Record<ListColumn, string>;

export function ApplicantsTable({
  rows,
  page,
  pageSize,
  sort,
  onSortChange,
  onOpen,
  isFetching,
  columns = DEFAULT_COLUMNS,
  slaHours = null,
}: ApplicantsTableProps) {
  const now = useNow(60_000);
  const definition = (id: ListColumn): Omit<TableColumn<ApplicantListItemDto>, 'id'> => {
    if (id === 'kycStatus' && !columns.includes('reviewAnswer')) return STATUS_WITH_ANSWER;
    if (id === 'age') return { ...COLUMN_DEFINITIONS.age, cell: (a) => <Age applicant={a} slaHours={slaHours} now={now} /> };
    return COLUMN_DEFINITIONS[id];
  };
  const shown: TableColumn<ApplicantListItemDto>[] = [
    {
      id: 'index',
      header: '#',
      width: 64,
      cell: (_applicant, index) => <span className="applicants-row-number">{rowNumber(page, pageSize, index)}</span>,
    },
    ...columns.map((id) => ({ id, ...definition(id) })),
  ];

  return (
    <div className="applicants-table">
      <Table
        id={QUEUE_ANCHOR}
        columns={shown}
        rows={rows}
        getRowKey={(applicant) => applicant.userId}
        caption="Applicants"
        sort={sort}
        onSortChange={onSortChange}
        onRowClick={onOpen}
        isFetching={isFetching}
        stacked
      />
    </div>
  );
}
