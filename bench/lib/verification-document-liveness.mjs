import { join } from 'node:path';
import { icaoCorpus, photograph, seeded } from './icao-corpus.mjs';
import { editOf, printOf, screenOf } from './document-attacks.mjs';

/**
 * The attack set's own seeds, fixed before any threshold was chosen: the documents come
 * from the independent corpus's split of the same name, the attacks and their photographs
 * from these. Thresholds are chosen on `tuning`; only `exam` is quoted.
 */
export const LIVENESS_SPLITS = { tuning: 'liveness-tuning-2026-11-29', exam: 'liveness-exam-2026-11-29' };

const KINDS = ['genuine', 'screen', 'print', 'edited (editor named)', 'edited (not named)'];

/**
 * The four photos of one corpus document: genuine, of a screen, of a print, edited (each
 * named by its kind, with the photographic effects it went through: a screen's and a
 * print's are their own photograph's, an edit's the genuine one's).
 */
export async function attackPhotos(document, seed) {
  const key = `${seed}|${document.format}|${document.index}`;
  const edit = await editOf(document.photographed, seeded(`${key}|edit`));
  const screen = await photograph(await screenOf(document.clean, seeded(`${key}|screen`)), seeded(`${key}|screen|photo`));
  const print = await photograph(await printOf(document.clean, seeded(`${key}|print`)), seeded(`${key}|print|photo`));
  return [
    ['genuine', document.photographed, document.effects],
    ['screen', screen.buffer, screen.effects],
    ['print', print.buffer, print.effects],
    [edit.namedInMetadata ? 'edited (editor named)' : 'edited (not named)', edit.buffer, document.effects],
  ];
}

/**
 * Document liveness signals (issue 34 part 6): for each document of the independent
 * corpus, its genuine photograph, a photograph of it shown on a screen, a photograph of a
 * print or photocopy of it, and its genuine photograph edited and saved again. Counts how
 * often each attack is flagged (by its own signal, and by any) and how often genuine
 * photos are (false alarms), with Wilson 95 % intervals, and the time per photo.
 */
export async function documentLivenessBenchmark({ root, split, perFormat, log }) {
  const seed = LIVENESS_SPLITS[split];
  if (!seed) throw new Error(`unknown split ${split}: ${Object.keys(LIVENESS_SPLITS).join(', ')}`);
  const { analyseDocumentLiveness, LIVENESS_THRESHOLDS } = await import(join(root, 'dist/server/document-liveness/document-liveness.js'));
  const { wilsonInterval } = await import(join(root, 'dist/server/common/wilson-interval.js'));
  const samples = [];
  const seconds = [];
  let index = 0;
  for await (const document of icaoCorpus(split, perFormat)) {
    index += 1;
    for (const [kind, buffer, effects] of await attackPhotos(document, seed)) {
      const started = process.hrtime.bigint();
      const result = await analyseDocumentLiveness(buffer);
      seconds.push(Number(process.hrtime.bigint() - started) / 1e9);
      const scores = Object.fromEntries(result.signals.map((signal) => [signal.kind, signal.score]));
      const suspected = result.signals.filter((signal) => signal.suspected).map((signal) => signal.kind);
      samples.push({ kind, format: document.format, index: document.index, effects, analysed: result.analysed, scores, suspected });
    }
    if (index % 10 === 0) log(`document liveness (${split}): ${index} documents`);
  }
  const rate = (hits, n) => {
    const [low, high] = wilsonInterval(hits, n);
    return { hits, n, rate: n ? hits / n : null, interval95: [Number(low.toFixed(4)), Number(high.toFixed(4))] };
  };
  const ownSignal = { genuine: null, screen: 'screen', print: 'print', 'edited (editor named)': 'edited', 'edited (not named)': 'edited' };
  const byKind = {};
  for (const kind of KINDS) {
    const of = samples.filter((sample) => sample.kind === kind);
    byKind[kind] = {
      flaggedByAnySignal: rate(of.filter((sample) => sample.suspected.length > 0).length, of.length),
      ...(ownSignal[kind] ? { flaggedByOwnSignal: rate(of.filter((sample) => sample.suspected.includes(ownSignal[kind])).length, of.length) } : {}),
    };
  }
  const genuine = samples.filter((sample) => sample.kind === 'genuine');
  const falseAlarms = Object.fromEntries(
    ['screen', 'print', 'edited'].map((signal) => [signal, rate(genuine.filter((sample) => sample.suspected.includes(signal)).length, genuine.length)]),
  );
  falseAlarms.anySignal = rate(genuine.filter((sample) => sample.suspected.length > 0).length, genuine.length);
  seconds.sort((a, b) => a - b);
  const secondsPerPhoto = {
    mean: Number((seconds.reduce((sum, value) => sum + value, 0) / seconds.length).toFixed(3)),
    p50: Number(seconds[Math.floor(seconds.length / 2)].toFixed(3)),
    p95: Number(seconds[Math.min(seconds.length - 1, Math.floor(seconds.length * 0.95))].toFixed(3)),
  };
  const percent = ({ hits, n, interval95 }) =>
    `${hits}/${n} (${((hits / n) * 100).toFixed(1)} %, ${(interval95[0] * 100).toFixed(1)}–${(interval95[1] * 100).toFixed(1)} %)`;
  const table = [
    `| document liveness (${split} split) | flagged by its own signal | flagged by any signal |`,
    '| --- | --- | --- |',
    ...KINDS.filter((kind) => kind !== 'genuine').map(
      (kind) => `| ${kind} | ${percent(byKind[kind].flaggedByOwnSignal)} | ${percent(byKind[kind].flaggedByAnySignal)} |`,
    ),
    `| genuine photographed (false alarms) | screen ${percent(falseAlarms.screen)}, print ${percent(falseAlarms.print)}, edited ${percent(falseAlarms.edited)} | ${percent(falseAlarms.anySignal)} |`,
    `| seconds per photo | mean ${secondsPerPhoto.mean}, p50 ${secondsPerPhoto.p50}, p95 ${secondsPerPhoto.p95} | |`,
  ];
  return {
    documentLiveness: { split, seed, perFormat, thresholds: LIVENESS_THRESHOLDS, byKind, falseAlarmsOnGenuine: falseAlarms, secondsPerPhoto, samples },
    table,
  };
}
