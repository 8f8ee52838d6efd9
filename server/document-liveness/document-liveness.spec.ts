import sharp from 'sharp';
import { analyseDocumentLiveness } from './document-liveness.js';
import type { DocumentLivenessResult, DocumentSignalKind } from './document-signals.js';
import { editingSoftware } from './editing-software.js';

// Small documents drawn here, at test time: a pale card with a portrait and text.
const [WIDTH, HEIGHT] = [600, 380];
const CARD =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
  `<rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(200,35%,92%)"/>` +
  `<rect x="30" y="70" width="150" height="190" fill="#dfe6ec"/><ellipse cx="105" cy="160" rx="45" ry="58" fill="#d9a27c"/>` +
  `<path d="M30,260 Q105,200 180,260Z" fill="#2d3e50"/>` +
  `<text x="30" y="45" font-family="DejaVu Sans" font-size="26" font-weight="bold" fill="#233">IDENTITY CARD</text>` +
  ['SURNAME  MUSTERMANN', 'GIVEN NAMES  ERIKA', 'BORN  12.08.1964', 'EXPIRES  31.12.2031']
    .map((line, i) => `<text x="210" y="${100 + i * 40}" font-family="DejaVu Sans" font-size="20" fill="#1c1c1c">${line}</text>`)
    .join('') +
  `<text x="30" y="330" font-family="DejaVu Sans Mono" font-size="22" fill="#111">IDD&lt;&lt;T220001293&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</text></svg>`;

async function cardPixels(): Promise<Buffer> {
  return sharp(Buffer.from(CARD)).removeAlpha().raw().toBuffer();
}

/** A camera's grain: seeded noise of ±6 grey levels, the same on every run. */
function grain(pixels: Buffer): Buffer {
  let state = 2463534242;
  for (let i = 0; i < pixels.length; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = Math.max(0, Math.min(255, pixels[i]! + ((state >>> 0) % 13) - 6));
  }
  return pixels;
}

const jpeg = (pixels: Buffer, width: number, height: number, quality = 90) =>
  sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();

/** The card as a photo of it would be: as it is, saved as a JPEG. */
async function genuine(): Promise<Buffer> {
  return jpeg(await cardPixels(), WIDTH, HEIGHT, 85);
}

/** The card shown on a screen: each screen pixel three output pixels wide, lit as red, green and blue stripes. */
async function screenCapture(): Promise<Buffer> {
  const [columns, rows] = [Math.floor(WIDTH / 3), Math.floor(HEIGHT / 3)];
  const shown = await sharp(Buffer.from(CARD)).removeAlpha().resize(columns, rows, { fit: 'fill' }).raw().toBuffer();
  const out = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < rows * 3; y += 1)
    for (let x = 0; x < columns * 3; x += 1) {
      const source = (Math.floor(y / 3) * columns + Math.floor(x / 3)) * 3;
      const lit = x % 3;
      for (let c = 0; c < 3; c += 1) out[(y * WIDTH + x) * 3 + c] = c === lit ? shown[source + c]! : Math.round(shown[source + c]! * 0.2);
    }
  return jpeg(out, WIDTH, HEIGHT);
}

/** The card photocopied: grey, as a dot screen of period 5 pixels at 45°. */
async function photocopy(): Promise<Buffer> {
  const card = await cardPixels();
  const out = Buffer.alloc(WIDTH * HEIGHT * 3);
  const [cos, sin] = [Math.SQRT1_2, Math.SQRT1_2];
  for (let y = 0; y < HEIGHT; y += 1)
    for (let x = 0; x < WIDTH; x += 1) {
      const i = (y * WIDTH + x) * 3;
      const ink = 1 - (0.299 * card[i]! + 0.587 * card[i + 1]! + 0.114 * card[i + 2]!) / 255;
      const [u, v] = [(x * cos + y * sin) / 5, (-x * sin + y * cos) / 5];
      const dot = 1 - Math.hypot(u - Math.round(u), v - Math.round(v)) / Math.SQRT1_2;
      const value = dot > 1 - Math.min(1, ink + 0.12) ? 40 : 242;
      out[i] = out[i + 1] = out[i + 2] = value;
    }
  return jpeg(out, WIDTH, HEIGHT);
}

