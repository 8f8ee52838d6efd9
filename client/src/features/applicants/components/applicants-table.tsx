import type { ApplicantListItemDto } from '../../../api/generated/types.gen';
import { KycStatusBadge } from '../../../components/kyc-status-badge';
import { Table, type TableColumn, type TableSort } from '../../../components/ui/table';
import { documentTypeLabel } from '../lib/applicant-labels';
import { rowNumber } from '../lib/list-params';

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
}

export function ApplicantsTable({ rows, page, pageSize, sort, onSortChange, onOpen, isFetching }: ApplicantsTableProps) {
  const columns: TableColumn<ApplicantListItemDto>[] = [
    {
      id: 'index',
      header: '#',
      width: 72,
      cell: (_applicant, index) => <span className="applicants-row-number">{rowNumber(page, pageSize, index)}</span>,
    },
    {
      id: 'userId',
      header: 'User ID',
      sortable: true,
      cell: (applicant) => <span className="applicants-user-id">{applicant.userId}</span>,
    },
    {
      id: 'kycStatus',
      header: 'Status',
      width: 170,
      sortable: true,
      cell: (applicant) => <KycStatusBadge status={applicant.kycStatus} />,
    },
    {
      id: 'documentType',
      header: 'Doc Type',
      width: 190,
      sortable: true,
      cell: (applicant) =>
        applicant.documentType ? (
          documentTypeLabel(applicant.documentType)
        ) : (
          <span className="applicants-none">—</span>
        ),
    },
  ];

  return (
    <div className="applicants-table">
      <Table
        columns={columns}
        rows={rows}
        getRowKey={(applicant) => applicant.userId}
        caption="Applicants"
        sort={sort}
        onSortChange={onSortChange}
        onRowClick={onOpen}
        isFetching={isFetching}
      />
    </div>
  );
}
