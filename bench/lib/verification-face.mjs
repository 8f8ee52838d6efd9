import { join } from 'node:path';
import { percentile, photographDocument } from './photograph.mjs';
import { progressBar } from './progress.mjs';

const round = (value, digits = 4) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));
const summary = (sorted) => ({
  min: round(sorted[0]),
  p01: round(percentile(sorted, 1)),
  p50: round(percentile(sorted, 50)),
  p99: round(percentile(sorted, 99)),
  max: round(sorted.at(-1)),
});

/**
 * Face match accuracy and speed (issue 16). Every face large enough on the sample photos
 * that @vladmandic/face-api and @vladmandic/human ship is one identity (test-faces.ts).
 * Each identity is used `variants` times: printed on a generated document of a different
 * fake applicant, the document photographed (photographDocument), and augmented as a
 * phone selfie (selfieSide). Both are read by the analysis worker's own readFaces (the
 * portrait rule, the single-face rule, the crops).
 *   genuine pair: a document and the selfie of the same identity and variant;
 *   impostor pair: a document and a selfie of different identities (all of them).
 * A side where no usable face is found fails every genuine pair it is in, and is counted.
 */
export async function faceBenchmark({ root, variants, seed, log, model = 'faceres' }) {
  const { fakeApplicant } = await import(join(root, 'dist/server/fake-data/fake-applicant.js'));
  const { renderFakeDocument } = await import(join(root, 'dist/server/fake-data/fake-documents.js'));
  const { Random } = await import(join(root, 'dist/server/fake-data/random.js'));
  const { FACE_MODELS, faceSimilarity } = await import(join(root, 'dist/server/face-reading/index.js'));
  // The model's own threshold (face-models.ts), and thresholds around it for choosing it.
  const FACE_MATCH_THRESHOLD = FACE_MODELS[model].threshold;
  const SWEEP = model === 'dlib' ? [0.93, 0.935, 0.94, 0.944, 0.95, 0.955, 0.96, 0.965, 0.97, 0.975] : [0.66, 0.68, 0.69, 0.7, 0.71, 0.72, 0.74, 0.76];
  const { extractSourceFaces, selfieSide } = await import(join(root, 'dist/server/face-reading/test-faces.js'));
  const { readFaces } = await import(join(root, 'dist/server/analysis/face-reader.js'));

  const sources = await extractSourceFaces();
  log(`${sources.length} identities × ${variants} variants, ${model} embeddings`);
  const now = new Date('2026-06-01T00:00:00Z');
  const documents = [];
  const selfies = [];
  const seconds = [];
  const unreadable = [];
  const bar = progressBar('Faces', sources.length * variants);
  let applicantIndex = 0;
  for (const [identity, source] of sources.entries()) {
    for (let variant = 0; variant < variants; variant += 1) {
      let applicant;
      do applicant = fakeApplicant(applicantIndex++, { seed, now });
      while (!applicant.documentType);
      const document = await renderFakeDocument(applicant, { face: source.crop });
      const front = document.pages.find((page) => page.side === 'front');
      const photo = await photographDocument(front.png, Random.forItem(`${seed}|face-document`, identity * 1000 + variant));
      const selfie = await selfieSide(source.crop, identity * 1000 + variant);
      const started = performance.now();
      const read = await readFaces({ portrait: photo.buffer, selfie, turned: null }, [model]);
      seconds.push((performance.now() - started) / 1000);
      for (const [side, list] of [
        ['portrait', documents],
        ['selfie', selfies],
      ]) {
        const face = read[side];
        if (face.found && face.embeddings[model]) list.push({ identity, variant, embedding: face.embeddings[model] });
        else
          unreadable.push({
            source: source.id,
            variant,
            side,
            documentType: document.documentType,
            effects: side === 'portrait' ? photo.effects : [],
            reason: face.reason,
          });
      }
      bar.tick();
    }
  }
  bar.done();

  const genuine = [];
  const impostor = [];
  const selfieGenuine = [];
  const selfieImpostor = [];
  for (const document of documents) {
    for (const selfie of selfies) {
      const similarity = faceSimilarity(document.embedding, selfie.embedding);
      if (document.identity !== selfie.identity) impostor.push(similarity);
      else if (document.variant === selfie.variant) genuine.push(similarity);
    }
  }
  for (const [i, a] of selfies.entries()) {
    for (const b of selfies.slice(i + 1)) (a.identity === b.identity ? selfieGenuine : selfieImpostor).push(faceSimilarity(a.embedding, b.embedding));
  }
  for (const list of [genuine, impostor, selfieGenuine, selfieImpostor]) list.sort((a, b) => a - b);

  // Every pair an unreadable side took part in is a false non-match / a non-match.
  const genuinePairs = sources.length * variants;
  const impostorPairs = genuinePairs * (genuinePairs - variants);
  const falseNonMatches = genuinePairs - genuine.filter((value) => value >= FACE_MATCH_THRESHOLD).length;
  const falseMatches = impostor.filter((value) => value >= FACE_MATCH_THRESHOLD).length;
  // The lowest threshold that keeps FMR <= 0.001, and the FNMR it costs: how much room the chosen threshold has.
  const allowed = Math.floor(impostorPairs * 0.001);
  const strictest = impostor.length > allowed ? impostor[impostor.length - allowed - 1] : -1;
  const atFmr001 = { threshold: round(strictest + 1e-4), fnmr: round((genuinePairs - genuine.filter((value) => value > strictest).length) / genuinePairs) };

  const face = {
    identities: sources.length,
    genuinePairs,
    impostorPairs,
    threshold: FACE_MATCH_THRESHOLD,
    fnmr: round(falseNonMatches / genuinePairs),
    fmr: round(falseMatches / impostorPairs, 6),
    atFmr001,
    // FNMR and FMR at other thresholds around the chosen one, for choosing it (README, Performance).
    model,
    sweep: SWEEP.map((threshold) => ({
      threshold,
      fnmr: round((genuinePairs - genuine.filter((value) => value >= threshold).length) / genuinePairs),
      fmr: round(impostor.filter((value) => value >= threshold).length / impostorPairs, 6),
    })),
    // The duplicate search compares selfies with selfies, at the same threshold.
    selfieToSelfie: {
      genuinePairs: selfieGenuine.length,
      impostorPairs: selfieImpostor.length,
      fnmr: round(selfieGenuine.filter((value) => value < FACE_MATCH_THRESHOLD).length / Math.max(1, selfieGenuine.length)),
      fmr: round(selfieImpostor.filter((value) => value >= FACE_MATCH_THRESHOLD).length / Math.max(1, selfieImpostor.length), 6),
      sweep: SWEEP.map((threshold) => ({
        threshold,
        fnmr: round(selfieGenuine.filter((value) => value < threshold).length / Math.max(1, selfieGenuine.length)),
        fmr: round(selfieImpostor.filter((value) => value >= threshold).length / Math.max(1, selfieImpostor.length), 6),
      })),
    },
    unreadableSides: unreadable.length,
    similarity: {
      genuine: summary(genuine),
      impostor: summary(impostor),
      selfieToSelfieGenuine: summary(selfieGenuine),
      selfieToSelfieImpostor: summary(selfieImpostor),
    },
    secondsPerPair: {
      p50: round(
        percentile(
          seconds.sort((a, b) => a - b),
          50,
        ),
        3,
      ),
      p95: round(percentile(seconds, 95), 3),
    },
  };
  const table = [
    '| face pairs | genuine | impostor | threshold | FNMR | FMR | seconds per pair p50 |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| document vs selfie | ${genuinePairs} | ${impostorPairs.toLocaleString('en')} | ${FACE_MATCH_THRESHOLD} | ${face.fnmr} | ${face.fmr} | ${face.secondsPerPair.p50} |`,
    `FMR <= 0.001 from threshold ${atFmr001.threshold} (FNMR there ${atFmr001.fnmr}); ${unreadable.length} sides without a usable face`,
  ];
  return { face, unreadable, table, embeddings: [...documents, ...selfies].map((entry) => entry.embedding) };
}

