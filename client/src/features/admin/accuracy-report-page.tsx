import { getErrorMessage, hasErrorCode } from '../../api/client';
import type { AccuracyReportDto, ExamFigureDto, FieldAgreementDto, ProportionDto } from '../../api/generated/types.gen';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { Table, type TableColumn } from '../../components/ui/table';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLatestAccuracyReport } from './api/accuracy-report';

import './accuracy-report-page.css';

/** "decided on 11/29/2026", or "decided between 11/01/2026 and 11/28/2026". */
function decidedWhen(from: Date, to: Date): string {
  const [first, last] = [from.toLocaleDateString(), to.toLocaleDateString()];
  return first === last ? `decided on ${first}` : `decided between ${first} and ${last}`;
}

const percent = (fraction: number) => `${(100 * fraction).toFixed(0)} %`;

/** "126 of 150 (84 %; 95 % interval 77–89 %)": the count, its sample and what the share may be. */
function ProportionText({ value }: { value: ProportionDto }) {
  if (value.sample === 0 || value.rate === null) return <>none measured</>;
  const [low, high] = value.interval95;
  return (
    <>
      {value.count} of {value.sample} ({percent(value.rate)}
      <span className="accuracy-interval">
        ; 95 % interval {(100 * low).toFixed(0)}–{percent(high)}
      </span>
      )
    </>
  );
}

const FORMAT_NAMES: Record<string, string> = {
  TD1: 'TD1 (identity cards, 3 × 30)',
  TD2: 'TD2 (cards, 2 × 36)',
  TD3: 'TD3 (passports, 2 × 44)',
  'MRV-A': 'MRV-A (visas, 2 × 44)',
  'MRV-B': 'MRV-B (visas, 2 × 36)',
  all: 'All formats',
};

const EXAM_COLUMNS: TableColumn<ExamFigureDto>[] = [
  { id: 'format', header: 'Format', cell: (row) => FORMAT_NAMES[row.format] ?? row.format, width: 220 },
  { id: 'exact', header: 'Read exactly', cell: (row) => <ProportionText value={row.exact} /> },
  { id: 'review', header: 'For a person', cell: (row) => `${row.needsReview} in doubt, ${row.unreadable} unreadable`, width: 200 },
  { id: 'wrong', header: 'Silent wrong reads', cell: (row) => <ProportionText value={row.silentWrong} />, width: 260 },
];

const FIELD_NAMES: Record<string, string> = {
  name: 'Name',
  dateOfBirth: 'Date of birth',
  docNumber: 'Document number',
  expiryDate: 'Expiry date',
  sex: 'Sex',
};

const FIELD_COLUMNS: TableColumn<FieldAgreementDto>[] = [
  { id: 'field', header: 'Field', cell: (row) => FIELD_NAMES[row.field] ?? row.field, width: 180 },
  { id: 'agreed', header: 'Read as approved', cell: (row) => <ProportionText value={row.agreed} /> },
  { id: 'corrected', header: 'Corrected by a reviewer', cell: (row) => row.correctedByReviewer, width: 200 },
];

function ExamCard({ report, condition }: { report: AccuracyReportDto; condition: 'clean' | 'photographed' }) {
  const rows = report.exam.figures.filter((figure) => figure.condition === condition);
  return (
    <Card id={`exam-${condition}`} title={condition === 'clean' ? 'Exam: clean documents' : 'Exam: photographed documents'}>
      <Table caption={`Machine-readable zones read from ${condition} exam documents`} columns={EXAM_COLUMNS} rows={rows} getRowKey={(row) => row.format} />
    </Card>
  );
}

function Report({ report }: { report: AccuracyReportDto }) {
  const { exam, production, machine } = report;
  return (
    <div className="accuracy-report">
      <Card id="accuracy-summary" title="This report">
        <dl className="accuracy-facts">
          <dt>Written</dt>
          <dd>{new Date(report.createdAt).toLocaleString()}</dd>
          <dt>Exam set</dt>
          <dd>
            {exam.documentsPerFormat} {exam.documentsPerFormat === 1 ? 'document' : 'documents'} of each format from the bundled {exam.split} split (seed{' '}
            <code>{exam.seed}</code>), drawn by a generator that shares no code with the product's own documents, each read clean and photographed (perspective,
            blur, glare, noise, JPEG, low resolution)
          </dd>
          <dt>Time per read</dt>
          <dd>
            median {exam.secondsPerRead.p50?.toFixed(2) ?? '—'} s, 95th percentile {exam.secondsPerRead.p95?.toFixed(2) ?? '—'} s on {machine.cpus} cores (load{' '}
            {machine.loadAverage1m}), Node {machine.node}
          </dd>
        </dl>
      </Card>
      <ExamCard report={report} condition="clean" />
      <ExamCard report={report} condition="photographed" />
      <Card id="accuracy-production" title="In production: what reviewers approved">
        <p className="accuracy-note">
          {production.documents === 0
            ? 'No applicant whose document was read has been approved by a person yet.'
            : `${production.documents} ${production.documents === 1 ? 'applicant' : 'applicants'} approved by a person after their document was read${
                production.from && production.to ? `, ${decidedWhen(new Date(production.from), new Date(production.to))}` : ''
              }. Each field read from the document is compared with the value the reviewer approved; a disagreement counts against the reader, so these figures are a lower bound.`}
        </p>
        {production.fields.length > 0 && (
          <Table
            caption="Fields read from documents against the approved values"
            columns={FIELD_COLUMNS}
            rows={production.fields}
            getRowKey={(row) => row.field}
          />
        )}
      </Card>
      <Card id="accuracy-versions" title="Models and lists">
        <ul className="accuracy-versions">
          {report.models.map((model) => (
            <li key={model.name}>
              {model.name}: <code>{model.version}</code>
            </li>
          ))}
          {report.lists.length === 0 ? (
            <li>No sanctions list in force</li>
          ) : (
            report.lists.map((list) => (
              <li key={list.source}>
                Sanctions list {list.source}: version {list.version ?? 'not stated'}, imported {new Date(list.importedAt).toLocaleDateString()}
              </li>
            ))
          )}
        </ul>
      </Card>
    </div>
  );
}

/** /dashboard/user/me/accuracy — a super-admin reads this instance's accuracy report. */
export function AccuracyReportPage() {
  useDocumentTitle('Accuracy');
  const report = useLatestAccuracyReport();
  return (
    <>
      <PageHeader
        title="Accuracy"
        description="How well this instance reads documents: its reader on a fixed exam set of documents it was never tuned on, and what reviewers' approvals say of its reads in production. Every figure comes with its sample and its 95 % interval."
      />
      {report.isPending ? (
        <p>Loading…</p>
      ) : report.isError ? (
        hasErrorCode(report.error, 'ACCURACY_REPORT_NOT_FOUND') ? (
          <Alert variant="info" title="No report yet">
            Run <code>npm run accuracy-report</code> on the server (it takes a few minutes: it reads 300 documents), then reload this page.
          </Alert>
        ) : (
          <Alert variant="danger">{getErrorMessage(report.error)}</Alert>
        )
      ) : (
        <Report report={report.data} />
      )}
    </>
  );
}
