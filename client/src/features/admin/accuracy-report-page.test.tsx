import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { AccuracyReportDto, ExamFigureDto } from '../../api/generated/types.gen';
import { apiError } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { AccuracyReportPage } from './accuracy-report-page';

const PATH = '/dashboard/user/me/accuracy';
const superAdmin = buildUser({ role: 'super-admin' });

const share = (count: number, sample: number, interval95: [number, number]) => ({ count, sample, rate: count / sample, interval95 });
const figure = (condition: ExamFigureDto['condition'], format: string, exact: number): ExamFigureDto => ({
  condition,
  format,
  exact: share(exact, 30, [0.6, 0.9]),
  needsReview: 1,
  unreadable: 30 - exact - 1,
  silentWrong: share(0, 30, [0, 0.114]),
});

const REPORT: AccuracyReportDto = {
  id: 'r1',
  createdAt: '2026-11-29T06:00:00.000Z',
  exam: {
    split: 'exam',
    seed: 'icao-exam-2026-11',
    documentsPerFormat: 30,
    figures: [figure('clean', 'TD3', 26), figure('clean', 'all', 26), figure('photographed', 'TD3', 19), figure('photographed', 'all', 19)],
    secondsPerRead: { p50: 0.51, p95: 0.74 },
  },
  production: {
    documents: 40,
    fields: [{ field: 'docNumber', agreed: share(39, 40, [0.87, 0.996]), correctedByReviewer: 1 }],
    from: '2026-11-01T00:00:00.000Z',
    to: '2026-11-28T00:00:00.000Z',
  },
  models: [{ name: 'tesseract.js', version: '7.0.0' }],
  lists: [{ source: 'ofac-sdn', version: '03/01/2026', importedAt: '2026-11-20T00:00:00.000Z' }],
  machine: { cpus: 2, loadAverage1m: 0.42, node: 'v20.20.2' },
};

describe('<AccuracyReportPage>', { timeout: 20_000 }, () => {
  it('shows each exam figure and production field with its sample and 95 % interval, and the versions it holds for', async () => {
    renderRoute(<AccuracyReportPage />, { path: PATH, me: superAdmin, api: { accuracyReportsLatest: { body: REPORT } } });
    const clean = await screen.findByRole('table', { name: 'Machine-readable zones read from clean exam documents' });
    const passports = within(clean).getByRole('row', { name: /TD3 \(passports/ });
    expect(passports).toHaveTextContent('26 of 30 (87 %; 95 % interval 60–90 %)');
    expect(passports).toHaveTextContent('1 in doubt, 3 unreadable');
    expect(passports).toHaveTextContent('0 of 30 (0 %; 95 % interval 0–11 %)');
    const photographed = screen.getByRole('table', { name: 'Machine-readable zones read from photographed exam documents' });
    expect(within(photographed).getByRole('row', { name: /All formats/ })).toHaveTextContent('19 of 30');

    const fields = screen.getByRole('table', { name: 'Fields read from documents against the approved values' });
    expect(within(fields).getByRole('row', { name: /Document number/ })).toHaveTextContent('39 of 40 (98 %; 95 % interval 87–100 %)1');
    expect(screen.getByText(/40 applicants approved by a person after their document was read/)).toBeInTheDocument();
    expect(screen.getByText(/seed/)).toHaveTextContent('icao-exam-2026-11');
    expect(screen.getByText(/tesseract\.js:/)).toHaveTextContent('7.0.0');
    expect(screen.getByText(/Sanctions list ofac-sdn/)).toHaveTextContent('version 03/01/2026');
  });

  it('says how to write the first report when there is none', async () => {
    renderRoute(<AccuracyReportPage />, {
      path: PATH,
      me: superAdmin,
      api: { accuracyReportsLatest: apiError(404, 'ACCURACY_REPORT_NOT_FOUND', 'No accuracy report has been written on this instance yet') },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Run npm run accuracy-report on the server');
  });
});
