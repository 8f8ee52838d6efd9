import sharp from 'sharp';
import { bezel, colourfulness, shrink } from './coarse.js';

// Scenes drawn here, at test time (a 800 × 600 photo): a document with a portrait and a tinted band on a desk.
const DOCUMENT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="560" height="380">' +
  '<rect width="560" height="380" fill="hsl(40,45%,90%)"/><rect y="250" width="560" height="60" fill="hsl(200,50%,80%)"/>' +
  '<rect x="40" y="60" width="170" height="200" fill="#dfe6ec"/><ellipse cx="125" cy="150" rx="55" ry="70" fill="#d9a27c"/>' +
  '<text x="240" y="120" font-family="DejaVu Sans" font-size="30" fill="#1c1c1c">SPECIMEN</text></svg>';

/** The document on a brown desk, optionally grey (a photocopy) or inside a dark bezel; blurred, with noise. */
async function photo({ grey = false, framed = false } = {}): Promise<{ rgb: Buffer; width: number; height: number }> {
  let document = sharp(Buffer.from(DOCUMENT));
  if (grey) document = document.grayscale();
  const page = await document.toColourspace('srgb').png().toBuffer();
  const object = framed
    ? await sharp({ create: { width: 640, height: 460, channels: 3, background: { r: 30, g: 30, b: 30 } } })
        .composite([{ input: page, left: 40, top: 40 }])
        .png()
        .toBuffer()
    : page;
  const scene = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 120, g: 95, b: 70 } } })
    .composite([{ input: object, left: framed ? 80 : 120, top: framed ? 70 : 110 }])
    .png()
    .toBuffer();
  const rgb = await sharp(scene).blur(2).removeAlpha().raw().toBuffer();
  let state = 12345;
  for (let i = 0; i < rgb.length; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    rgb[i] = Math.max(0, Math.min(255, rgb[i]! + ((state >>> 16) % 21) - 10)); // ±10 grey levels, each channel its own
  }
  return { rgb, width: 800, height: 600 };
}

describe('coarse cues (the photo shrunk to about 400 pixels)', () => {
  it('shrink the photo by a whole factor, each pixel the mean of its block', () => {
    // 1200 × 3 pixels: in the first row, every third pixel red; shrunk by 3, every block holds one of them.
    const rgb = Buffer.alloc(1200 * 3 * 3);
    for (let x = 0; x < 1200; x += 3) rgb[x * 3] = 255;
    const coarse = shrink(rgb, 1200, 3);
    expect([coarse.width, coarse.height]).toEqual([400, 1]);
    expect(
      new Set(
        Array.from(
          coarse.rgb.filter((_, i) => i % 3 === 0),
          (red) => red.toFixed(2),
        ),
      ),
    ).toEqual(new Set([(255 / 9).toFixed(2)]));
    const square = shrink(Buffer.alloc(800 * 800 * 3, 90), 800, 800);
    expect([square.width, square.height, square.rgb[0], square.rgb[square.rgb.length - 1]]).toEqual([400, 400, 90, 90]);
  });

  it('find a screen’s bezel through blur and noise, and none around a document on a desk', async () => {
    const framed = await photo({ framed: true });
    const screen = bezel(shrink(framed.rgb, framed.width, framed.height));
    expect(screen.share).toBeGreaterThan(0.8);
    // The bezel's outer edge: 80–720 of 800, 70–530 of 600.
    expect(screen.region!.x).toBeCloseTo(0.1, 1);
    expect(screen.region!.x + screen.region!.width).toBeCloseTo(0.9, 1);
    const plain = await photo();
    expect(bezel(shrink(plain.rgb, plain.width, plain.height))).toEqual({ share: 0, region: null });
  });

  it('measure a grey copy as far less colourful than the document, through blur and noise', async () => {
    const colourful = await photo();
    const copy = await photo({ grey: true });
    const [original, grey] = [colourfulness(shrink(colourful.rgb, 800, 600)), colourfulness(shrink(copy.rgb, 800, 600))];
    expect(original).toBeGreaterThan(30);
    expect(grey).toBeLessThan(10);
  });
});
