import sharp from 'sharp';
import { readMrz, terminateOcrWorker } from './index.js';
import { fitGrid, shearOf, unsheared, type Row } from './mrz-grid.js';

afterAll(() => terminateOcrWorker());

/** ICAO 9303's TD3 specimen (part 4). */
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

/** x = (a·u + b) / (c·u + 1): where a row photographed at an angle puts position u of its grid (pitch 29 px shrinking to about 21). */
const projected = (u: number) => (30 * u + 200) / (0.004 * u + 1);

/** A mask with one glyph-like blob per cell of a 44-cell row whose pitch shrinks along it, and a background line's specks left of it. */
function foreshortenedRow(): { mask: Uint8Array; width: number; row: Row } {
  const width = 1400;
  const row: Row = { top: 100, bottom: 130, left: 150, right: Math.ceil(projected(44)) };
  const mask = new Uint8Array(width * 200);
  const fill = (x0: number, x1: number) => {
    for (let y = row.top + 2; y < row.bottom - 2; y += 1) for (let x = Math.round(x0); x < Math.round(x1); x += 1) mask[y * width + x] = 1;
  };
  for (let cell = 0; cell < 44; cell += 1) {
    const left = projected(cell);
    const pitch = projected(cell + 1) - left;
    fill(left + pitch * 0.2, left + pitch * 0.8);
  }
  // A guilloche line crossing the row just before the zone: ink the row's extent takes in.
  fill(150, 153);
  fill(168, 171);
  return { mask, width, row };
}

/**
 * A zone as a phone sees it held at an angle: each glyph smaller and closer to the
 * next along the row (foreshortening) and leaning (the shear a tilted card shows once
 * its rows are level), on a card with a background line beside the zone.
 */
async function photographedZone(lines: readonly string[], lean: number): Promise<Buffer> {
  const width = 1500;
  const height = 700;
  const text = lines
    .map((line, row) => {
      const baseline = 560 + row * 52;
      return [...line]
        .map((character, i) => {
          const x = (31 * i + 90) / (0.003 * i + 1);
          const size = 42 / (0.003 * i + 1);
          return `<text x="${x.toFixed(1)}" y="${baseline}" font-family="OCR B" font-size="${size.toFixed(1)}" transform="skewX(${lean}) translate(${(baseline * Math.tan((-lean * Math.PI) / 180)).toFixed(1)} 0)">${character === '<' ? '&lt;' : character}</text>`;
        })
        .join('');
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1ea"/><path d="M40 640 L70 470" stroke="#8a8a8a" stroke-width="2"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('the zone photographed at an angle', () => {
  it('numbers every glyph of a foreshortened row by its own cell, though ink beside the zone joined the row', () => {
    const { mask, width, row } = foreshortenedRow();
    const grid = fitGrid(mask, width, row, 44);
    for (let cell = 0; cell < 44; cell += 1) {
      const centre = (projected(cell) + projected(cell + 1)) / 2;
      const pitch = projected(cell + 1) - projected(cell);
      expect(Math.abs((grid.left(cell) + grid.left(cell + 1)) / 2 - centre)).toBeLessThan(pitch * 0.2);
    }
  });

  it('measures how far the glyphs lean, and straightens them', () => {
    const width = 600;
    const height = 60;
    const rows: Row[] = [{ top: 10, bottom: 50, left: 20, right: 580 }];
    const leaning = new Uint8Array(width * height);
    const grey = { pixels: new Uint8Array(width * height).fill(255), width, height };
    // Vertical strokes leaning right by 0.2 px per px upwards (their tops further right).
    for (let stroke = 0; stroke < 20; stroke += 1) {
      for (let y = 10; y < 50; y += 1) {
        const x = 40 + stroke * 26 + Math.round((30 - y) * 0.2);
        for (let dx = 0; dx < 4; dx += 1) {
          leaning[y * width + x + dx] = 1;
          grey.pixels[y * width + x + dx] = 0;
        }
      }
    }
    const { shear, centreY } = shearOf(leaning, width, rows);
    expect(Math.abs(shear - 0.2)).toBeLessThanOrEqual(0.02);
    const straight = unsheared(grey, shear, centreY);
    // Every stroke now stands upright: its ink at the top and the bottom lies in the same columns.
    const inkColumns = (y: number) => [...Array(width).keys()].filter((x) => straight.pixels[y * width + x] < 128);
    expect(inkColumns(12)).toEqual(inkColumns(47));
  });

  it('reads a passport zone photographed at an angle, exactly', async () => {
    const read = await readMrz(await photographedZone(TD3, -12));
    expect(read).toMatchObject({ readable: true, format: 'TD3', lines: TD3 });
  });
});
