// Worker thread: turns a range of the fake-applicant series into row arrays in
// APPLICANT_COLUMNS order (dates as ISO strings), so seeding uses both cores.
import { parentPort } from 'node:worker_threads';
import { fakeApplicant } from '../../dist/server/fake-data/fake-applicant.js';
import { timeOrderedUuid } from '../../dist/server/fake-data/insert-fake-applicants.js';
import { APPLICANT_COLUMNS } from './columns.mjs';

/** Checks that a share of submissions leave failed or needing review. */
const FLAGGABLE = ['document-read', 'data-matches-document', 'face-match', 'sanctions-screening'];

/**
 * The work-queue columns of item `index`, drawn from a hash of it: most decided
 * applicants kept their reviewer as assignee, about half of the waiting ones have one;
 * about 15 % of submissions have flagged checks, about 5 % of applicants one tag.
 */
function workflow(index, applicant, reviewers, tags) {
  const hash = (salt) => (Math.imul(index + 1, 2654435761) ^ Math.imul(salt, 40503)) >>> 0;
  const submitted = applicant.submittedAt !== null;
  const decided = applicant.kycStatus === 'completed' || applicant.kycStatus === 'onHold';
  const assigned = submitted && hash(1) % 100 < (decided ? 90 : 50);
  const flagged = submitted && hash(2) % 100 < 15;
  const tagged = hash(3) % 100 < 5;
  return {
    assigneeId: assigned ? reviewers[hash(4) % reviewers.length] : null,
    assignedAt: assigned ? applicant.submittedAt : null,
    flaggedChecks: flagged
      ? `,${FLAGGABLE.filter((_, i) => (hash(5) >> i) & 1)
          .concat(FLAGGABLE[hash(6) % FLAGGABLE.length])
          .filter((name, i, all) => all.indexOf(name) === i)
          .sort()
          .join(',')},`
      : null,
    tagIds: tagged ? `,${tags[hash(7) % tags.length]},` : null,
  };
}

parentPort.on('message', ({ id, start, count, seed, now, organizationId, reviewers, tags }) => {
  const when = new Date(now);
  const rows = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const applicant = fakeApplicant(start + i, { seed, now: when });
    applicant.id = timeOrderedUuid();
    applicant.organizationId = organizationId;
    Object.assign(applicant, workflow(start + i, applicant, reviewers, tags));
    rows[i] = APPLICANT_COLUMNS.map((column) => {
      const value = applicant[column];
      return value instanceof Date ? value.toISOString() : (value ?? null);
    });
  }
  parentPort.postMessage({ id, rows });
});
