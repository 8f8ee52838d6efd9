import sharp from 'sharp';
import { FACE_PRESENTATION_THRESHOLDS, facePresentationSignals, fromMeasures } from './face-presentation.js';

/**
 * The passive presentation signals on rendered attacks: a smooth face-like picture (a lit
 * oval on a background, with soft noise as a camera gives), the same shown on a screen (each
 * pixel drawn as red, green and blue sub-pixel stripes) and printed (a halftone dot lattice
 * at an angle). The benchmark (bench/face-liveness.mjs) measures how often they fire on the
 * attack set; this shows each detector responds to its pattern and not to the plain picture.
 */
const SIDE = 600;
const box = { x: 150, y: 120, width: 300, height: 360 };

function scene(): Float32Array {
  const grey = new Float32Array(SIDE * SIDE);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32 - 0.5) * 6;
  for (let y = 0; y < SIDE; y += 1)
    for (let x = 0; x < SIDE; x += 1) {
      const [dx, dy] = [(x - 300) / 150, (y - 300) / 180];
      const inside = 1 - dx * dx - dy * dy;
      grey[y * SIDE + x] = (inside > 0 ? 150 + 60 * Math.sqrt(inside) : 90 + (y / SIDE) * 40) + noise();
    }
  return grey;
}

const jpeg = (rgb: Buffer) =>
  sharp(rgb, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();

async function genuine(): Promise<Buffer> {
  const grey = scene();
  const rgb = Buffer.alloc(SIDE * SIDE * 3);
  grey.forEach((value, i) =>
    rgb.set(
      [value * 1.05, value * 0.9, value * 0.8].map((v) => Math.max(0, Math.min(255, v))),
      i * 3,
    ),
  );
  return jpeg(rgb);
}

async function screen(): Promise<Buffer> {
  const grey = scene();
  const rgb = Buffer.alloc(SIDE * SIDE * 3);
  grey.forEach((value, i) => {
    const channel = (i % SIDE) % 3; // each screen pixel's red, green and blue stripes
    rgb.set(
      [0, 1, 2].map((c) => Math.min(255, (c === channel ? value * 2.2 : value * 0.35) * (Math.floor(i / SIDE) % 4 === 3 ? 0.5 : 1))),
      i * 3,
    );
  });
  return jpeg(rgb);
}

async function print(): Promise<Buffer> {
  const grey = scene();
  const rgb = Buffer.alloc(SIDE * SIDE * 3);
  const [period, angle] = [4.5, (15 * Math.PI) / 180];
  grey.forEach((value, i) => {
    const [x, y] = [i % SIDE, Math.floor(i / SIDE)];
    const [u, v] = [(x * Math.cos(angle) + y * Math.sin(angle)) / period, (-x * Math.sin(angle) + y * Math.cos(angle)) / period];
    const dot = 1 - Math.hypot(u - Math.round(u), v - Math.round(v)) / 0.7071;
    const ink = 1 - value / 255;
    const covered = Math.min(1, Math.max(0, (ink - (1 - dot)) * 4 + 0.5));
    rgb.set(
      [240, 236, 228].map((paper) => paper * (1 - covered * 0.9)),
      i * 3,
    );
  });
  return jpeg(rgb);
}

const suspected = async (photo: Buffer) =>
  (await facePresentationSignals(photo, box)).signals.filter((signal) => signal.suspected).map((signal) => signal.kind);

describe('face presentation signals', () => {
  it('raise nothing on a plain picture of a face', async () => {
    const result = await facePresentationSignals(await genuine(), box);
    expect(result).toMatchObject({ analysed: true, reason: '' });
    expect(result.signals.filter((signal) => signal.suspected)).toEqual([]);
  });

  it("suspect a screen on a screen's sub-pixel grid, and a print on a halftone", async () => {
    expect(await suspected(await screen())).toContain('screen');
    expect(await suspected(await print())).toContain('print');
  });

  it('say why a photo could not be measured instead of throwing', async () => {
    expect(await facePresentationSignals(Buffer.from('not an image'), box)).toMatchObject({ analysed: false, reason: 'The photo could not be decoded' });
    expect(await facePresentationSignals(await genuine(), { x: 10, y: 10, width: 40, height: 40 })).toMatchObject({ analysed: false });
  });

  it('score each measure as a multiple of its threshold, suspected from 1', () => {
    const t = FACE_PRESENTATION_THRESHOLDS;
    const at = (screenTiles: number, printTiles: number, bezel: number) => fromMeasures({ tiles: 1000, screenTiles, printTiles, bezel }).signals;
    expect(at(Math.ceil(t.screen * 1000), 0, 0)[0]).toMatchObject({ kind: 'screen', suspected: true });
    expect(at(0, 0, t.screenBezel)[0]).toMatchObject({ kind: 'screen', suspected: true });
    expect(at(0, Math.floor(t.print * 1000) - 1, 0)[1]).toMatchObject({ kind: 'print', suspected: false });
  });
});
