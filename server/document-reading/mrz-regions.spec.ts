import sharp, { type Sharp } from 'sharp';
import { zoneCard } from '../../test/support/zone-card.js';
import { readMrz, terminateOcrWorker } from './index.js';
import { readZoneCells } from './mrz-reader.js';

afterAll(() => terminateOcrWorker());

/** ICAO 9303's TD3 specimen (part 4). */
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

/** The centre of the red ink on a photo, in fractions of its size: where the marked character truly lies. */
async function redCentre(photo: Buffer): Promise<{ x: number; y: number }> {
  const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sumX = 0;
  let sumY = 0;
  let count = 0;
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      const at = (y * info.width + x) * info.channels;
      if (data[at] > 150 && data[at + 1] < 90 && data[at + 2] < 90) {
        sumX += x;
        sumY += y;
        count += 1;
      }
    }
  }
  expect(count).toBeGreaterThan(20);
  return { x: sumX / count / info.width, y: sumY / count / info.height };
}

describe('where a character of the zone lies on the photo', () => {
  it.each([
    ['upright', (card: Sharp) => card],
    ['turned 4°', (card: Sharp) => card.rotate(4, { background: '#ffffff' })],
    ['leaning and turned 2°', (card: Sharp) => card.affine([1, -0.12, 0, 1], { background: '#ffffff' }).rotate(-2, { background: '#ffffff' })],
  ])('gives each cell its place on the photo %s, around the ink printed there', async (_name, photograph) => {
    for (const [line, column] of [
      [0, 7],
      [1, 30],
    ]) {
      const photo = await photograph(sharp(await zoneCard(TD3, { line, column })))
        .png()
        .toBuffer();
      const zone = await readZoneCells(photo);
      const region = zone?.[0].reads[line][column].region;
      expect(region).toBeDefined();
      const truth = await redCentre(photo);
      // The marked glyph's centre lies inside its cell's region, and the region is about one cell wide (1/44 of the zone).
      expect(truth.x).toBeGreaterThanOrEqual(region!.x);
      expect(truth.x).toBeLessThanOrEqual(region!.x + region!.width);
      expect(truth.y).toBeGreaterThanOrEqual(region!.y);
      expect(truth.y).toBeLessThanOrEqual(region!.y + region!.height);
      expect(region!.width).toBeLessThan(0.05);
    }
  });
});

describe('a row whose first glyph is lost', () => {
  /** ICAO 9303's TD1 specimen (part 5). */
  const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];

  it('is not read one cell early (ERIKSSON as RIKSSON passes every check digit): the rows do not line up', async () => {
    expect(await readMrz(await zoneCard(TD1))).toMatchObject({ readable: true, lines: TD1 });
    const lost = [TD1[0], TD1[1], ` ${TD1[2].slice(1)}`];
    expect(await readMrz(await zoneCard(lost))).toMatchObject({ readable: false, reason: "the zone's rows do not line up" });
  });
});
