import { useRef, useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../api/client';
import type { ListImportDto, RescreenDto } from '../../api/generated/types.gen';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Pager } from '../../components/ui/pager';
import { Table, type TableColumn } from '../../components/ui/table';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRescreens } from './api/rescreens';
import { useListImports, useUploadList } from './api/sanctions-lists';

import './sanctions-lists-page.css';

const SOURCE_NAMES: Record<string, string> = {
  'ofac-sdn': 'OFAC SDN',
  'un-consolidated': 'UN Security Council',
  'eu-consolidated': 'EU consolidated',
  'uk-consolidated': 'UK consolidated',
};
const STATUS_BADGES: Record<string, BadgeVariant> = { active: 'success', superseded: 'neutral', failed: 'danger' };
const TRIGGER_NAMES: Record<string, string> = { upload: 'Upload', cli: 'Command line', directory: 'Pick-up directory' };

const COLUMNS: TableColumn<ListImportDto>[] = [
  { id: 'createdAt', header: 'Imported', cell: (row) => new Date(row.createdAt).toLocaleString(), width: 180 },
  { id: 'source', header: 'List', cell: (row) => (row.source ? (SOURCE_NAMES[row.source] ?? row.source) : '—'), width: 170 },
  { id: 'version', header: 'Version', cell: (row) => row.version ?? '—', width: 190 },
  {
    id: 'file',
    header: 'File',
    cell: (row) => (
      <>
        {row.fileName}
        {row.error && <div className="sanctions-lists-error">{row.error}</div>}
      </>
    ),
  },
  { id: 'entities', header: 'Entities', cell: (row) => (row.status === 'failed' ? '—' : `${row.entityCount} (${row.personCount} persons)`), width: 170 },
  { id: 'status', header: 'Status', cell: (row) => <Badge variant={STATUS_BADGES[row.status] ?? 'neutral'}>{row.status}</Badge>, width: 120 },
  { id: 'by', header: 'By', cell: (row) => `${row.importedBy} · ${TRIGGER_NAMES[row.trigger] ?? row.trigger}`, width: 200 },
];

const RESCREEN_COLUMNS: TableColumn<RescreenDto>[] = [
  { id: 'startedAt', header: 'Started', cell: (row) => new Date(row.startedAt).toLocaleString(), width: 180 },
  {
    id: 'list',
    header: 'After the import of',
    cell: (row) => (
      <>
        {`${SOURCE_NAMES[row.source] ?? row.source}${row.version ? ` (${row.version})` : ''}`}
        <div className="sanctions-lists-since">
          Applicants verified since {new Date(row.verifiedSince).toLocaleDateString()}, and every one awaiting a decision
        </div>
      </>
    ),
  },
  {
    id: 'progress',
    header: 'Progress',
    cell: (row) => (
      <div className="sanctions-lists-progress">
        <progress
          max={Math.max(row.total, 1)}
          value={row.total === 0 ? 1 : row.screened + row.failed}
          aria-label={`Rescreening after ${SOURCE_NAMES[row.source] ?? row.source}`}
        />
        <span>
          {row.screened} of {row.total} screened{row.failed > 0 ? `, ${row.failed} could not be` : ''}
        </span>
      </div>
    ),
    width: 260,
  },
  { id: 'hits', header: 'New hits', cell: (row) => (row.hits > 0 ? <Badge variant="danger">{`${row.hits} new`}</Badge> : '0'), width: 120 },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <Badge variant={row.finished ? 'success' : 'info'}>{row.finished ? 'finished' : 'running'}</Badge>,
    width: 110,
  },
];

/** Verified and undecided applicants screened again after each import, with progress while it runs. */
function Rescreens() {
  const rescreens = useRescreens();
  return (
    <Card id="rescreens" title="Ongoing monitoring">
      <p className="sanctions-lists-note">
        When a list changes, every applicant approved within the monitoring period (the server's SCREENING_MONITORING_YEARS, 5 years unless set) and every
        submitted applicant awaiting a decision is screened again in the background. A new hit puts an approved applicant on hold and sends the{' '}
        <code>applicant.screening_hit</code> webhook; an undecided one's sanctions check asks its reviewer.
      </p>
      {rescreens.isError ? (
        <Alert variant="danger">{getErrorMessage(rescreens.error)}</Alert>
      ) : (
        <Table
          caption="Rescreenings after list imports, newest first"
          columns={RESCREEN_COLUMNS}
          rows={rescreens.data ?? []}
          getRowKey={(row) => row.id}
          emptyText={rescreens.isPending ? 'Loading…' : 'No rescreening yet'}
          isFetching={rescreens.isFetching}
        />
      )}
    </Card>
  );
}

/** /dashboard/user/me/sanctions-lists — a super-admin imports official list files and sees every import. */
export function SanctionsListsPage() {
  useDocumentTitle('Sanctions Lists');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const imports = useListImports(page, pageSize);
  const upload = useUploadList();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        setPage(1);
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Sanctions Lists"
        description="Import the official lists applicants are screened against: OFAC's SDN list (sdn.xml or sdn.csv), the UN Security Council consolidated list (XML), the EU consolidated list (CSV or XML) and the UK consolidated list (CSV). The format is recognised from the file; a new version replaces the previous one, and a file that cannot be read changes nothing."
      />
      <div className="sanctions-lists">
        {upload.isSuccess && (
          <Alert variant="success" title={`${SOURCE_NAMES[upload.data.source ?? ''] ?? upload.data.source} imported`}>
            {upload.data.entityCount} entities ({upload.data.personCount} persons), version {upload.data.version ?? 'not stated'}.
          </Alert>
        )}
        <Card id="upload-list" title="Import a list file">
          <form className="sanctions-lists-form" onSubmit={onSubmit}>
            {upload.isError && <Alert variant="danger">{getErrorMessage(upload.error)}</Alert>}
            <label htmlFor="list-file">List file</label>
            <input
              id="list-file"
              ref={input}
              type="file"
              accept=".xml,.csv,text/xml,application/xml,text/csv"
              onChange={(event) => {
                upload.reset();
                setFile(event.target.files?.[0] ?? null);
              }}
            />
            <div className="sanctions-lists-actions">
              <Button type="submit" disabled={!file} isLoading={upload.isPending}>
                Import
              </Button>
            </div>
          </form>
        </Card>
        <Card id="list-imports" title="Imports">
          {imports.isError ? (
            <Alert variant="danger">{getErrorMessage(imports.error)}</Alert>
          ) : (
            <>
              <Table
                caption="List imports, newest first"
                columns={COLUMNS}
                rows={imports.data?.items ?? []}
                getRowKey={(row) => row.id}
                emptyText={imports.isPending ? 'Loading…' : 'No list imported yet'}
                isFetching={imports.isFetching}
              />
              {imports.data && imports.data.meta.totalPages > 1 && (
                <Pager
                  page={page}
                  totalPages={imports.data.meta.totalPages}
                  pageSize={pageSize}
                  onPageChange={setPage}
                  onPageSizeChange={(size) => {
                    setPageSize(size);
                    setPage(1);
                  }}
                  hasPreviousPage={imports.data.meta.hasPreviousPage}
                  hasNextPage={imports.data.meta.hasNextPage}
                />
              )}
            </>
          )}
        </Card>
        <Rescreens />
      </div>
    </>
  );
}
