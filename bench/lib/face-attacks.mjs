import sharp from 'sharp';
import { printOf, screenOf } from './document-attacks.mjs';
import { fromState } from './icao-corpus.mjs';

/**
 * Presentation attacks on a selfie, rendered for the face liveness benchmark (issue 35
 * part 4, shaped like ISO/IEC 30107-3: attack species, APCER per species, BPCER). Each
 * species gives the two captures of the pose challenge — facing, then the head (or the
 * artefact) turned the side asked — as a camera would take them. The print and screen
 * renderers are the document attack set's (bench/lib/document-attacks.mjs: halftone on
 * paper; sub-pixel grid, bezel), applied here to a face. Nothing here is shared with the
 * product's detectors (server/face-reading/face-presentation.ts).
 *
 *   genuine  the person: a head turn rendered in 2.5D (the face's middle, nearer the camera,
 *            moves further than its outline: what a mesh reads as yaw)
 *   print    the face printed (halftone, paper, bent into a curve, lit unevenly), held up; the
 *            "turn" is the sheet tilted about its vertical axis
 *   screen   the person's own video replayed on a screen (sub-pixel grid, moiré, bezel, a
 *            reflection): the turned capture is the replayed head turn
 *   mask     the face printed and cut out along its outline, worn over another person's face;
 *            the wearer turns, the mask turns with them
 */

const clamp = (value) => (value < 0 ? 0 : value > 255 ? 255 : value);

async function rgb(png) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const toPng = ({ data, width, height }) =>
  sharp(data, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();

/** Backward mapping with bilinear sampling: `from(x, y)` gives the source point of an output pixel (null: `fill`). */
function remap(image, width, height, from, fill = [128, 128, 128]) {
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 3;
      const point = from(x, y);
      if (!point || point[0] < 0 || point[1] < 0 || point[0] >= image.width - 1 || point[1] >= image.height - 1) {
        out[o] = fill[0];
        out[o + 1] = fill[1];
        out[o + 2] = fill[2];
        continue;
      }
      const [u, v] = point;
      const [x0, y0] = [Math.floor(u), Math.floor(v)];
      const [fx, fy] = [u - x0, v - y0];
      for (let c = 0; c < 3; c += 1) {
        const at = (xx, yy) => image.data[(yy * image.width + xx) * 3 + c];
        out[o + c] = (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
      }
    }
  }
  return { data: out, width, height };
}

/**
 * The head turned by `degrees` (positive: its middle moves right on the picture), in 2.5D:
 * the face is an ellipsoid (its outline the crop's middle, as test-faces.ts centres it) with
 * a nose; each point moves sideways by its depth × sin(angle). The background stays.
 */
export async function turnHead(png, degrees) {
  const image = await rgb(png);
  const { width, height } = image;
  const [cx, cy] = [width / 2, height * 0.5];
  const [a, b] = [width * 0.3, height * 0.42];
  const depth = a * 0.85;
  const sin = Math.sin((degrees * Math.PI) / 180);
  const z = (x, y) => {
    const [dx, dy] = [(x - cx) / a, (y - cy) / b];
    const inside = 1 - dx * dx - dy * dy;
    if (inside <= 0) return 0;
    const nose = Math.exp(-((dx * dx) / 0.02 + ((dy - 0.05) * (dy - 0.05)) / 0.08)) * 0.25;
    return depth * (Math.sqrt(inside) + nose);
  };
  return toPng(
    remap(image, width, height, (x, y) => {
      let u = x;
      for (let step = 0; step < 8; step += 1) u = x - z(u, y) * sin;
      return [u, y];
    }),
  );
}

/** A flat picture turned about its vertical axis by `degrees` and seen in perspective (focal length 1.4 × its width). */
async function tiltFlat(png, degrees, fill) {
  const image = await rgb(png);
  const { width, height } = image;
  const f = width * 1.4;
  const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  return toPng(
    remap(
      image,
      width,
      height,
      (x, y) => {
        const u = x - width / 2;
        const X = (u * f) / (f * cos - u * sin);
        const Y = ((y - height / 2) * (f + X * sin)) / f;
        return [X + width / 2, Y + height / 2];
      },
      fill,
    ),
  );
}

/** A sheet bent into a curve (its middle nearer), lit from one side, on a background. */
async function bent(png, random) {
  const image = await rgb(png);
  const { width, height } = image;
  const bend = random.between(0.02, 0.07) * height;
  const light = random.between(-0.25, 0.25);
  const out = remap(image, width, height, (x, y) => {
    const t = (x - width / 2) / (width / 2);
    return [x, (y - height / 2) * (1 + (bend / height) * (1 - t * t)) + height / 2 - bend * (1 - t * t) * 0.3];
  });
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const shade = 1 + light * ((x - width / 2) / width) * 2;
      for (let c = 0; c < 3; c += 1) out.data[(y * width + x) * 3 + c] = clamp(out.data[(y * width + x) * 3 + c] * shade);
    }
  return toPng(out);
}

/** A reflection on a screen's glass: a soft bright band across it. */
async function reflected(png, random) {
  const image = await rgb(png);
  const { width, height } = image;
  const [angle, offset, spread, strength] = [random.between(-0.6, 0.6), random.between(0.2, 0.8), random.between(0.08, 0.2), random.between(20, 60)];
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const along = ((x / width - offset) * Math.cos(angle) + (y / height - 0.5) * Math.sin(angle)) / spread;
      const add = strength * Math.exp(-along * along);
      for (let c = 0; c < 3; c += 1) image.data[(y * width + x) * 3 + c] = clamp(image.data[(y * width + x) * 3 + c] + add);
    }
  return toPng(image);
}

