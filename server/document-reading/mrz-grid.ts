/** A greyscale image, one byte per pixel. */
export interface Grey {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** A text row of the zone: its band of pixel rows and its ink's extent. */
export interface Row {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * A zone row's cells: where cell `k`'s left edge lies (`left(cells)` is the row's right
 * end). Under perspective the pitch shrinks along the row, so the edges follow a
 * projective map of the cell index, x = (a·k + b) / (c·k + 1), which is a plain
 * fixed pitch when c is 0.
 */
export interface Grid {
  left: (cell: number) => number;
}

const gridOf = (a: number, b: number, c: number): Grid => ({ left: (cell) => (a * cell + b) / (c * cell + 1) });

/** How far (in cells) from the fixed pitch the perspective may bend the grid over the row: beyond, the fit is noise. */
const MAX_BEND = 0.25;

/**
 * The zone's grid on one row, fitted to the glyphs themselves. The ink's column runs
 * (each a glyph or a chevron; every cell of a zone has ink) give centres; walking them
 * from left to right, each gap counts as the cells it spans at the pitch of its
 * neighbourhood (under perspective the pitch changes along the row; a gap holding a run
 * too wide to be one glyph counts as two cells or more), which numbers every glyph's
 * cell. The grid is then fitted by least squares — a fixed pitch, or the perspective's
 * foreshortening when that fits clearly better — and refined with every centre that
 * falls near a cell's. The ink extent alone misplaces the grid at the row's ends.
 */
export function fitGrid(mask: Uint8Array, width: number, row: Row, cells: number): Grid {
  const columns = new Array<number>(width).fill(0);
  for (let y = row.top; y < row.bottom; y += 1) for (let x = row.left; x < row.right; x += 1) columns[x] += mask[y * width + x];
  const startPitch = (row.right - row.left) / (cells - 0.25);
  const fallback = gridOf(startPitch, row.left - startPitch * 0.125, 0);
  const centres: number[] = [];
  let runStart = -1;
  for (let x = row.left; x <= row.right; x += 1) {
    const ink = x < row.right && columns[x] > 0;
    if (ink && runStart < 0) runStart = x;
    if (!ink && runStart >= 0) {
      const runWidth = x - runStart;
      if (runWidth >= startPitch * 0.2 && runWidth <= startPitch * 1.05) centres.push((runStart + x - 1) / 2);
      runStart = -1;
    }
  }
  if (centres.length < cells / 3) return fallback;
  let points = numbered(centres, startPitch);
  const span = points[points.length - 1].k + 1;
  if (span > cells) {
    // Ink beside the zone joined the row: the `cells` consecutive cells holding the most glyphs are the row.
    let best = { from: 0, count: -1 };
    for (let from = 0; from + cells <= span; from += 1) {
      const count = points.filter((p) => p.k >= from && p.k < from + cells).length;
      if (count > best.count) best = { from, count };
    }
    points = points.filter((p) => p.k >= best.from && p.k < best.from + cells).map((p) => ({ ...p, k: p.k - best.from }));
  } else if (span < cells) {
    // Glyphs lost at the row's ends: the missing cells go to the end the ink extent leaves room at.
    const pitch = startPitch;
    const roomLeft = (points[0].centre - row.left) / pitch;
    const roomRight = (row.right - points[points.length - 1].centre) / pitch;
    const shift = Math.max(0, Math.min(cells - span, Math.round(roomLeft - 0.5)));
    if (Math.abs(roomLeft + roomRight - 1 - (cells - span)) > 1.5) return fitByPosition(centres, cells, startPitch, fallback);
    points = points.map((p) => ({ ...p, k: p.k + shift }));
  }
  let grid = fittedGrid(points, cells) ?? fallback;
  for (let iteration = 0; iteration < 2; iteration += 1) {
    const refined = fittedGrid(nearCells(centres, grid, cells), cells);
    if (!refined) break;
    grid = refined;
  }
  return grid;
}

/** Glyph centres numbered by the cells between them, at the pitch of each gap's neighbourhood. */
function numbered(centres: number[], startPitch: number): { centre: number; k: number }[] {
  const gaps = centres.slice(1).map((centre, i) => centre - centres[i]);
  const points = [{ centre: centres[0], k: 0 }];
  gaps.forEach((gap, i) => {
    const near = gaps.slice(Math.max(0, i - 4), i + 5).filter((g) => g >= startPitch * 0.6 && g <= startPitch * 1.4);
    near.sort((a, b) => a - b);
    const pitch = near.length ? near[Math.floor(near.length / 2)] : startPitch;
    points.push({ centre: centres[i + 1], k: points[i].k + Math.max(1, Math.round(gap / pitch)) });
  });
  return points;
}

/** The centres that fall near a cell's centre of `grid`, each with its cell. */
function nearCells(centres: number[], grid: Grid, cells: number): { centre: number; k: number }[] {
  return centres.flatMap((centre) => {
    let k = 0;
    while (k < cells - 1 && grid.left(k + 1) <= centre) k += 1;
    const pitch = grid.left(k + 1) - grid.left(k);
    return Math.abs(centre - (grid.left(k) + grid.left(k + 1)) / 2) < pitch * 0.35 ? [{ centre, k }] : [];
  });
}

/** The fixed-pitch grid through numbered centres, or the perspective's when it halves the error; null without enough of them. */
function fittedGrid(points: { centre: number; k: number }[], cells: number): Grid | null {
  if (points.length < cells / 3) return null;
  const error = (fit: [number, number, number]) => points.reduce((sum, p) => sum + (p.centre - gridOf(...fit).left(p.k + 0.5)) ** 2, 0);
  const linear = linearFit(points);
  if (!linear) return null;
  const projective = projectiveFit(points);
  const usable = projective && Math.abs(projective[2]) * cells <= MAX_BEND && error(projective) <= error(linear) / 2;
  return gridOf(...(usable ? projective : linear));
}

/** The former fit by position alone: a fixed pitch from the ink extent, refined with the centres near its cells. */
function fitByPosition(centres: number[], cells: number, startPitch: number, fallback: Grid): Grid {
  let grid = fallback;
  for (let iteration = 0; iteration < 4; iteration += 1) grid = fittedGrid(nearCells(centres, grid, cells), cells) ?? grid;
  return grid;
}

/** centre = b + (k + 0.5)·a by least squares; null when every glyph is in one cell. */
function linearFit(points: { centre: number; k: number }[]): [number, number, number] | null {
  const n = points.length;
  const meanK = points.reduce((sum, p) => sum + p.k + 0.5, 0) / n;
  const meanC = points.reduce((sum, p) => sum + p.centre, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.k + 0.5 - meanK) * (p.centre - meanC);
    variance += (p.k + 0.5 - meanK) ** 2;
  }
  if (variance === 0) return null;
  const pitch = covariance / variance;
  return [pitch, meanC - pitch * meanK, 0];
}

/** centre·(c·u + 1) = a·u + b with u = k + 0.5, linear in (a, b, c), by least squares (3 × 3 normal equations). */
function projectiveFit(points: { centre: number; k: number }[]): [number, number, number] | null {
  const m = [
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ];
  for (const { centre, k } of points) {
    const u = k + 0.5;
    const row = [u, 1, -u * centre];
    for (let i = 0; i < 3; i += 1) {
      for (let j = 0; j < 3; j += 1) m[i][j] += row[i] * row[j];
      m[i][3] += row[i] * centre;
    }
  }
  // Gaussian elimination with partial pivoting.
  for (let col = 0; col < 3; col += 1) {
    const pivot = [col, col + 1, col + 2].filter((r) => r < 3).reduce((best, r) => (Math.abs(m[r][col]) > Math.abs(m[best][col]) ? r : best), col);
    if (Math.abs(m[pivot][col]) < 1e-9) return null;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let r = 0; r < 3; r += 1) {
      if (r === col) continue;
      const factor = m[r][col] / m[col][col];
      for (let j = col; j < 4; j += 1) m[r][j] -= factor * m[col][j];
    }
  }
  return [m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]];
}

