import { join } from 'node:path';
import { FORMATS, icaoCorpus, SPLITS } from './icao-corpus.mjs';
import { percentile } from './photograph.mjs';
import { progressBar } from './progress.mjs';

const tallyOf = () => ({ reads: 0, exact: 0, needsReview: 0, unreadable: 0, silentWrong: 0 });

function withInterval(tally, wilsonInterval) {
  const [low, high] = wilsonInterval(tally.exact, tally.reads);
  return { ...tally, exactRate: tally.reads ? tally.exact / tally.reads : null, exactInterval95: [low, high] };
}

/** One reader's tallies over the corpus: per condition, format, effect and drawing source, its failures and its times. */
function scorer(split, wilsonInterval) {
  const conditions = { clean: tallyOf(), photographed: tallyOf() };
  const byFormat = Object.fromEntries(FORMATS.map((format) => [format, { clean: tallyOf(), photographed: tallyOf() }]));
  const byEffect = {};
  const bySource = {};
  const seconds = [];
  const failures = [];
  return {
    failures,
    add(document, condition, read, elapsed) {
      seconds.push(elapsed);
      // A read with characters in doubt passes nothing: a person looks (right or wrong, it is not silent).
      const outcome = !read.readable
        ? 'unreadable'
        : read.doubtful?.length
          ? 'needsReview'
          : read.lines.join('\n') === document.lines.join('\n')
            ? 'exact'
            : 'silentWrong';
      const tallies = [conditions[condition], byFormat[document.format][condition], (bySource[`${condition} · ${document.source}`] ??= tallyOf())];
      if (condition === 'photographed') for (const effect of document.effects) tallies.push((byEffect[effect] ??= tallyOf()));
      for (const tally of tallies) {
        tally.reads += 1;
        tally[outcome] += 1;
      }
      if (outcome === 'exact') return;
      failures.push({
        condition,
        format: document.format,
        index: document.index,
        source: document.source,
        effects: condition === 'photographed' ? document.effects : [],
        ...(condition === 'photographed' ? { tilt: Number(document.tilt.toFixed(1)), roll: Number(document.roll.toFixed(1)) } : {}),
        outcome,
        truth: document.lines,
        ...(read.readable ? { read: read.lines, doubtful: read.doubtful ?? [] } : { reason: read.reason, raw: read.rawLines }),
      });
    },
    result(perFormat) {
      seconds.sort((a, b) => a - b);
      const interval = (entries) => Object.fromEntries(entries.map(([key, tally]) => [key, withInterval(tally, wilsonInterval)]));
      return {
        split,
        seed: SPLITS[split],
        documentsPerFormat: perFormat,
        conditions: interval(Object.entries(conditions)),
        byFormat: Object.fromEntries(Object.entries(byFormat).map(([format, tallies]) => [format, interval(Object.entries(tallies))])),
        byEffect: interval(Object.entries(byEffect)),
        bySource: interval(Object.entries(bySource)),
        secondsPerRead: { p50: percentile(seconds, 50), p95: percentile(seconds, 95) },
      };
    },
  };
}

const cell = (tally) =>
  `${tally.exact}/${tally.reads} (${(100 * (tally.exactRate ?? 0)).toFixed(0)} %, ${tally.exactInterval95.map((x) => (100 * x).toFixed(0)).join('–')})`;

function tableOf(name, result) {
  const all = result.conditions;
  return [
    `${name}: ICAO corpus, ${result.split} split (seed ${result.seed}), ${result.documentsPerFormat} documents per format — exact reads passed (95 % interval), reads that need a person, unreadable, silent wrong`,
    '| format | clean exact | photographed exact | needs review (clean / photo) | unreadable (clean / photo) | silent wrong (clean / photo) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...Object.entries(result.byFormat).map(
      ([format, t]) =>
        `| ${format} | ${cell(t.clean)} | ${cell(t.photographed)} | ${t.clean.needsReview} / ${t.photographed.needsReview} | ${t.clean.unreadable} / ${t.photographed.unreadable} | ${t.clean.silentWrong} / ${t.photographed.silentWrong} |`,
    ),
    `| all | ${cell(all.clean)} | ${cell(all.photographed)} | ${all.clean.needsReview} / ${all.photographed.needsReview} | ${all.clean.unreadable} / ${all.photographed.unreadable} | ${all.clean.silentWrong} / ${all.photographed.silentWrong} |`,
    '',
    '| photographed, with effect | exact | silent wrong |',
    '| --- | --- | --- |',
    ...Object.entries(result.byEffect).map(([effect, tally]) => `| ${effect} | ${cell(tally)} | ${tally.silentWrong} |`),
    `seconds per read: p50 ${result.secondsPerRead.p50?.toFixed(2)}, p95 ${result.secondsPerRead.p95?.toFixed(2)}`,
    '',
  ];
}

/**
 * MRZ reading on the independent ICAO corpus (bench/lib/icao-corpus.mjs, issue 34): each
 * document of the split read clean and photographed by the real reader. Exact (passed and
 * right), needs review (characters in doubt: a person looks), unreadable and silent wrong
 * (a read that passed but differs from the truth) per condition, per
 * format and per photographic effect, each exact rate with its 95 % interval. With
 * `baseline` (another checkout's root, built), its reader reads every document too, in the
 * same run, so the two are compared side by side on the same images and load.
 */
export async function icaoBenchmark({ root, split, perFormat, baseline, log }) {
  const { wilsonInterval } = await import(join(root, 'dist/server/common/wilson-interval.js'));
  const readers = [{ name: 'this build', module: await import(join(root, 'dist/server/document-reading/index.js')), score: scorer(split, wilsonInterval) }];
  if (baseline)
    readers.push({
      name: `baseline (${baseline})`,
      module: await import(join(baseline, 'dist/server/document-reading/index.js')),
      score: scorer(split, wilsonInterval),
    });
  const bar = progressBar(`ICAO ${split}`, perFormat * FORMATS.length);
  for await (const document of icaoCorpus(split, perFormat)) {
    for (const condition of ['clean', 'photographed']) {
      for (const reader of readers) {
        const started = performance.now();
        const read = await reader.module.readMrz(condition === 'clean' ? document.clean : document.photographed);
        reader.score.add(document, condition, read, (performance.now() - started) / 1000);
      }
    }
    bar.tick();
  }
  bar.done();
  for (const reader of readers) await reader.module.terminateOcrWorker();
  const [own, other] = readers.map((reader) => reader.score.result(perFormat));
  log(`ICAO corpus done: ${readers[0].score.failures.length} reads not exact`);
  return {
    icao: own,
    ...(other ? { icaoBaseline: { root: baseline, ...other } } : {}),
    failures: readers[0].score.failures,
    table: [...tableOf('This build', own), ...(other ? tableOf(readers[1].name, other) : [])],
  };
}
