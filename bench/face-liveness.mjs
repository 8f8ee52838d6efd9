#!/usr/bin/env node
// node bench/face-liveness.mjs [--split exam|tuning] [--sessions N] [--skip-build]
// Face presentation attacks (issue 35 part 4), shaped like ISO/IEC 30107-3: for each identity of
// the face corpus (bench/lib/face-corpus.mjs, its tuning/exam split by identity, fixed in code),
// one genuine pose-challenge session and one of each attack species (print, screen, cut-out mask:
// bench/lib/face-attacks.mjs), read by the product's face reader and passive signals. Reports the
// attack presentation classification error rate (APCER: attacks accepted) per species and the
// bona fide one (BPCER: genuine sessions rejected) for the passive signals alone, the pose
// challenge alone and both combined, with Wilson 95 % intervals. Signals, not a certification.
// On the tuning split it also prints the thresholds the rule below picks (the product's constants
// are set from a tuning run, never from the exam).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/servers.mjs';
import { seeded } from './lib/icao-corpus.mjs';
import { buildCorpus } from './lib/face-corpus.mjs';
import { captures, SPECIES } from './lib/face-attacks.mjs';

/** The attack set's seeds, fixed before any threshold was chosen. */
const SEEDS = { tuning: 'face-pad-tuning-2026-11-29', exam: 'face-pad-exam-2026-11-29' };
const KINDS = ['genuine', ...SPECIES];

const { values: args } = parseArgs({
  options: { split: { type: 'string', default: 'exam' }, sessions: { type: 'string', default: '1' }, 'skip-build': { type: 'boolean', default: false } },
});
const split = args.split;
if (!SEEDS[split]) throw new Error(`unknown split ${split}`);
const log = (line) => process.stderr.write(`${line}\n`);
const loadBefore = loadavg();
if (!args['skip-build']) {
  log('Building the server (npm run build:server)…');
  if (spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) process.exit(1);
}
const { readFaces } = await import(join(ROOT, 'dist/server/analysis/face-reader.js'));
const { facePresentationSignals, FACE_PRESENTATION_THRESHOLDS } = await import(join(ROOT, 'dist/server/face-reading/face-presentation.js'));
const { livenessCheck, LOW_SIGNAL, PASSIVE_THRESHOLDS } = await import(join(ROOT, 'dist/server/faces/face-checks.js'));
const { FACE_MATCH_THRESHOLD, faceSimilarity } = await import(join(ROOT, 'dist/server/face-reading/index.js'));
const { wilsonInterval } = await import(join(ROOT, 'dist/server/common/wilson-interval.js'));

// The face reader's faceres description (its summary holds one, or one per model while the stored model moves).
const embeddingOf = (summary) => summary.embedding ?? summary.embeddings.faceres;
const { identities } = await buildCorpus({ root: ROOT });
const ofSplit = identities.filter((identity) => identity.split === split);
const random = seeded(SEEDS[split]);
const samples = [];
const started = Date.now();
for (const [index, identity] of ofSplit.entries()) {
  for (let session = 0; session < Number(args.sessions); session += 1) {
    const crop = identity.shots[session % identity.shots.length].crop;
    const wearer = ofSplit[(index + 1 + session) % ofSplit.length].shots[0].crop;
    for (const kind of KINDS) {
      // The side asked, and how far the head (or the artefact) turns: the person complies.
      const requestedTurn = random.chance(0.5) ? 'left' : 'right';
      // Rendering turns the face's middle to the picture's right (positive degrees); the mesh reads that as yaw falling: left.
      const turn = (requestedTurn === 'left' ? 1 : -1) * random.between(40, 55);
      const [facing, turned] = await captures(kind, crop, wearer, turn, random);
      const read = await readFaces({ portrait: null, selfie: facing, turned });
      const presentation = async (photo, summary) => (summary?.found ? await facePresentationSignals(photo, summary.box) : null);
      const passive = { selfie: await presentation(facing, read.selfie), turned: await presentation(turned, read.turned) };
      const outcome = (summary, signals) =>
        summary?.found
          ? {
              found: true,
              box: summary.box,
              size: summary.size,
              yaw: summary.yaw,
              antispoof: summary.antispoof,
              liveness: summary.liveness,
              cropId: null,
              presentation: signals,
            }
          : summary && { found: false, reason: summary.reason, faces: summary.faces };
      const analysis = {
        portrait: null,
        selfie: outcome(read.selfie, passive.selfie),
        turned: outcome(read.turned, passive.turned),
        framesIdentical: read.framesIdentical,
        similarity: null,
        poseSimilarity: read.selfie?.found && read.turned?.found ? faceSimilarity(embeddingOf(read.selfie), embeddingOf(read.turned)) : null,
        requestedTurn,
        threshold: FACE_MATCH_THRESHOLD,
        captures: null,
      };
      const check = livenessCheck(analysis);
      samples.push({
        identity: identity.label,
        session,
        kind,
        requestedTurn,
        renderedTurn: Number(turn.toFixed(1)),
        found: { selfie: Boolean(read.selfie?.found), turned: Boolean(read.turned?.found) },
        yaw: { selfie: read.selfie?.found ? read.selfie.yaw : null, turned: read.turned?.found ? read.turned.yaw : null },
        antispoof: read.selfie?.found ? read.selfie.antispoof : null,
        liveness: read.selfie?.found ? read.selfie.liveness : null,
        measures: { selfie: passive.selfie?.measures ?? null, turned: passive.turned?.measures ?? null },
        challenge: check.evidence?.challengePassed ?? false,
        passive: check.evidence?.passiveClean ?? false,
        verdict: check.verdict,
        detail: check.detail,
      });
    }
  }
  log(`face liveness (${split}): ${index + 1}/${ofSplit.length} identities, ${Math.round((Date.now() - started) / 1000)} s`);
}

