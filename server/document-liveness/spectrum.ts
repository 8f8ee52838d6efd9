/** The side of the square tiles whose spectra are measured (a power of two). */
export const TILE = 64;

/** In-place radix-2 FFT of one row of `TILE` complex values. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k += 1) {
        const [cos, sin] = [Math.cos(angle * k), Math.sin(angle * k)];
        const a = start + k;
        const b = a + size / 2;
        const tre = re[b]! * cos - im[b]! * sin;
        const tim = re[b]! * sin + im[b]! * cos;
        re[b] = re[a]! - tre;
        im[b] = im[a]! - tim;
        re[a] = re[a]! + tre;
        im[a] = im[a]! + tim;
      }
    }
  }
}

/** A sinusoid of amplitude A gives a windowed peak of A × WINDOW_GAIN (half the window's sum). */
const WINDOW_GAIN = (TILE * TILE) / 8;

const HANN = Float64Array.from({ length: TILE }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (TILE - 1)));

/** The power spectrum (TILE × TILE, DC at 0,0) of a tile of `plane` (width `width`) whose top-left is (x, y), windowed. */
export function tilePower(plane: Float32Array, width: number, x: number, y: number): Float64Array {
  const re = new Float64Array(TILE * TILE);
  const im = new Float64Array(TILE * TILE);
  let mean = 0;
  for (let row = 0; row < TILE; row += 1) for (let column = 0; column < TILE; column += 1) mean += plane[(y + row) * width + x + column]!;
  mean /= TILE * TILE;
  for (let row = 0; row < TILE; row += 1)
    for (let column = 0; column < TILE; column += 1) re[row * TILE + column] = (plane[(y + row) * width + x + column]! - mean) * HANN[row]! * HANN[column]!;
  const rowRe = new Float64Array(TILE);
  const rowIm = new Float64Array(TILE);
  for (let pass = 0; pass < 2; pass += 1) {
    for (let line = 0; line < TILE; line += 1) {
      for (let k = 0; k < TILE; k += 1) {
        const index = pass === 0 ? line * TILE + k : k * TILE + line;
        rowRe[k] = re[index]!;
        rowIm[k] = im[index]!;
      }
      fft(rowRe, rowIm);
      for (let k = 0; k < TILE; k += 1) {
        const index = pass === 0 ? line * TILE + k : k * TILE + line;
        re[index] = rowRe[k]!;
        im[index] = rowIm[k]!;
      }
    }
  }
  const power = new Float64Array(TILE * TILE);
  for (let i = 0; i < power.length; i += 1) power[i] = re[i]! * re[i]! + im[i]! * im[i]!;
  return power;
}

/** A tile's strongest isolated periodicity: its peak's power over the band's median, and the peak's period in pixels. */
export interface Periodicity {
  ratio: number;
  period: number;
  /** The peak's amplitude in grey levels (a sinusoid of this amplitude across the tile). */
  amplitude: number;
}

/**
 * How strongly one frequency stands out of the band of periods `minPeriod`–`maxPeriod`
 * pixels (half the plane: the spectrum of a real image is symmetric). The frequencies of
 * an 8-pixel grid (JPEG's blocks, when the photo is at its own resolution) are left out:
 * every JPEG has them.
 */
export function periodicity(power: Float64Array, minPeriod: number, maxPeriod: number, skipBlockGrid: boolean): Periodicity {
  const at = spectrumAt(power);
  let total = 0;
  let count = 0;
  let best = 0;
  let bestPeriod = 0;
  forEachInBand(minPeriod, maxPeriod, skipBlockGrid, (u, v, period) => {
    const value = at(u, v);
    total += value;
    count += 1;
    if (value > best && isolated(at, u, v, value)) [best, bestPeriod] = [value, period];
  });
  if (count === 0) return { ratio: 0, period: 0, amplitude: 0 };
  const mean = total / count;
  return { ratio: best / (mean || 1e-9), period: bestPeriod, amplitude: Math.sqrt(best) / WINDOW_GAIN };
}

/** The power at frequency (u, v), either half-plane. */
function spectrumAt(power: Float64Array): (u: number, v: number) => number {
  return (u, v) => {
    const [uu, vv] = v < 0 ? [-u, -v] : [u, v];
    return power[(((vv % TILE) + TILE) % TILE) * TILE + (((uu % TILE) + TILE) % TILE)]!;
  };
}

/** Calls `visit` for each frequency of half the plane whose period is within the band (an 8-pixel grid's left out when asked). */
function forEachInBand(minPeriod: number, maxPeriod: number, skipBlockGrid: boolean, visit: (u: number, v: number, period: number) => void): void {
  const half = TILE / 2;
  for (let v = 0; v <= half; v += 1)
    for (let u = -half + 1; u <= half; u += 1) {
      if (v === 0 && u <= 0) continue;
      const period = TILE / Math.hypot(u, v);
      if (period < minPeriod || period > maxPeriod) continue;
      if (skipBlockGrid && near8(u) && near8(v)) continue;
      visit(u, v, period);
    }
}

/**
 * A peak of a repeating pattern stands alone: two bins nearer the centre and two bins
 * farther out along its direction, the power is a small part of it (a windowed sinusoid's
 * lobe is two bins wide). An edge or a line instead spreads along a ridge whose power
 * grows toward the centre; its "peak" at the band's edge is no pattern.
 */
function isolated(at: (u: number, v: number) => number, u: number, v: number, value: number): boolean {
  const radius = Math.hypot(u, v);
  const step = 2 / radius;
  const inner = at(Math.round(u * (1 - step)), Math.round(v * (1 - step)));
  const outer = at(Math.round(u * (1 + step)), Math.round(v * (1 + step)));
  return value >= ISOLATION * Math.max(inner, outer);
}

/** How many times the power two bins either side along its direction a peak must reach. */
const ISOLATION = 4;

function near8(k: number): boolean {
  const r = ((k % 8) + 8) % 8;
  return r <= 1 || r >= 7;
}

/**
 * How strongly the tile holds a lattice of dots (a halftone screen): the strongest peak in
 * the band, and the strongest one at right angles to it with about the same period (a
 * dot screen has both; the parallel lines of a guilloche or of text have one). Returns the
 * weaker of the two over the band's mean, and their period.
 */
export function lattice(power: Float64Array, minPeriod: number, maxPeriod: number, skipBlockGrid: boolean): Periodicity {
  const half = TILE / 2;
  const at = spectrumAt(power);
  let total = 0;
  let count = 0;
  let best = 0;
  let bu = 0;
  let bv = 0;
  forEachInBand(minPeriod, maxPeriod, skipBlockGrid, (u, v) => {
    const value = at(u, v);
    total += value;
    count += 1;
    if (value > best && isolated(at, u, v, value)) [best, bu, bv] = [value, u, v];
  });
  if (count === 0 || best === 0) return { ratio: 0, period: 0, amplitude: 0 };
  // The perpendicular frequency (−v, u), searched within a bin or two for the perspective's skew.
  let second = 0;
  for (let dv = -2; dv <= 2; dv += 1)
    for (let du = -2; du <= 2; du += 1) {
      const [u, v] = [-bv + du, bu + dv];
      if (Math.abs(u) > half - 1 || Math.abs(v) > half - 1) continue;
      if (skipBlockGrid && near8(u) && near8(v)) continue;
      second = Math.max(second, at(u, v));
    }
  const mean = total / count;
  return { ratio: second / (mean || 1e-9), period: TILE / Math.hypot(bu, bv), amplitude: Math.sqrt(second) / WINDOW_GAIN };
}
