#!/usr/bin/env node
// node bench/face-spike.mjs [--variants N] — a first measurement of the face library
// (issue 16), before it joins npm run bench:verification. Needs npm run build:server.
// Every usable face of the packages' sample photos is augmented N times as a document
// portrait and N times as a selfie (test-faces.ts). Genuine pairs: the document and selfie
// of the same face and seed; impostor pairs: a document and a selfie of different faces.
// Both cosine and Human's match.similarity are scored; prints FNMR at FMR <= 0.001.
import { parseArgs } from 'node:util';
import { detectFaces, faceEngine, faceSimilarity } from '../dist/server/face-reading/index.js';
import { documentSide, extractSourceFaces, selfieSide } from '../dist/server/face-reading/test-faces.js';

const { values: args } = parseArgs({ options: { variants: { type: 'string', default: '8' } } });
const variants = Number(args.variants);

const sources = await extractSourceFaces();
console.log(`${sources.length} source faces`);

/** The largest face of an augmented picture (a crop's margin may show part of a neighbour). */
const seconds = [];
async function embed(image) {
  const started = performance.now();
  const { faces } = await detectFaces(image);
  seconds.push((performance.now() - started) / 1000);
  return faces[0]?.embedding ?? null;
}

const documents = [];
const selfies = [];
let missed = 0;
for (const [identity, source] of sources.entries()) {
  for (let seed = 0; seed < variants; seed++) {
    const document = await embed(await documentSide(source.crop, identity * 1000 + seed));
    const selfie = await embed(await selfieSide(source.crop, identity * 1000 + seed));
    if (!document || !selfie) {
      missed++;
      continue;
    }
    documents.push({ identity, seed, embedding: document });
    selfies.push({ identity, seed, embedding: selfie });
  }
}

const human = await faceEngine();
const scorers = {
  cosine: faceSimilarity,
  human: (a, b) => human.match.similarity(Array.from(a), Array.from(b)),
};

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (sorted) => ({ min: sorted[0], p01: quantile(sorted, 0.01), p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) });
const round = (values) => Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Number(value.toFixed(4))]));

for (const [name, score] of Object.entries(scorers)) {
  const genuine = [];
  const impostor = [];
  const worst = [];
  for (const document of documents) {
    for (const selfie of selfies) {
      if (document.identity === selfie.identity) {
        if (document.seed === selfie.seed) genuine.push(score(document.embedding, selfie.embedding));
      } else {
        const value = score(document.embedding, selfie.embedding);
        impostor.push(value);
        worst.push([value, sources[document.identity].id, sources[selfie.identity].id]);
      }
    }
  }
  genuine.sort((a, b) => a - b);
  impostor.sort((a, b) => a - b);
  // The threshold lets through at most 0.1 % of impostor pairs: above the impostor quantile 0.999.
  const threshold = impostor[Math.ceil(impostor.length * 0.999) - 1];
  const fmr = impostor.filter((value) => value > threshold).length / impostor.length;
  const fnmr = genuine.filter((value) => value <= threshold).length / genuine.length;
  console.log(name, JSON.stringify({
    genuinePairs: genuine.length,
    impostorPairs: impostor.length,
    genuine: round(summary(genuine)),
    impostor: round(summary(impostor)),
    threshold: Number(threshold.toFixed(4)),
    fmr: Number(fmr.toFixed(4)),
    fnmr: Number(fnmr.toFixed(4)),
  }));
  const pairs = new Map();
  for (const [value, a, b] of worst.sort((x, y) => y[0] - x[0])) if (pairs.size < 5 && !pairs.has(`${a} ${b}`)) pairs.set(`${a} ${b}`, value.toFixed(3));
  console.log(`  closest impostor identities: ${[...pairs].map(([key, value]) => `${key} ${value}`).join(', ')}`);
}

seconds.sort((a, b) => a - b);
console.log(`${missed} augmented pairs without a face; seconds per picture p50 ${quantile(seconds, 0.5).toFixed(3)}, p95 ${quantile(seconds, 0.95).toFixed(3)}; per pair p50 ≈ ${(2 * quantile(seconds, 0.5)).toFixed(3)}`);
