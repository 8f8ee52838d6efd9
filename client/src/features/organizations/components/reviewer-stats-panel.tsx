import type { ReviewerStatsDto } from '../../../api/generated/types.gen';
import { Panel } from '../../../components/panel';
import { Table, type TableColumn } from '../../../components/ui/table';
import { formatDuration } from '../lib/format-duration';

const numberFormat = new Intl.NumberFormat();

const COLUMNS: readonly TableColumn<ReviewerStatsDto>[] = [
  { id: 'name', header: 'Reviewer', cell: (row) => row.name },
  { id: 'decisions', header: 'Decisions', cell: (row) => numberFormat.format(row.decisions) },
  { id: 'approved', header: 'Approved', cell: (row) => numberFormat.format(row.approved) },
  { id: 'rejected', header: 'Rejected', cell: (row) => numberFormat.format(row.rejected) },
  { id: 'held', header: 'On hold', cell: (row) => numberFormat.format(row.held) },
  {
    id: 'median',
    header: 'Median time to decision',
    cell: (row) => (row.medianSecondsToDecision === null ? '—' : formatDuration(row.medianSecondsToDecision)),
  },
];

/** Oversight on the organization home: who decided how much in the last 30 days, and how fast. */
export function ReviewerStatsPanel({ reviewers }: { reviewers: readonly ReviewerStatsDto[] }) {
  return (
    <Panel title="Reviewers" description="Decisions made by people in the last 30 days (automatic decisions are not counted); time from submission." flush>
      <Table
        columns={COLUMNS}
        rows={reviewers}
        getRowKey={(row) => row.userId}
        caption="Decisions per reviewer in the last 30 days"
        emptyText="No one has decided anything in the last 30 days."
        stacked
      />
    </Panel>
  );
}