/** The steepest lean (horizontal pixels per pixel of height) the zone's glyphs are straightened from. */
const MAX_SHEAR = 0.35;

/**
 * How far the zone's glyphs lean (a photo taken at an angle shears them: its
 * vertical strokes tilt while the rows stay level once deskewed), as horizontal
 * pixels per pixel upwards from `centreY`: the lean that makes the ink of the rows fall
 * into the sharpest columns, the glyphs' gaps clear.
 */
export function shearOf(mask: Uint8Array, width: number, rows: readonly Row[]): { shear: number; centreY: number } {
  const top = rows[0].top;
  const bottom = rows[rows.length - 1].bottom;
  const centreY = (top + bottom) / 2;
  const left = Math.min(...rows.map((row) => row.left));
  const right = Math.max(...rows.map((row) => row.right));
  const points: number[] = [];
  for (const row of rows)
    for (let y = row.top; y < row.bottom; y += 1) for (let x = left; x < right; x += 1) if (mask[y * width + x]) points.push(x, y - centreY);
  let best = { shear: 0, score: -1 };
  for (let hundredth = -MAX_SHEAR * 100; hundredth <= MAX_SHEAR * 100; hundredth += 1) {
    const shear = hundredth / 100;
    const columns = new Float64Array(width * 2);
    for (let i = 0; i < points.length; i += 2) {
      const x = Math.round(points[i] + points[i + 1] * shear + width / 2);
      if (x >= 0 && x < columns.length) columns[x] += 1;
    }
    let score = 0;
    for (const count of columns) score += count * count;
    if (score > best.score) best = { shear, score };
  }
  return { shear: best.shear, centreY };
}

