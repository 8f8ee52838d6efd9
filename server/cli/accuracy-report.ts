import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEnvironmentOrExit } from './cli-environment.js';
import type { AccuracyReportBody, ExamFigure, ExamResult } from '../admin/accuracy/accuracy-report.js';

/**
 * `npm run accuracy-report [-- --per-format N]`: this instance reads the bundled exam split
 * (bench/lib/icao-corpus.mjs: an independent generator's ICAO documents, every format, clean
 * and photographed, with the fixed exam seed), adds what its reviewers' approvals say of
 * the reads in production, and stores the report with the model and list versions, the
 * machine and the date. Super-admins read it on the Accuracy page (GET
 * /api/accuracy-reports/latest).
 */
const { values } = parseArgs({ options: { 'per-format': { type: 'string', default: '30' } }, allowPositionals: true });
const perFormat = Number(values['per-format']);
if (!Number.isInteger(perFormat) || perFormat < 1 || perFormat > 1000) {
  process.stderr.write('Usage: npm run accuracy-report [-- --per-format N] (N documents of each format, 1–1000; default 30)\n');
  process.exit(1);
}
loadEnvironmentOrExit();

/** One exam tally as the benchmark gives it. */
interface Tally {
  reads: number;
  exact: number;
  needsReview: number;
  unreadable: number;
  silentWrong: number;
}
interface IcaoResult {
  split: string;
  seed: string;
  documentsPerFormat: number;
  conditions: Record<'clean' | 'photographed', Tally>;
  byFormat: Record<string, Record<'clean' | 'photographed', Tally>>;
  secondsPerRead: { p50: number | null; p95: number | null };
}
type IcaoBenchmark = (options: {
  root: string;
  split: string;
  perFormat: number;
  log: (line: string) => void;
}) => Promise<{ icao: IcaoResult; table: string[] }>;

process.env.LOG_LEVEL ??= 'warn';
const root = fileURLToPath(new URL('../../../', import.meta.url));
const { proportion } = await import('../admin/accuracy/accuracy-report.js');
const { NestFactory } = await import('@nestjs/core');
const { AppModule } = await import('../app.module.js');
const { AccuracyReportsService } = await import('../admin/accuracy/accuracy-reports.service.js');
const { SanctionsListsService } = await import('../sanctions/sanctions-lists.service.js');
const { readerModels } = await import('../document-reading/index.js');
const { icaoBenchmark } = (await import(join(root, 'bench/lib/verification-icao.mjs'))) as { icaoBenchmark: IcaoBenchmark };

const figure = (condition: ExamFigure['condition'], format: string, tally: Tally): ExamFigure => ({
  condition,
  format,
  exact: proportion(tally.exact, tally.reads),
  needsReview: tally.needsReview,
  unreadable: tally.unreadable,
  silentWrong: proportion(tally.silentWrong, tally.reads),
});

const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
try {
  const machine = { cpus: cpus().length, loadAverage1m: Number(loadavg()[0].toFixed(2)), node: process.version };
  const { icao, table } = await icaoBenchmark({ root, split: 'exam', perFormat, log: (line) => process.stderr.write(`${line}\n`) });
  const conditions = ['clean', 'photographed'] as const;
  const exam: ExamResult = {
    split: icao.split,
    seed: icao.seed,
    documentsPerFormat: icao.documentsPerFormat,
    figures: conditions.flatMap((condition) => [
      ...Object.entries(icao.byFormat).map(([format, tallies]) => figure(condition, format, tallies[condition])),
      figure(condition, 'all', icao.conditions[condition]),
    ]),
    secondsPerRead: icao.secondsPerRead,
  };
  const reports = app.get(AccuracyReportsService);
  const lists = await app.get(SanctionsListsService).activeImports();
  const body: AccuracyReportBody = {
    createdAt: new Date().toISOString(),
    exam,
    production: await reports.productionLabels(),
    models: readerModels(),
    lists: lists.map((list) => ({ source: list.source, version: list.version, importedAt: list.createdAt.toISOString() })),
    machine,
  };
  const saved = await reports.save(body);
  process.stdout.write(`${table.join('\n')}\n`);
  const fields = body.production.fields.map((field) => `${field.field} ${field.agreed.count}/${field.agreed.sample}`).join(', ');
  process.stdout.write(
    `Production: ${body.production.documents} ${body.production.documents === 1 ? 'document' : 'documents'} approved by a person after a read${fields ? ` (fields agreeing: ${fields})` : ''}.\nReport ${saved.id} stored; super-admins see it on the Accuracy page.\n`,
  );
} finally {
  await app.close();
}
