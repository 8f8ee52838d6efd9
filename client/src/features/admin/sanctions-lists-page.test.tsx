import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { ListImportDto } from '../../api/generated/types.gen';
import { apiError } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { SanctionsListsPage } from './sanctions-lists-page';

const PATH = '/dashboard/user/me/sanctions-lists';
const superAdmin = buildUser({ role: 'super-admin' });

const listImport = (overrides: Partial<ListImportDto> = {}): ListImportDto => ({
  id: 'i1',
  source: 'ofac-sdn',
  format: 'ofac-sdn-xml',
  version: '03/01/2026',
  fileName: 'sdn.xml',
  entityCount: 18_000,
  personCount: 7_000,
  status: 'active',
  error: null,
  trigger: 'upload',
  importedBy: 'root',
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});
const importPage = (items: ListImportDto[]) => ({
  items,
  meta: { page: 1, pageLength: items.length, totalPages: 1, hasPreviousPage: false, hasNextPage: false },
});

describe('<SanctionsListsPage>', { timeout: 20_000 }, () => {
  it('lists the imports with their list, version, counts, status and any refusal', async () => {
    renderRoute(<SanctionsListsPage />, {
      path: PATH,
      me: superAdmin,
      api: {
        sanctionsListsList: {
          body: importPage([
            listImport({
              id: 'i2',
              source: undefined,
              format: undefined,
              version: null,
              fileName: 'ConList.csv',
              status: 'failed',
              entityCount: 0,
              personCount: 0,
              error: 'line 5: unknown Group Type "Person"',
              trigger: 'directory',
              importedBy: 'list directory',
            }),
            listImport(),
          ]),
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'List imports, newest first' });
    expect(await within(table).findByText('OFAC SDN')).toBeInTheDocument();
    expect(within(table).getByText('18000 (7000 persons)')).toBeInTheDocument();
    expect(within(table).getByText('active')).toBeInTheDocument();
    expect(within(table).getByText('failed')).toBeInTheDocument();
    expect(within(table).getByText('line 5: unknown Group Type "Person"')).toBeInTheDocument();
    expect(within(table).getByText('list directory · Pick-up directory')).toBeInTheDocument();
  });

  it('uploads the chosen file and shows what was imported', async () => {
    const { user, callsTo } = renderRoute(<SanctionsListsPage />, {
      path: PATH,
      me: superAdmin,
      api: {
        sanctionsListsList: { body: importPage([]) },
        sanctionsListsUpload: { status: 201, body: listImport({ source: 'un-consolidated', entityCount: 4, personCount: 3, version: '2026-02-27' }) },
      },
    });
    expect(await screen.findByText('No list imported yet')).toBeInTheDocument();
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await user.upload(screen.getByLabelText('List file'), new File(['<CONSOLIDATED_LIST/>'], 'consolidated.xml', { type: 'text/xml' }));
    await user.click(importButton);

    expect(await screen.findByText('UN Security Council imported')).toBeInTheDocument();
    expect(screen.getByText('4 entities (3 persons), version 2026-02-27.')).toBeInTheDocument();
    // A multipart body with the chosen file as "file" (jsdom's File reaches Node's FormData
    // without its name and bytes, so only the part itself is checked here; the API tests send real files).
    const call = callsTo('sanctionsListsUpload')[0];
    expect(call.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(call.body)).toContain('Content-Disposition: form-data; name="file"');
    expect(String(call.body)).toContain('Content-Type: text/xml');
  });

  it("shows the server's reason when a file is refused", async () => {
    const { user } = renderRoute(<SanctionsListsPage />, {
      path: PATH,
      me: superAdmin,
      api: {
        sanctionsListsList: { body: importPage([]) },
        sanctionsListsUpload: apiError(422, 'SANCTIONS_LIST_INVALID', 'sdn.csv: line 3: expected 12 fields (ent_num … Remarks), found 11'),
      },
    });
    await user.upload(screen.getByLabelText('List file'), new File(['36,"X"'], 'sdn.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('sdn.csv: line 3: expected 12 fields (ent_num … Remarks), found 11')).toBeInTheDocument();
  });

  it('shows the rescreening of verified applicants after each import, with its progress and new hits', async () => {
    let polls = 0;
    renderRoute(<SanctionsListsPage />, {
      path: PATH,
      me: superAdmin,
      api: {
        sanctionsListsList: { body: importPage([listImport()]) },
        // Running at first, then finished: the page asks again while one runs.
        screeningMonitorList: () => {
          polls += 1;
          const running = polls === 1;
          return {
            body: [
              {
                id: 'r1',
                importId: 'i1',
                source: 'ofac-sdn',
                version: '03/01/2026',
                verifiedSince: '2021-03-01T10:00:00.000Z',
                total: 40,
                screened: running ? 10 : 40,
                failed: 0,
                hits: running ? 0 : 1,
                finished: !running,
                startedAt: '2026-03-01T10:00:01.000Z',
              },
            ],
          };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Rescreenings after list imports, newest first' });
    expect(await within(table).findByText('10 of 40 screened')).toBeInTheDocument();
    expect(within(table).getByText('running')).toBeInTheDocument();
    expect(
      within(table).getByText(`Applicants verified since ${new Date('2021-03-01T10:00:00.000Z').toLocaleDateString()}, and every one awaiting a decision`),
    ).toBeInTheDocument();
    expect(within(table).getByRole('progressbar', { name: 'Rescreening after OFAC SDN' })).toHaveAttribute('value', '10');
    expect(await within(table).findByText('40 of 40 screened', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(table).getByText('finished')).toBeInTheDocument();
    expect(within(table).getByText('1 new')).toBeInTheDocument();
  });
});
