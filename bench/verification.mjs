#!/usr/bin/env node
// npm run bench:verification — MRZ reading accuracy and speed (ARCHITECTURE.md §8):
// a fixed-seed corpus of fake passports, identity cards and residence permits, each
// read clean (flat, sharp, well lit) and degraded (±6° rotation plus some of: blur,
// a shear standing in for mild perspective, JPEG quality 60, noise, low light), by
// the real reader. Prints a table and writes bench/results/verification-<timestamp>.json.
//
// Options: --documents N (per condition, default 200) --seed S (default 'bench-verification').
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { progressBar } from './lib/progress.mjs';
import { ROOT } from './lib/servers.mjs';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: process.env.BENCH_DOCUMENTS ?? '200' },
    seed: { type: 'string', default: 'bench-verification' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const DOCUMENTS = Number(args.documents);
const log = (line) => process.stderr.write(`${line}\n`);
const loadBefore = loadavg();

spawnSync('node', [join(ROOT, 'scripts/ensure-ocr-b.mjs')], { stdio: 'inherit' });
if (!args['skip-build']) {
  log('Building the server (npm run build:server)…');
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(1);
}
const { fakeApplicant } = await import(join(ROOT, 'dist/server/applicants/fake/fake-applicant.js'));
const { renderFakeDocument } = await import(join(ROOT, 'dist/server/applicants/fake/fake-documents.js'));
const { Random } = await import(join(ROOT, 'dist/server/applicants/fake/random.js'));
const { readMrz, terminateOcrWorker } = await import(join(ROOT, 'dist/server/document-reading/index.js'));

/** The MRZ page of the first DOCUMENTS submitted applicants with an MRZ document. */
async function corpus() {
  const documents = [];
  const now = new Date('2026-06-01T00:00:00Z');
  for (let index = 0; documents.length < DOCUMENTS; index += 1) {
    const applicant = fakeApplicant(index, { seed: args.seed, now });
    if (!applicant.documentType || applicant.documentType === 'DRIVERS') continue;
    const document = await renderFakeDocument(applicant);
    const page = document.documentType === 'PASSPORT' ? document.pages[0] : document.pages[1];
    documents.push({ index, type: document.documentType, truth: document.mrz, png: page.png, width: page.width, height: page.height });
  }
  return documents;
}

/** A photo of the document: rotated ±6° on a desk, plus a seeded mix of blur, shear, noise, low light and JPEG q60. */
async function degrade(document) {
  const random = Random.forItem(`${args.seed}|degrade`, document.index);
  const effects = ['blur', 'shear', 'noise', 'dark', 'jpeg'].filter(() => random.chance(0.5));
  const angle = (random.next() * 2 - 1) * 6;
  let image = sharp(document.png).flatten({ background: '#8a8f96' });
  image = sharp(await image.rotate(angle, { background: '#8a8f96' }).extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#8a8f96' }).png().toBuffer());
  if (effects.includes('shear')) {
    const shear = (random.next() * 2 - 1) * 0.03;
    image = sharp(await image.affine([1, shear, shear / 2, 1], { background: '#8a8f96' }).png().toBuffer());
  }
  if (effects.includes('blur')) image = image.blur(0.6 + random.next() * 0.6);
  if (effects.includes('dark')) image = image.linear(0.5, 0);
  if (effects.includes('noise')) {
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i += 1) data[i] = Math.max(0, Math.min(255, data[i] + (random.next() + random.next() + random.next() - 1.5) * 16));
    image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  return { buffer: await (effects.includes('jpeg') ? image.jpeg({ quality: 60 }) : image.png()).toBuffer(), effects: [`rotate ${angle.toFixed(1)}°`, ...effects] };
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
}

log(`Rendering ${DOCUMENTS} documents…`);
const documents = await corpus();
const seconds = [];
const failures = [];
const result = {};
for (const condition of ['clean', 'degraded']) {
  const tally = { documents: 0, exactReads: 0, unreadable: 0, silentWrong: 0, byType: {} };
  const bar = progressBar(`MRZ ${condition}`, documents.length);
  for (const document of documents) {
    const photo = condition === 'clean' ? { buffer: document.png, effects: [] } : await degrade(document);
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
const loadAfter = loadavg();
const machine = `${cpus()[0]?.model ?? 'unknown cpu'}, ${availableParallelism()} cores; load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`;
const output = {
  date: new Date().toISOString(),
  seed: args.seed,
  mrz: { ...result, secondsPerDocument: { p50: percentile(seconds, 50), p95: percentile(seconds, 95) } },
  machine,
  failures,
};
const percent = (tally) => `${((100 * tally.exactReads) / Math.max(1, tally.documents)).toFixed(1)} %`;
console.log('| corpus | documents | exact reads | unreadable | silent wrong |');
console.log('| --- | --- | --- | --- | --- |');
for (const condition of ['clean', 'degraded']) {
  const tally = result[condition];
  console.log(`| ${condition} | ${tally.documents} | ${tally.exactReads} (${percent(tally)}) | ${tally.unreadable} | ${tally.silentWrong} |`);
}
console.log(`seconds per document: p50 ${output.mrz.secondsPerDocument.p50?.toFixed(2)}, p95 ${output.mrz.secondsPerDocument.p95?.toFixed(2)}; ${machine}`);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `verification-${output.date.replace(/:/g, '-').slice(0, 19)}.json`);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
log(`Wrote ${file}`);
