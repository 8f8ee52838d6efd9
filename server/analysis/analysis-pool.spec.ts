import { readdirSync, readFileSync } from 'node:fs';
import type { AppConfig } from '../config/config.module.js';
import { renderFakeDocument } from '../fake-data/fake-documents.js';
import { fakeApplicant } from '../fake-data/fake-applicant.js';
import { AnalysisPool } from './analysis-pool.js';

/** The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceness(): Map<number, number> {
  const niceness = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
    niceness.set(Number(tid), Number(fields[19 - 3]));
  }
  return niceness;
}

(process.platform === 'linux' ? describe : describe.skip)('the analysis threads (Linux)', () => {
  const pool = new AnalysisPool({ analysis: { threads: 1, inApp: true } } as AppConfig);
  afterAll(() => pool.onApplicationShutdown());

  it('run background reads at the lowest priority, and capture work and the HTTP thread at the normal one', async () => {
    const truth = fakeApplicant(1, { seed: 'document-reading', now: new Date('2026-06-01T00:00:00Z') });
    const photo = (await renderFakeDocument(truth)).pages[0].png;
    const before = new Set(threadNiceness().keys());
    await pool.readDocument('capture', 'PASSPORT', [{ side: 'front', data: photo }], new Date('2026-06-01T00:00:00Z'));
    const afterCapture = threadNiceness();
    const captureThreads = [...afterCapture.keys()].filter((tid) => !before.has(tid));
    const background = await pool.readDocument('background', 'PASSPORT', [{ side: 'front', data: photo }], new Date('2026-06-01T00:00:00Z'));
    const backgroundThreads = [...threadNiceness()].filter(([tid]) => !afterCapture.has(tid));

    expect(background.read?.documentNumber).toBe(truth.docNumber);
    expect(captureThreads.length).toBeGreaterThan(0);
    expect(captureThreads.map((tid) => afterCapture.get(tid))).toEqual(captureThreads.map(() => 0));
    // The pool's thread and the OCR engine's thread it started. Only those: in a long
    // in-band run, other suites' pools may start threads of their own meanwhile (nice 0).
    expect(backgroundThreads.filter(([, nice]) => nice === 19).length).toBeGreaterThanOrEqual(2);
    expect(threadNiceness().get(process.pid)).toBe(0);
  }, 60_000);
});
