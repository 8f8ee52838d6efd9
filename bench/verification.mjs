#!/usr/bin/env node
// npm run bench:verification — the verification engine's accuracy and speed:
//   mrz: MRZ reading of the product's own fake documents, clean and photographed (ARCHITECTURE.md §8);
//   icao: MRZ reading of an independent corpus (bench/lib/icao-corpus.mjs: every ICAO format,
//     no drawing code shared with the product), its exam split unless --split tuning (issue 34);
//   face: document portrait vs selfie, genuine and impostor pairs (issue 16);
//   duplicates: the 1:N face search over 1,000,000 stored faces (issue 16);
//   screening: one applicant screened against 50,000 sanctions list entities (issue 17);
//   document-liveness: screen, print and edit attacks rendered from the independent corpus vs its
//     genuine photographs, its exam split unless --split tuning (issue 34 part 6).
// Prints a table per part and writes bench/results/verification-<timestamp>.json.
//
// Options: --only mrz,icao,face,duplicates,screening,document-liveness (default all) --documents N (MRZ, per condition,
// default 200) --split exam|tuning (icao and document-liveness, default exam) --per-format N (icao, default 30; document-liveness: --liveness-per-format, default 10)
// --baseline DIR (icao: another checkout, built, whose reader reads the same documents) --variants N (face, per identity, default 10) --faces N (1:N, default
// 1,000,000) --face-model faceres|dlib (face: the embedding measured, default faceres) --seed S (default 'bench-verification') --skip-build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/servers.mjs';
import { mrzBenchmark } from './lib/verification-mrz.mjs';
import { icaoBenchmark } from './lib/verification-icao.mjs';
import { screeningBenchmark } from './lib/screening.mjs';
import { duplicatesBenchmark, faceBenchmark } from './lib/verification-face.mjs';
import { documentLivenessBenchmark } from './lib/verification-document-liveness.mjs';

const PARTS = ['mrz', 'icao', 'face', 'duplicates', 'screening', 'document-liveness'];
const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: PARTS.join(',') },
    documents: { type: 'string', default: process.env.BENCH_DOCUMENTS ?? '200' },
    split: { type: 'string', default: 'exam' },
    'per-format': { type: 'string', default: '30' },
    'liveness-per-format': { type: 'string', default: '10' },
    baseline: { type: 'string' },
    variants: { type: 'string', default: '10' },
    'face-model': { type: 'string', default: 'faceres' },
    faces: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: 'bench-verification' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const only = args.only.split(',').map((part) => part.trim());
const unknown = only.filter((part) => !PARTS.includes(part));
if (unknown.length) {
  console.error(`Unknown part ${unknown.join(', ')}: choose among ${PARTS.join(', ')}`);
  process.exit(2);
}
const log = (line) => process.stderr.write(`${line}\n`);
const loadBefore = loadavg();

spawnSync('node', [join(ROOT, 'scripts/ensure-ocr-b.mjs')], { stdio: 'inherit' });
if (!args['skip-build']) {
  log('Building the server (npm run build:server)…');
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(1);
}

const output = { date: new Date().toISOString(), seed: args.seed };
const tables = [];
const failures = {};
if (only.includes('mrz')) {
  const { mrz, failures: mrzFailures, table } = await mrzBenchmark({ root: ROOT, documents: Number(args.documents), seed: args.seed, log });
  Object.assign(output, { mrz });
  failures.mrz = mrzFailures;
  tables.push(table);
}
if (only.includes('icao')) {
  const {
    failures: icaoFailures,
    table,
    ...icao
  } = await icaoBenchmark({
    root: ROOT,
    split: args.split,
    perFormat: Number(args['per-format']),
    baseline: args.baseline,
    log,
  });
  Object.assign(output, icao);
  failures.icao = icaoFailures;
  tables.push(table);
}
let realEmbeddings = null;
if (only.includes('face')) {
  const { face, unreadable, table, embeddings } = await faceBenchmark({
    root: ROOT,
    variants: Number(args.variants),
    seed: args.seed,
    log,
    model: args['face-model'],
  });
  Object.assign(output, { face });
  failures.face = unreadable;
  tables.push(table);
  realEmbeddings = embeddings;
}
if (only.includes('duplicates')) {
  // The synthetic faces follow real ones: read a few when the face part did not run.
  realEmbeddings ??= (await faceBenchmark({ root: ROOT, variants: 2, seed: args.seed, log })).embeddings;
  const { duplicates, table } = await duplicatesBenchmark({
    root: ROOT,
    faces: Number(args.faces),
    queries: 200,
    recallQueries: 20,
    real: realEmbeddings,
    seed: args.seed,
    log,
  });
  Object.assign(output, { duplicates });
  tables.push(table);
}
if (only.includes('screening')) {
  const screening = await screeningBenchmark({ root: ROOT, log });
  Object.assign(output, { screening });
  tables.push([
    '| screening entities | queries | p50 ms | p95 ms | recall | false-positive rate | threshold |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${screening.entities.toLocaleString('en')} | ${screening.queries} | ${screening.p50Ms} | ${screening.p95Ms} | ${screening.recall.toFixed(4)} | ${screening.falsePositiveRate.toFixed(4)} | ${screening.threshold} |`,
  ]);
}
if (only.includes('document-liveness')) {
  const { documentLiveness, table } = await documentLivenessBenchmark({ root: ROOT, split: args.split, perFormat: Number(args['liveness-per-format']), log });
  Object.assign(output, { documentLiveness });
  tables.push(table);
}

const loadAfter = loadavg();
output.machine = `${cpus()[0]?.model ?? 'unknown cpu'}, ${availableParallelism()} cores; load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`;
output.failures = failures;
for (const table of tables) console.log(`${table.join('\n')}\n`);
console.log(output.machine);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `verification-${output.date.replace(/:/g, '-').slice(0, 19)}.json`);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
log(`Wrote ${file}`);
