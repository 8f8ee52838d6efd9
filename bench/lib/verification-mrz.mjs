import { join } from 'node:path';
import { percentile, photographDocument } from './photograph.mjs';
import { progressBar } from './progress.mjs';

/**
 * MRZ reading accuracy and speed (ARCHITECTURE.md §8): a fixed-seed corpus of fake
 * passports, identity cards and residence permits, each read clean (flat, sharp, well lit)
 * and photographed (photographDocument), by the real reader.
 */
export async function mrzBenchmark({ root, documents: count, seed, log }) {
  const { fakeApplicant } = await import(join(root, 'dist/server/fake-data/fake-applicant.js'));
  const { renderFakeDocument } = await import(join(root, 'dist/server/fake-data/fake-documents.js'));
  const { Random } = await import(join(root, 'dist/server/fake-data/random.js'));
  const { readMrz, terminateOcrWorker } = await import(join(root, 'dist/server/document-reading/index.js'));

  log(`Rendering ${count} documents…`);
  const documents = [];
  const now = new Date('2026-06-01T00:00:00Z');
  for (let index = 0; documents.length < count; index += 1) {
    const applicant = fakeApplicant(index, { seed, now });
    if (!applicant.documentType || applicant.documentType === 'DRIVERS') continue;
    const document = await renderFakeDocument(applicant);
    const page = document.documentType === 'PASSPORT' ? document.pages[0] : document.pages[1];
    documents.push({ index, type: document.documentType, truth: document.mrz, png: page.png });
  }

  const seconds = [];
  const failures = [];
  const result = {};
  for (const condition of ['clean', 'degraded']) {
    const tally = { documents: 0, exactReads: 0, unreadable: 0, silentWrong: 0, byType: {} };
    const bar = progressBar(`MRZ ${condition}`, documents.length);
    for (const document of documents) {
      const photo =
        condition === 'clean'
          ? { buffer: document.png, effects: [] }
          : await photographDocument(document.png, Random.forItem(`${seed}|degrade`, document.index));
      const started = performance.now();
      const read = await readMrz(photo.buffer);
      seconds.push((performance.now() - started) / 1000);
      const type = (tally.byType[document.type] ??= { documents: 0, exactReads: 0 });
      tally.documents += 1;
      type.documents += 1;
      if (!read.readable) {
        tally.unreadable += 1;
        failures.push({ condition, index: document.index, type: document.type, effects: photo.effects, reason: read.reason, raw: read.rawLines });
      } else if (read.lines.join('\n') === document.truth.join('\n')) {
        tally.exactReads += 1;
        type.exactReads += 1;
      } else {
        tally.silentWrong += 1;
        failures.push({ condition, index: document.index, type: document.type, effects: photo.effects, silentWrong: read.lines, truth: document.truth });
      }
      bar.tick();
    }
    bar.done();
    result[condition] = tally;
  }
  await terminateOcrWorker();
  seconds.sort((a, b) => a - b);

  const percent = (tally) => `${((100 * tally.exactReads) / Math.max(1, tally.documents)).toFixed(1)} %`;
  const table = ['| corpus | documents | exact reads | unreadable | silent wrong |', '| --- | --- | --- | --- | --- |'];
  for (const condition of ['clean', 'degraded']) {
    const tally = result[condition];
    table.push(`| ${condition} | ${tally.documents} | ${tally.exactReads} (${percent(tally)}) | ${tally.unreadable} | ${tally.silentWrong} |`);
  }
  const secondsPerDocument = { p50: percentile(seconds, 50), p95: percentile(seconds, 95) };
  table.push(`seconds per document: p50 ${secondsPerDocument.p50?.toFixed(2)}, p95 ${secondsPerDocument.p95?.toFixed(2)}`);
  return { mrz: { ...result, secondsPerDocument }, failures, table };
}
