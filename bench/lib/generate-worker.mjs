// Worker thread: turns a range of the fake-applicant series into row arrays in
// APPLICANT_COLUMNS order (dates as ISO strings), so seeding uses both cores.
import { parentPort } from 'node:worker_threads';
import { fakeApplicant } from '../../dist/server/applicants/fake/fake-applicant.js';
import { timeOrderedUuid } from '../../dist/server/applicants/fake/insert-fake-applicants.js';
import { APPLICANT_COLUMNS } from './columns.mjs';

parentPort.on('message', ({ id, start, count, seed, now, organizationId }) => {
  const when = new Date(now);
  const rows = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const applicant = fakeApplicant(start + i, { seed, now: when });
    applicant.id = timeOrderedUuid();
    applicant.organizationId = organizationId;
    rows[i] = APPLICANT_COLUMNS.map((column) => {
      const value = applicant[column];
      return value instanceof Date ? value.toISOString() : (value ?? null);
    });
  }
  parentPort.postMessage({ id, rows });
});
