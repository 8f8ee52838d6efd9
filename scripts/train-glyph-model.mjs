// Trains the OCR-B glyph classifier the MRZ reader uses beside tesseract
// (server/document-reading/glyph-model.gen.ts, issue 34 part 2) and writes it.
//
// The training rows are drawn here with @napi-rs/canvas in Debian's OCR-B cuts (regular
// and sharp; `node scripts/ensure-ocr-b.mjs` installs them): random zone text with the
// MRZ's runs of letters, digits and fillers, on light paper, then degraded with sharp
// (rotation, blur, scale, noise, JPEG). Each image goes through the reader's own zone
// location and cell cutting (built: run `npm run build:server` first), so the model
// learns the very glyph shapes the reader sees; a row whose cells do not match the drawn
// text is left out. Nothing here draws the benchmark's ICAO corpus (bench/lib/icao-corpus.mjs).
// A variant drawing a photo's lean, foreshortening, glare and shadows too (1,200 images)
// read no better on the tuning split (docs/decisions.md), so the plain one is kept.
//
//   node scripts/train-glyph-model.mjs [--images 900] [--epochs 14]
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const root = fileURLToPath(new URL('..', import.meta.url));
const { locateZone } = await import(`${root}dist/server/document-reading/mrz-zone.js`);
const { rowCells } = await import(`${root}dist/server/document-reading/mrz-cells.js`);
const { seededRandom } = await import(`${root}dist/server/face-reading/seeded-random.js`);
const { values } = parseArgs({ options: { images: { type: 'string', default: '900' }, epochs: { type: 'string', default: '14' } } });

const CLASSES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
const HIDDEN = 64;
const SEED = 'glyph-model-2026-11';
const FONTS = [
  ['/usr/share/fonts/opentype/ocr-b/OCRB.otf', 'Glyph Training OCR B'],
  ['/usr/share/fonts/opentype/ocr-b/OCRBS.otf', 'Glyph Training OCR B S'],
];
for (const [path, name] of FONTS) if (!GlobalFonts.registerFromPath(path, name)) throw new Error(`${path} is missing: run node scripts/ensure-ocr-b.mjs`);

// The face benchmark's mulberry32, seeded with the seed text's FNV-1a hash.
const random = seededRandom([...SEED].reduce((hash, character) => Math.imul(hash ^ character.charCodeAt(0), 16777619) >>> 0, 2166136261));
const between = (low, high) => low + (high - low) * random();
const pick = (text) => text[Math.floor(random() * text.length)];

/** A zone line of `length` characters in the MRZ's manner: runs of letters, digits and fillers. */
function zoneText(length) {
  let text = '';
  while (text.length < length) {
    const kind = random();
    const run = 1 + Math.floor(random() * 8);
    const alphabet = kind < 0.4 ? CLASSES.slice(0, 26) : kind < 0.7 ? CLASSES.slice(26, 36) : kind < 0.85 ? '<' : CLASSES;
    for (let i = 0; i < run; i += 1) text += pick(alphabet);
  }
  return pick(CLASSES.slice(0, 26)) + text.slice(1, length);
}

/** A light page with a few words of ordinary text and a zone at the bottom, degraded as a photo or a scan would be. */
async function drawnZone() {
  const [lineCount, length] = pick([
    [3, 30],
    [2, 36],
    [2, 44],
  ]);
  const lines = Array.from({ length: lineCount }, () => zoneText(length));
  const fontSize = between(26, 40);
  const [, font] = pick(FONTS);
  const pitch = fontSize * between(0.62, 0.78);
  const width = Math.ceil(pitch * length + between(60, 200));
  const lineGap = fontSize * between(1.25, 1.6);
  const height = Math.ceil(fontSize * 6 + lineGap * lineCount);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const paper = Math.round(between(205, 250));
  context.fillStyle = `rgb(${paper},${paper - Math.round(between(0, 12))},${paper - Math.round(between(0, 20))})`;
  context.fillRect(0, 0, width, height);
  const ink = Math.round(between(0, 70));
  context.fillStyle = `rgb(${ink},${ink},${ink})`;
  context.strokeStyle = context.fillStyle;
  context.font = `${Math.round(fontSize * 0.6)}px sans-serif`;
  context.fillText('PASSPORT  SURNAME  GIVEN NAMES', width * 0.05, fontSize * 1.5);
  context.font = `${fontSize}px "${font}"`;
  context.textBaseline = 'alphabetic';
  const left = (width - pitch * length) / 2;
  const bold = between(0, fontSize * 0.05);
  lines.forEach((line, index) => {
    const baseline = height - fontSize * 1.2 - lineGap * (lineCount - 1 - index);
    [...line].forEach((character, cell) => {
      const x = left + cell * pitch + between(-0.03, 0.03) * pitch;
      context.fillText(character, x, baseline);
      if (bold > 0.4) {
        context.lineWidth = bold;
        context.strokeText(character, x, baseline);
      }
    });
  });
  const scale = between(0.45, 1.1);
  let image = sharp(canvas.toBuffer('image/png'))
    .rotate(between(-2.5, 2.5), { background: { r: paper, g: paper, b: paper } })
    .resize({ width: Math.round(width * scale) });
  const sigma = between(0, 1.6);
  if (sigma > 0.3) image = image.blur(sigma);
  const raw = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const noise = between(0, 14);
  for (let i = 0; i < raw.data.length; i += 1) raw.data[i] = Math.max(0, Math.min(255, raw.data[i] + (random() + random() + random() - 1.5) * noise));
  const { width: outWidth, height: outHeight, channels } = raw.info;
  const buffer = await sharp(raw.data, { raw: { width: outWidth, height: outHeight, channels } })
    .jpeg({ quality: Math.round(between(35, 95)) })
    .toBuffer();
  return { lines, buffer };
}