const rate = (hits, n) => {
  const [low, high] = wilsonInterval(hits, n);
  return { hits, n, rate: n ? Number((hits / n).toFixed(4)) : null, interval95: [Number(low.toFixed(4)), Number(high.toFixed(4))] };
};
// Accepted: the face was found on the facing capture and the mode's signals let it through.
const modes = {
  passive: (sample) => sample.found.selfie && sample.passive,
  challenge: (sample) => sample.challenge,
  combined: (sample) => sample.verdict === 'passed',
};
const report = {};
for (const [mode, accepted] of Object.entries(modes)) {
  const genuine = samples.filter((sample) => sample.kind === 'genuine');
  report[mode] = {
    BPCER: rate(genuine.filter((sample) => !accepted(sample)).length, genuine.length),
    APCER: Object.fromEntries(
      SPECIES.map((species) => [
        species,
        rate(samples.filter((s) => s.kind === species && accepted(s)).length, samples.filter((s) => s.kind === species).length),
      ]),
    ),
  };
}

/**
 * The tuning rule, fixed before the first run: each passive measure's threshold just above the
 * highest value a genuine tuning session shows (no false alarm on the tuning split), Human's
 * scores just below the lowest genuine one; then reported, never applied by the bench.
 */
function suggested() {
  const genuine = samples.filter((sample) => sample.kind === 'genuine');
  const captures = genuine.flatMap((sample) => [sample.measures.selfie, sample.measures.turned]).filter(Boolean);
  const max = (values) => Math.max(0, ...values);
  const min = (values) => Math.min(1, ...values.filter((value) => value !== null));
  return {
    screen: Number((max(captures.map((m) => m.screenTiles / m.tiles)) * 1.1 + 0.005).toFixed(3)),
    screenBezel: Number((max(captures.map((m) => m.bezel)) * 1.1 + 0.01).toFixed(3)),
    print: Number((max(captures.map((m) => m.printTiles / m.tiles)) * 1.1 + 0.005).toFixed(3)),
    antispoof: Number((min(genuine.map((s) => s.antispoof)) * 0.95).toFixed(3)),
    liveness: Number((min(genuine.map((s) => s.liveness)) * 0.95).toFixed(3)),
  };
}

const percent = ({ hits, n, interval95 }) =>
  `${hits}/${n} (${((hits / n) * 100).toFixed(1)} %, ${(interval95[0] * 100).toFixed(1)}–${(interval95[1] * 100).toFixed(1)} %)`;
const table = [
  `| face presentation attacks (${split} split, ${ofSplit.length} identities × ${args.sessions} session) | BPCER | APCER print | APCER screen | APCER mask |`,
  '| --- | --- | --- | --- | --- |',
  ...Object.entries(report).map(
    ([mode, r]) => `| ${mode} | ${percent(r.BPCER)} | ${percent(r.APCER.print)} | ${percent(r.APCER.screen)} | ${percent(r.APCER.mask)} |`,
  ),
];
console.log(table.join('\n'));
const output = {
  date: new Date().toISOString(),
  split,
  seed: SEEDS[split],
  identities: ofSplit.length,
  sessionsPerIdentity: Number(args.sessions),
  machine: { cores: availableParallelism(), loadBefore, loadAfter: loadavg() },
  seconds: Math.round((Date.now() - started) / 1000),
  thresholds: { presentation: FACE_PRESENTATION_THRESHOLDS, passive: PASSIVE_THRESHOLDS, lowSignal: LOW_SIGNAL },
  report,
  ...(split === 'tuning' ? { suggestedThresholds: suggested() } : {}),
  table,
  samples,
};
if (split === 'tuning') console.log('suggested thresholds (tuning rule):', JSON.stringify(output.suggestedThresholds));
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `face-liveness-${split}-${output.date.replace(/[:.]/g, '-').slice(0, 19)}.json`);
writeFileSync(file, `${JSON.stringify(output, null, 1)}\n`);
log(`Wrote ${file}`);