/** The weight of the mix of real deviations in a synthetic face's deviation from the mean; the rest is independent noise. */
const MIXED_SHARE = 0.8;

/**
 * The 1:N duplicate search at scale: `faces` synthetic embeddings in one FaceIndex (what
 * the search thread holds for an organization), searched at the face match threshold.
 * Synthetic faces follow the real ones (`real`: embeddings the face benchmark read): the
 * real mean plus a random mix of eight real deviations from it and some independent noise,
 * as far from the mean as a real face, so that stranger pairs have about the real spread of
 * similarities (both reported). Their tail is heavier than real faces' (faces mixed from the
 * same real ones resemble each other), so more pass the prefilter: the timing errs on the slow side.
 * Half of the queries are near-copies of a stored face at a similarity just above the
 * threshold (the hardest true duplicates), half are new faces; recall compares the index's
 * answer with a full scan for `recallQueries` of them.
 */
export async function duplicatesBenchmark({ root, faces, queries, recallQueries, real, seed, log }) {
  const { FACE_MATCH_THRESHOLD, FaceIndex, EMBEDDING_LENGTH, faceSimilarity, packEmbedding } = await import(join(root, 'dist/server/face-reading/index.js'));
  const { Random } = await import(join(root, 'dist/server/fake-data/random.js'));
  const random = Random.forItem(`${seed}|duplicates`, 0);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());

  const unit = (vector) => {
    let norm = 0;
    for (const value of vector) norm += value * value;
    return vector.map((value) => value / Math.sqrt(norm));
  };
  const units = real.map((embedding) => unit(Float32Array.from(embedding)));
  const mean = new Float32Array(EMBEDDING_LENGTH);
  for (const vector of units) for (let i = 0; i < EMBEDDING_LENGTH; i += 1) mean[i] += vector[i] / units.length;
  const deviations = units.map((vector) => vector.map((value, i) => value - mean[i]));
  const norm = (vector) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  const deviationNorm = deviations.reduce((sum, deviation) => sum + norm(deviation), 0) / deviations.length;
  const MIX = 8;
  const synthetic = () => {
    const mix = new Float32Array(EMBEDDING_LENGTH);
    for (let k = 0; k < MIX; k += 1) {
      const real = deviations[Math.floor(random.next() * deviations.length)];
      const weight = gaussian();
      for (let i = 0; i < EMBEDDING_LENGTH; i += 1) mix[i] += weight * real[i];
    }
    const noise = Float32Array.from({ length: EMBEDDING_LENGTH }, gaussian);
    const [a, b] = [MIXED_SHARE / norm(mix), Math.sqrt(1 - MIXED_SHARE ** 2) / norm(noise)];
    // As far from the mean as a real face is.
    return unit(mean.map((value, i) => value + deviationNorm * (a * mix[i] + b * noise[i])));
  };

  const threshold = FACE_MATCH_THRESHOLD;
  const index = new FaceIndex({ capacity: faces });
  const kept = [];
  const keepEvery = Math.max(1, Math.floor(faces / queries));
  const bar = progressBar('Synthetic faces', faces);
  const addSeconds = [];
  for (let id = 0; id < faces; id += 1) {
    const vector = synthetic();
    const packed = packEmbedding(vector);
    const started = performance.now();
    index.add(String(id), packed);
    addSeconds.push(performance.now() - started);
    if (id % keepEvery === 0 && kept.length < queries) kept.push(vector);
    if (id % 10_000 === 9_999) bar.tick(10_000);
  }
  bar.done();

  // Stranger similarities among synthetic faces, beside the real ones.
  const strangers = [];
  for (let i = 0; i + 1 < kept.length; i += 1) strangers.push(faceSimilarity(kept[i], kept[i + 1]));
  strangers.sort((a, b) => a - b);

  /** A face whose similarity to `stored` is `target`: rotated towards another synthetic face's remainder. */
  const nearCopy = (stored, target) => {
    const other = synthetic();
    let along = 0;
    for (let i = 0; i < EMBEDDING_LENGTH; i += 1) along += other[i] * stored[i];
    const orthogonal = unit(other.map((value, i) => value - along * stored[i]));
    return stored.map((value, i) => target * value + Math.sqrt(1 - target * target) * orthogonal[i]);
  };
  const workload = kept.map((stored, i) => (i % 2 === 0 ? nearCopy(stored, threshold + 0.005 + 0.05 * random.next()) : synthetic()));

  const milliseconds = [];
  const compared = [];
  let recallChecked = 0;
  let recallFound = 0;
  const searchBar = progressBar('1:N searches', workload.length);
  for (const [i, query] of workload.entries()) {
    const stats = { compared: 0 };
    const started = performance.now();
    const matches = index.search(query, threshold, 20, stats);
    milliseconds.push(performance.now() - started);
    compared.push(stats.compared);
    if (i < recallQueries) {
      const exhaustive = index.searchExhaustive(query, threshold, 20);
      const got = new Set(matches.map((match) => match.id));
      recallChecked += exhaustive.length;
      recallFound += exhaustive.filter((match) => got.has(match.id)).length;
    }
    searchBar.tick();
  }
  searchBar.done();
  milliseconds.sort((a, b) => a - b);
  addSeconds.sort((a, b) => a - b);
  compared.sort((a, b) => a - b);
  const duplicates = {
    faces,
    queries: workload.length,
    threshold,
    p50Ms: round(percentile(milliseconds, 50), 1),
    p95Ms: round(percentile(milliseconds, 95), 1),
    addMicroseconds: { p50: round(percentile(addSeconds, 50) * 1000, 1) },
    comparedExactly: { p50: percentile(compared, 50), p95: percentile(compared, 95) },
    recall: { matches: recallChecked, found: recallFound, value: recallChecked ? round(recallFound / recallChecked) : null },
    strangerSimilarity: summary(strangers),
    rssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  const table = [
    '| 1:N faces | queries | p50 ms | p95 ms | peak RSS MiB | recall |',
    '| --- | --- | --- | --- | --- | --- |',
    `| ${faces.toLocaleString('en')} | ${workload.length} | ${duplicates.p50Ms} | ${duplicates.p95Ms} | ${duplicates.rssMiB} | ${duplicates.recall.value} (${recallFound}/${recallChecked}) |`,
  ];
  log(`synthetic stranger similarity p50 ${duplicates.strangerSimilarity.p50}, p99 ${duplicates.strangerSimilarity.p99}`);
  return { duplicates, table };
}