/** The middle of a print's sheet (printOf adds a white margin): the printed picture. */
async function printedPicture(png, random) {
  // Printed at three times the photo's resolution: a printer's halftone cells are far finer than the face.
  const { width: w0, height: h0 } = await sharp(png).metadata();
  const [width, height] = [w0 * 3, h0 * 3];
  const sheet = await printOf(await sharp(png).resize(width, height, { kernel: 'lanczos3' }).png().toBuffer(), random);
  const meta = await sharp(sheet).metadata();
  const margin = Math.round((meta.width - width) / 2);
  return { sheet, picture: await sharp(sheet).extract({ left: margin, top: margin, width, height }).png().toBuffer() };
}

/**
 * What the camera takes: the scene scaled to a selfie's size, on a background, tilted a
 * little, maybe blurred and noisy, saved as JPEG. The same for every species: `random` is
 * the session's (both captures share the background and the camera).
 */
export async function camera(png, session, random) {
  const { width: sourceWidth } = await sharp(png).metadata();
  const width = Math.round(session.width);
  // A camera samples what its lens lets through: a little blur, then the sensor's grid (no
  // resampling filter), so a fine pattern finer than the sensor aliases into moiré.
  const factor = sourceWidth / width;
  const lens =
    factor > 1.5
      ? sharp(
          await sharp(png)
            .blur(0.3 * factor)
            .png()
            .toBuffer(),
        )
      : sharp(png);
  let image = lens
    .resize({ width, kernel: factor > 1.5 ? 'nearest' : 'lanczos3' })
    .modulate({ brightness: session.brightness })
    .extend({
      top: Math.round(width * 0.25),
      bottom: Math.round(width * 0.45),
      left: Math.round(width * 0.25),
      right: Math.round(width * 0.25),
      background: session.background,
    })
    .rotate(session.roll + random.between(-2, 2), { background: session.background });
  image = sharp(await image.png().toBuffer());
  if (session.blur) image = sharp(await image.blur(session.blur).png().toBuffer());
  if (session.noise) {
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i += 1) data[i] = clamp(data[i] + (random.next() + random.next() + random.next() - 1.5) * session.noise * 2);
    image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  return image.jpeg({ quality: session.quality }).toBuffer();
}

/** One capture session's camera: the same for its two captures. */
export function cameraSession(random) {
  return {
    width: random.between(360, 620),
    brightness: random.between(0.8, 1.2),
    background: { r: random.int(40, 200), g: random.int(40, 200), b: random.int(40, 200) },
    roll: random.between(-8, 8),
    blur: random.chance(0.4) ? random.between(0.5, 1.2) : 0,
    noise: random.chance(0.4) ? random.between(2, 7) : 0,
    quality: random.int(70, 92),
  };
}

/** The species, in the report's order. */
export const SPECIES = ['print', 'screen', 'mask'];

/**
 * The two captures (facing, turned) of one session of `kind`: `crop` is the person's face,
 * `wearer` another person's (the mask's wearer), `turn` the degrees the head or artefact is
 * turned (its sign is the side asked).
 */
export async function captures(kind, crop, wearer, turn, random) {
  const session = cameraSession(random);
  const shoot = (png) => camera(png, session, random);
  if (kind === 'genuine') return [await shoot(crop), await shoot(await turnHead(crop, turn))];
  if (kind === 'print') {
    const { picture } = await printedPicture(crop, random);
    const sheet = await bent(picture, random);
    const paper = [random.int(150, 230), random.int(150, 230), random.int(150, 230)];
    return [await shoot(sheet), await shoot(await tiltFlat(sheet, turn * random.between(1, 1.6), paper))];
  }
  if (kind === 'screen') {
    // The video's own frames: the person facing, then turning; replayed on one screen.
    const screenRandom = random.next();
    const show = async (png) => reflected(await screenOf(png, seededLike(screenRandom)), random);
    return [await shoot(await show(crop)), await shoot(await show(await turnHead(crop, turn)))];
  }
  if (kind === 'mask') {
    const { picture } = await printedPicture(crop, random);
    const worn = async (degrees) => {
      const head = degrees === 0 ? wearer : await turnHead(wearer, degrees);
      const { width, height } = await sharp(head).metadata();
      const maskWidth = Math.round(width * 0.62 * Math.cos((degrees * Math.PI) / 180));
      const maskHeight = Math.round(height * 0.72);
      const outline = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${maskWidth}" height="${maskHeight}"><ellipse cx="${maskWidth / 2}" cy="${maskHeight / 2}" rx="${maskWidth / 2}" ry="${maskHeight / 2}" fill="#fff"/></svg>`,
      );
      const { width: pw, height: ph } = await sharp(picture).metadata();
      const cut = await sharp(picture)
        .extract({ left: Math.round(pw * 0.19), top: Math.round(ph * 0.12), width: Math.round(pw * 0.62), height: Math.round(ph * 0.76) })
        .resize(maskWidth, maskHeight, { fit: 'fill' })
        .composite([{ input: outline, blend: 'dest-in' }])
        .png()
        .toBuffer();
      const shift = Math.round(width * 0.3 * 0.85 * Math.sin((degrees * Math.PI) / 180));
      return sharp(head)
        .composite([{ input: cut, left: Math.round((width - maskWidth) / 2 + shift), top: Math.round((height - maskHeight) / 2) }])
        .png()
        .toBuffer();
    };
    return [await shoot(await worn(0)), await shoot(await worn(turn))];
  }
  throw new Error(`unknown kind ${kind}`);
}

/** The screen renderer draws its own parameters: the same for both frames of one replay. */
const seededLike = (value) => fromState(Math.floor(value * 4294967296));