/** The image with each row shifted sideways by `shear` per pixel from `centreY` (bilinear), which straightens glyphs leaning by it. */
export function unsheared(grey: Grey, shear: number, centreY: number): Grey {
  const { pixels, width, height } = grey;
  const out = new Uint8Array(pixels.length).fill(255);
  for (let y = 0; y < height; y += 1) {
    // The straightened x' = x + (y − centreY)·shear takes its value from x = x' − (y − centreY)·shear.
    const offset = (y - centreY) * shear;
    for (let x = 0; x < width; x += 1) {
      const source = x - offset;
      const whole = Math.floor(source);
      if (whole < 0 || whole + 1 >= width) continue;
      const fraction = source - whole;
      out[y * width + x] = Math.round(pixels[y * width + whole] * (1 - fraction) + pixels[y * width + whole + 1] * fraction);
    }
  }
  return { pixels: out, width, height };
}

/**
 * A chevron '<': ink on the left only around the middle (its tip) and on the right
 * only at the top and bottom (its arms' ends), unlike any letter or digit of OCR-B.
 */
export function isChevron(mask: Uint8Array, width: number, row: Row, cellLeft: number, pitch: number): boolean {
  const x0 = Math.max(0, Math.floor(cellLeft));
  const x1 = Math.min(width, Math.ceil(cellLeft + pitch));
  let inkLeft = x1;
  let inkRight = -1;
  let inkTop = row.bottom;
  let inkBottom = -1;
  for (let y = row.top; y < row.bottom; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      if (!mask[y * width + x]) continue;
      inkLeft = Math.min(inkLeft, x);
      inkRight = Math.max(inkRight, x);
      inkTop = Math.min(inkTop, y);
      inkBottom = Math.max(inkBottom, y);
    }
  }
  if (inkRight < 0) return false;
  const inkHeight = inkBottom - inkTop + 1;
  const span = Math.max(1, Math.round((inkRight - inkLeft + 1) * 0.3));
  /** The share of the ink's rows, in bands of its height, with ink among the given columns. */
  const rowsWithInk = (fromColumn: number, toColumn: number, fromShare: number, toShare: number): number => {
    const yStart = inkTop + Math.floor(inkHeight * fromShare);
    const yEnd = inkTop + Math.ceil(inkHeight * toShare);
    let rows = 0;
    for (let y = yStart; y < yEnd; y += 1) {
      for (let x = fromColumn; x < toColumn; x += 1) {
        if (mask[y * width + x]) {
          rows += 1;
          break;
        }
      }
    }
    return rows / Math.max(1, yEnd - yStart);
  };
  const leftStart = inkLeft;
  const leftEnd = inkLeft + span;
  const rightStart = inkRight + 1 - span;
  const rightEnd = inkRight + 1;
  // The tip: ink on the left in the middle, none near the top or bottom.
  const tip = rowsWithInk(leftStart, leftEnd, 0.4, 0.6) > 0.5 && rowsWithInk(leftStart, leftEnd, 0, 0.2) === 0 && rowsWithInk(leftStart, leftEnd, 0.8, 1) === 0;
  // The arms' ends: ink on the right at the top and bottom, none in the middle.
  const arms =
    rowsWithInk(rightStart, rightEnd, 0, 0.15) > 0 && rowsWithInk(rightStart, rightEnd, 0.85, 1) > 0 && rowsWithInk(rightStart, rightEnd, 0.4, 0.6) === 0;
  return tip && arms && inkHeight > (row.bottom - row.top) * 0.5;
}