/** Every cell the reader cuts from drawn zones whose rows it found as drawn: its shape and the character drawn there. */
async function samples(count) {
  const shapes = [];
  const labels = [];
  let used = 0;
  for (let image = 0; image < count; image += 1) {
    const { lines, buffer } = await drawnZone();
    const zone = await locateZone(buffer);
    if (!zone || zone.rows.length !== lines.length) continue;
    used += 1;
    zone.rows.forEach((row, index) => {
      rowCells(zone.grey, zone.mask, row, lines[index].length).cells.forEach((cell, column) => {
        if (!cell.shape) return;
        shapes.push(cell.shape);
        labels.push(CLASSES.indexOf(lines[index][column]));
      });
    });
    if ((image + 1) % 100 === 0) console.log(`drawn ${image + 1}/${count} (${used} with their zone found), ${shapes.length} glyphs`);
  }
  return { shapes, labels };
}

/** A one-hidden-layer network (ReLU, softmax) trained by mini-batch gradient descent with momentum. */
function train(shapes, labels, epochs) {
  const inputs = shapes[0].length;
  const outputs = CLASSES.length;
  const w1 = Float32Array.from({ length: HIDDEN * inputs }, () => (random() * 2 - 1) * Math.sqrt(6 / inputs));
  const b1 = new Float32Array(HIDDEN);
  const w2 = Float32Array.from({ length: outputs * HIDDEN }, () => (random() * 2 - 1) * Math.sqrt(6 / HIDDEN));
  const b2 = new Float32Array(outputs);
  const parameters = [w1, b1, w2, b2];
  const velocity = parameters.map((p) => new Float32Array(p.length));
  const gradient = parameters.map((p) => new Float32Array(p.length));
  const hidden = new Float32Array(HIDDEN);
  const output = new Float32Array(outputs);
  const forward = (x) => {
    for (let h = 0; h < HIDDEN; h += 1) {
      let sum = b1[h];
      for (let i = 0; i < inputs; i += 1) sum += w1[h * inputs + i] * x[i];
      hidden[h] = sum > 0 ? sum : 0;
    }
    let max = -Infinity;
    for (let o = 0; o < outputs; o += 1) {
      let sum = b2[o];
      for (let h = 0; h < HIDDEN; h += 1) sum += w2[o * HIDDEN + h] * hidden[h];
      output[o] = sum;
      max = Math.max(max, sum);
    }
    let total = 0;
    for (let o = 0; o < outputs; o += 1) total += output[o] = Math.exp(output[o] - max);
    for (let o = 0; o < outputs; o += 1) output[o] /= total;
  };
  const order = shapes.map((_, index) => index);
  const held = new Set(order.filter(() => random() < 0.1));
  const training = order.filter((index) => !held.has(index));
  const batch = 32;
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    const rate = 0.05 * 0.5 ** (epoch / 5);
    for (let i = training.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [training[i], training[j]] = [training[j], training[i]];
    }
    let loss = 0;
    for (let start = 0; start < training.length; start += batch) {
      gradient.forEach((g) => g.fill(0));
      const end = Math.min(training.length, start + batch);
      for (let k = start; k < end; k += 1) {
        const x = shapes[training[k]];
        const label = labels[training[k]];
        forward(x);
        loss -= Math.log(Math.max(1e-9, output[label]));
        const [g1, gb1, g2, gb2] = gradient;
        for (let o = 0; o < outputs; o += 1) {
          const delta = output[o] - (o === label ? 1 : 0);
          gb2[o] += delta;
          for (let h = 0; h < HIDDEN; h += 1) g2[o * HIDDEN + h] += delta * hidden[h];
        }
        for (let h = 0; h < HIDDEN; h += 1) {
          if (hidden[h] <= 0) continue;
          let delta = 0;
          for (let o = 0; o < outputs; o += 1) delta += (output[o] - (o === label ? 1 : 0)) * w2[o * HIDDEN + h];
          gb1[h] += delta;
          for (let i = 0; i < inputs; i += 1) g1[h * inputs + i] += delta * x[i];
        }
      }
      parameters.forEach((p, n) => {
        for (let i = 0; i < p.length; i += 1) {
          velocity[n][i] = 0.9 * velocity[n][i] - (rate * gradient[n][i]) / (end - start);
          p[i] += velocity[n][i];
        }
      });
    }
    let right = 0;
    for (const index of held) {
      forward(shapes[index]);
      if (output.indexOf(Math.max(...output)) === labels[index]) right += 1;
    }
    console.log(`epoch ${epoch + 1}/${epochs}: loss ${(loss / training.length).toFixed(4)}, held-out ${right}/${held.size} right`);
  }
  return { inputs, parameters, heldOut: held.size };
}

const started = Date.now();
const { shapes, labels } = await samples(Number(values.images));
const { inputs, parameters, heldOut } = train(shapes, labels, Number(values.epochs));
const weights = Buffer.concat(parameters.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength))).toString('base64');
const target = `${root}server/document-reading/glyph-model.gen.ts`;
writeFileSync(
  target,
  `// Written by scripts/train-glyph-model.mjs (seed ${SEED}, ${values.images} drawn images, ${shapes.length} glyphs of which ${heldOut} held out,\n` +
    `// ${values.epochs} epochs, ${Math.round((Date.now() - started) / 1000)} s). Do not edit: run the script again.\n` +
    `export const GLYPH_MODEL = {\n  classes: '${CLASSES}',\n  inputs: ${inputs},\n  hidden: ${HIDDEN},\n  /** w1 (hidden × inputs), b1, w2 (classes × hidden), b2: little-endian float32. */\n  weights:\n    '${weights}',\n};\n`,
);
console.log(`wrote ${target}`);
