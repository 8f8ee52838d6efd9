import { join } from 'node:path';
import { FORMATS, icaoCorpus, SPLITS } from './icao-corpus.mjs';
import { percentile } from './photograph.mjs';
import { progressBar } from './progress.mjs';

/** Wilson's 95 % interval for `successes` of `n`, as fractions. */
export function wilson(successes, n) {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = successes / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const tallyOf = () => ({ reads: 0, exact: 0, unreadable: 0, silentWrong: 0 });

function withInterval(tally) {
  const [low, high] = wilson(tally.exact, tally.reads);
  return { ...tally, exactRate: tally.reads ? tally.exact / tally.reads : null, exactInterval95: [low, high] };
}

/**
 * MRZ reading on the independent ICAO corpus (bench/lib/icao-corpus.mjs, issue 34): each
 * document of the split read clean and photographed by the real reader. Exact, unreadable
 * and silent wrong (a read that passed but differs from the truth) per condition, per
 * format and per photographic effect, each exact rate with its 95 % interval.
 */
export async function icaoBenchmark({ root, split, perFormat, log }) {
  const { readMrz, terminateOcrWorker } = await import(join(root, 'dist/server/document-reading/index.js'));
  const conditions = { clean: tallyOf(), photographed: tallyOf() };
  const byFormat = Object.fromEntries(FORMATS.map((format) => [format, { clean: tallyOf(), photographed: tallyOf() }]));
  const byEffect = {};
  const bySource = {};
  const seconds = [];
  const failures = [];
  const bar = progressBar(`ICAO ${split}`, perFormat * FORMATS.length);
  for await (const document of icaoCorpus(split, perFormat)) {
    for (const condition of ['clean', 'photographed']) {
      const started = performance.now();
      const read = await readMrz(condition === 'clean' ? document.clean : document.photographed);
      seconds.push((performance.now() - started) / 1000);
      const outcome = !read.readable ? 'unreadable' : read.lines.join('\n') === document.lines.join('\n') ? 'exact' : 'silentWrong';
      const tallies = [conditions[condition], byFormat[document.format][condition], (bySource[`${condition} · ${document.source}`] ??= tallyOf())];
      if (condition === 'photographed') for (const effect of document.effects) tallies.push((byEffect[effect] ??= tallyOf()));
      for (const tally of tallies) {
        tally.reads += 1;
        tally[outcome] += 1;
      }
      if (outcome !== 'exact') {
        failures.push({
          condition,
          format: document.format,
          index: document.index,
          source: document.source,
          effects: condition === 'photographed' ? document.effects : [],
          ...(condition === 'photographed' ? { tilt: Number(document.tilt.toFixed(1)), roll: Number(document.roll.toFixed(1)) } : {}),
          outcome,
          truth: document.lines,
          ...(read.readable ? { read: read.lines } : { reason: read.reason, raw: read.rawLines }),
        });
      }
    }
    bar.tick();
  }
  bar.done();
  await terminateOcrWorker();
  seconds.sort((a, b) => a - b);
  const secondsPerRead = { p50: percentile(seconds, 50), p95: percentile(seconds, 95) };
  const result = {
    split,
    seed: SPLITS[split],
    documentsPerFormat: perFormat,
    conditions: Object.fromEntries(Object.entries(conditions).map(([key, tally]) => [key, withInterval(tally)])),
    byFormat: Object.fromEntries(
      Object.entries(byFormat).map(([format, tallies]) => [format, { clean: withInterval(tallies.clean), photographed: withInterval(tallies.photographed) }]),
    ),
    byEffect: Object.fromEntries(Object.entries(byEffect).map(([effect, tally]) => [effect, withInterval(tally)])),
    bySource: Object.fromEntries(Object.entries(bySource).map(([source, tally]) => [source, withInterval(tally)])),
    secondsPerRead,
  };
  const cell = (tally) =>
    `${tally.exact}/${tally.reads} (${(100 * (tally.exactRate ?? 0)).toFixed(0)} %, ${tally.exactInterval95.map((x) => (100 * x).toFixed(0)).join('–')})`;
  const table = [
    `ICAO corpus, ${split} split (seed ${SPLITS[split]}), ${perFormat} documents per format — exact reads (95 % interval), unreadable, silent wrong`,
    '| format | clean exact | photographed exact | unreadable (clean / photo) | silent wrong (clean / photo) |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(result.byFormat).map(
      ([format, t]) =>
        `| ${format} | ${cell(t.clean)} | ${cell(t.photographed)} | ${t.clean.unreadable} / ${t.photographed.unreadable} | ${t.clean.silentWrong} / ${t.photographed.silentWrong} |`,
    ),
    `| all | ${cell(result.conditions.clean)} | ${cell(result.conditions.photographed)} | ${result.conditions.clean.unreadable} / ${result.conditions.photographed.unreadable} | ${result.conditions.clean.silentWrong} / ${result.conditions.photographed.silentWrong} |`,
    '',
    '| photographed, with effect | exact | silent wrong |',
    '| --- | --- | --- |',
    ...Object.entries(result.byEffect).map(([effect, tally]) => `| ${effect} | ${cell(tally)} | ${tally.silentWrong} |`),
    `seconds per read: p50 ${secondsPerRead.p50?.toFixed(2)}, p95 ${secondsPerRead.p95?.toFixed(2)}`,
  ];
  log(`ICAO corpus done: ${failures.length} reads not exact`);
  return { icao: result, failures, table };
}