/**
 * The card on a desk (a photo of 450 × 320, the card half its size), blurred and saved as a JPEG: as it is, or shown
 * on a screen — inside a dark, neutral bezel, too blurred for any sub-pixel stripe to be left.
 */
async function onDesk(framed: boolean): Promise<Buffer> {
  const card = await sharp(Buffer.from(CARD)).png().toBuffer();
  const bezel = await sharp({ create: { width: WIDTH + 80, height: HEIGHT + 80, channels: 3, background: { r: 38, g: 38, b: 38 } } })
    .composite([{ input: card, left: 40, top: 40 }])
    .png()
    .toBuffer();
  const desk = sharp({ create: { width: 900, height: 640, channels: 3, background: { r: 122, g: 96, b: 74 } } }).composite([
    framed ? { input: bezel, left: 110, top: 90 } : { input: card, left: 150, top: 130 },
  ]);
  const blurred = await sharp(await desk.png().toBuffer())
    .resize(450, 320)
    .blur(1.5)
    .removeAlpha()
    .raw()
    .toBuffer();
  return jpeg(grain(blurred), 450, 320, 70);
}

const signal = (result: DocumentLivenessResult, kind: DocumentSignalKind) => result.signals.find((candidate) => candidate.kind === kind)!;

describe('document liveness signals', () => {
  it('raise nothing on a plain photo of the document', async () => {
    const result = await analyseDocumentLiveness(await genuine());
    expect(result).toMatchObject({ analysed: true, reason: '' });
    expect(result.signals.map((candidate) => candidate.kind).sort()).toEqual(['edited', 'print', 'screen']);
    expect(result.signals.filter((candidate) => candidate.suspected)).toEqual([]);
    // A phone's photo, with its grain, saved once at a high quality: nothing disagrees with anything.
    const card = grain(await cardPixels());
    for (const quality of [75, 95]) {
      const phone = await analyseDocumentLiveness(await jpeg(card, WIDTH, HEIGHT, quality));
      expect(phone.signals.filter((candidate) => candidate.suspected)).toEqual([]);
    }
  });

  it('suspect a screen from its sub-pixel stripes, with the region they cover', async () => {
    const result = await analyseDocumentLiveness(await screenCapture());
    const screen = signal(result, 'screen');
    expect(screen).toMatchObject({ suspected: true, detail: expect.stringContaining('a photo of a screen is suspected') });
    expect(screen.region!.width).toBeGreaterThan(0.5);
    expect(screen.region!.height).toBeGreaterThan(0.5);
    expect(signal(result, 'print').suspected).toBe(false);
  });

  it('suspect a screen from its bezel where blur has wiped the stripes out, and not a card on a desk', async () => {
    const screen = signal(await analyseDocumentLiveness(await onDesk(true)), 'screen');
    expect(screen).toMatchObject({ suspected: true, detail: expect.stringContaining('a photo of a screen is suspected') });
    expect(screen.detail).toMatch(/^[0-5] of \d+ tiles repeat .*; [5-9]\d % of the lines in from the borders meet a dark, neutral frame/);
    // The region is the frame's: the bezel spans 110–790 of 900 and 90–550 of 640.
    expect(screen.region!.x).toBeCloseTo(110 / 900, 1);
    expect(screen.region!.width).toBeGreaterThan(0.6);
    const card = await analyseDocumentLiveness(await onDesk(false));
    expect(card.signals.filter((candidate) => candidate.suspected)).toEqual([]);
  });

  it('suspect a print or photocopy from its halftone dots on grey paper', async () => {
    const result = await analyseDocumentLiveness(await photocopy());
    expect(signal(result, 'print')).toMatchObject({ suspected: true, detail: expect.stringContaining('a print or photocopy is suspected') });
    expect(signal(result, 'print').region).not.toBeNull();
    expect(signal(result, 'screen').suspected).toBe(false);
  });

  it('suspect an edit when the metadata names an editing program, and only then', async () => {
    const edited = await sharp(await genuine())
      .withExif({ IFD0: { Software: 'Adobe Photoshop 25.1 (Windows)' } })
      .jpeg({ quality: 92 })
      .toBuffer();
    // (libvips keeps the first 20 characters of the field.)
    expect(signal(await analyseDocumentLiveness(edited), 'edited')).toMatchObject({
      suspected: true,
      region: null,
      detail: "An edit is suspected: the file's metadata names editing software: Adobe Photoshop 25.1",
    });
    const phone = await sharp(await genuine())
      .withExif({ IFD0: { Make: 'Google', Model: 'Pixel 8', Software: 'HDR+ 1.0.641377693zd' } })
      .jpeg()
      .toBuffer();
    expect(signal(await analyseDocumentLiveness(phone), 'edited').suspected).toBe(false);
    expect(editingSoftware(undefined, Buffer.from('<x:xmpmeta><rdf:Description xmp:CreatorTool="GIMP 2.10.36"/></x:xmpmeta>'))).toBe('GIMP 2.10.36');
  });

  it('suspect an edit where a part pasted after the photo was saved disagrees with the quality the rest was saved at', async () => {
    // A photo (with a camera's grain) saved at quality 60; then a field pasted over it and the whole saved at 92.
    const card = grain(await cardPixels());
    const photo = await jpeg(card, WIDTH, HEIGHT, 60);
    const field = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="180" height="40"><rect width="180" height="40" fill="hsl(200,35%,92%)"/><text x="4" y="30" font-family="DejaVu Sans" font-size="26" fill="#1c1c1c">01.01.1990</text></svg>',
    );
    const pasted = await sharp(photo)
      .composite([{ input: field, left: 320, top: 160 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const edit = signal(await analyseDocumentLiveness(pasted), 'edited');
    expect(edit).toMatchObject({ suspected: true, detail: expect.stringContaining('a part pasted after the photo was saved') });
    // The region found covers the pasted field (320–500, 160–200 of 600 × 380).
    const region = edit.region!;
    expect(region.x).toBeLessThanOrEqual(320 / WIDTH + 0.03);
    expect(region.x + region.width).toBeGreaterThanOrEqual(480 / WIDTH);
    expect(region.y).toBeLessThanOrEqual(165 / HEIGHT);
    // The same photo saved once more as it is: nothing disagrees.
    const resaved = await sharp(photo).jpeg({ quality: 92 }).toBuffer();
    expect(signal(await analyseDocumentLiveness(resaved), 'edited').suspected).toBe(false);
  });

  it('give no signal, with the reason, for what is not a photo they can measure', async () => {
    expect(await analyseDocumentLiveness(Buffer.from('not an image at all'))).toEqual({
      analysed: false,
      reason: 'The file is not an image that can be decoded',
      signals: [],
    });
    expect(await analyseDocumentLiveness(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF'))).toMatchObject({ analysed: false, signals: [] });
    const tiny = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await analyseDocumentLiveness(tiny)).toMatchObject({ analysed: false, reason: 'The photo is too small to measure' });
    const truncated = (await genuine()).subarray(0, 4000);
    const result = await analyseDocumentLiveness(truncated);
    expect(result.signals.filter((candidate) => candidate.suspected)).toEqual([]);
  });

  it('stop at their time budget and say so', async () => {
    expect(await analyseDocumentLiveness(await genuine(), 0)).toMatchObject({ analysed: false, reason: 'The measures ran out of their 0 ms budget' });
  });
});
