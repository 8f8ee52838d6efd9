import sharp from 'sharp';

/**
 * Presentation attacks on a document, rendered for the document liveness benchmark
 * (issue 34 part 6). Each takes the clean page of a document from the independent corpus
 * (bench/lib/icao-corpus.mjs) and returns what a fraudster would put in front of the
 * camera (a screen showing it, a print or photocopy of it), to be photographed the same
 * way genuine documents are; or, for an edit, the genuine photo itself altered and saved
 * again. Nothing here is shared with the product's detectors (server/document-liveness/).
 */

/** A seeded normal-ish value (sum of three uniforms), mean 0, about unit spread. */
const gauss = (random) => (random.next() + random.next() + random.next() - 1.5) * 2;
const clamp = (value) => (value < 0 ? 0 : value > 255 ? 255 : value);

/**
 * The page shown on a screen and the screen filling much of the frame: each screen pixel
 * drawn as red, green and blue sub-pixel stripes with a dark gap (an LCD's grid), the
 * display's gamma and colour temperature, the viewer's dark surround and the bezel. When
 * the photograph resamples this grid, it beats into moiré.
 */
export async function screenOf(png, random) {
  const { data: page, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // The page at the screen's resolution: 420–760 screen pixels wide.
  const screenWidth = random.int(420, 760);
  const screenHeight = Math.round((screenWidth * info.height) / info.width);
  const { data: shown } = await sharp(page, { raw: { width: info.width, height: info.height, channels: 3 } })
    .resize(screenWidth, screenHeight, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cell = random.pick([3, 4, 4, 5]); // output pixels per screen pixel
  const margin = Math.round(screenWidth * random.between(0.03, 0.12)); // the viewer's surround, in screen pixels
  const bezel = Math.round(screenWidth * random.between(0.03, 0.07) * cell); // output pixels
  const surround = random.int(18, 48);
  const gamma = random.between(0.75, 1.25);
  const tint = [random.between(0.86, 1), random.between(0.92, 1), 1];
  const brightness = random.between(0.9, 1.08);
  const innerWidth = (screenWidth + margin * 2) * cell;
  const innerHeight = (screenHeight + margin * 2) * cell;
  const width = innerWidth + bezel * 2;
  const height = innerHeight + bezel * 2;
  const bezelShade = random.int(8, 30);
  const out = Buffer.alloc(width * height * 3, bezelShade);
  const level = new Float32Array(256);
  for (let v = 0; v < 256; v += 1) level[v] = 255 * Math.pow(v / 255, gamma) * brightness;
  for (let sy = 0; sy < screenHeight + margin * 2; sy += 1) {
    for (let sx = 0; sx < screenWidth + margin * 2; sx += 1) {
      const [px, py] = [sx - margin, sy - margin];
      const inside = px >= 0 && py >= 0 && px < screenWidth && py < screenHeight;
      const rgb = inside ? [0, 1, 2].map((c) => level[shown[(py * screenWidth + px) * 3 + c]] * tint[c]) : [surround, surround, surround + 4];
      for (let dy = 0; dy < cell; dy += 1) {
        const y = bezel + sy * cell + dy;
        const row = dy === cell - 1 && cell >= 4 ? 0.35 : 1; // the dark line between rows
        for (let dx = 0; dx < cell; dx += 1) {
          const x = bezel + sx * cell + dx;
          const channel = Math.min(2, Math.floor((dx * 3) / cell));
          const o = (y * width + x) * 3;
          // The lit sub-pixel glows in its colour and bleeds a little into its neighbours.
          for (let c = 0; c < 3; c += 1) out[o + c] = clamp(rgb[c] * row * (c === channel ? 1 : 0.18));
        }
      }
    }
  }
  // The brightness is made up by exposure: the sub-pixel grid lets through about a third of the light.
  const exposed = sharp(out, { raw: { width, height, channels: 3 } }).linear(random.between(2.2, 2.7), 0);
  return exposed.png({ compressionLevel: 1 }).toBuffer();
}

/**
 * The page printed or photocopied: grey (a photocopy) or washed-out colour (an office
 * printer), harder contrast, a halftone dot screen at an angle, paper texture and toner
 * specks, on a sheet of paper with a white margin.
 */
export async function printOf(png, random) {
  const { data: page, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const photocopy = random.chance(0.5);
  const period = random.between(3.2, 6); // halftone cell, page pixels
  const angle = ((random.pick([15, 45, 75, 0]) + random.between(-3, 3)) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const contrast = random.between(1.1, 1.35);
  const saturation = photocopy ? 0 : random.between(0.35, 0.7);
  const paper = [random.int(236, 250), random.int(234, 248), random.int(226, 244)];
  const margin = Math.round(width * random.between(0.04, 0.1));
  const [sheetWidth, sheetHeight] = [width + margin * 2, height + margin * 2];
  const out = Buffer.alloc(sheetWidth * sheetHeight * 3);
  // Paper texture: a coarse fibre field (interpolated noise) plus fine grain.
  const fibreStep = 6;
  const fibreColumns = Math.ceil(sheetWidth / fibreStep) + 2;
  const fibres = Float32Array.from({ length: fibreColumns * (Math.ceil(sheetHeight / fibreStep) + 2) }, () => gauss(random) * 3);
  const grain = random.between(3, 7);
  for (let y = 0; y < sheetHeight; y += 1) {
    for (let x = 0; x < sheetWidth; x += 1) {
      const fibre = fibres[Math.floor(y / fibreStep) * fibreColumns + Math.floor(x / fibreStep)];
      const noise = fibre + (random.next() - 0.5) * grain;
      const o = (y * sheetWidth + x) * 3;
      const [px, py] = [x - margin, y - margin];
      if (px < 0 || py < 0 || px >= width || py >= height) {
        for (let c = 0; c < 3; c += 1) out[o + c] = clamp(paper[c] + noise);
        continue;
      }
      const i = (py * width + px) * 3;
      const grey = 0.299 * page[i] + 0.587 * page[i + 1] + 0.114 * page[i + 2];
      // The dot screen: the distance to the nearest cell centre, in the rotated grid.
      const u = (px * cos + py * sin) / period;
      const v = (-px * sin + py * cos) / period;
      const du = u - Math.round(u);
      const dv = v - Math.round(v);
      const dot = 1 - Math.sqrt(du * du + dv * dv) / 0.7071; // 1 at a cell's centre, 0 at its corners
      for (let c = 0; c < 3; c += 1) {
        const colour = grey + (page[i + c] - grey) * saturation;
        const ink = 1 - Math.min(1, Math.max(0, ((colour - 128) * contrast + 128) / 255)); // 0 paper … 1 full ink
        // A dot covers the cell where the ink is deeper than the dot's threshold; its edge is soft (toner).
        const covered = Math.min(1, Math.max(0, (ink - (1 - dot)) * 4 + 0.5));
        out[o + c] = clamp(paper[c] * (1 - covered * 0.92) + noise + (random.chance(0.002) ? -90 : 0));
      }
    }
  }
  return sharp(out, { raw: { width: sheetWidth, height: sheetHeight, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

const EDITORS = ['Adobe Photoshop 25.1 (Windows)', 'GIMP 2.10.36', 'Adobe Photoshop Lightroom Classic 13.0', 'Pixelmator Pro 3.5', 'paint.net 5.0.12'];

/**
 * A genuine photo edited: a rectangle of it (a field's place) replaced by content pasted
 * from elsewhere in the photo and given new text, then the whole saved again as JPEG at
 * another quality; about half the time the editing program is named in the metadata, as
 * editors write it. Returns the file, the rectangle (fractions of the photo) and whether
 * the metadata names the editor.
 */
export async function editOf(photo, random) {
  const image = sharp(photo);
  const { width, height } = await image.metadata();
  const w = Math.round(width * random.between(0.14, 0.28));
  const h = Math.round(height * random.between(0.05, 0.1));
  const left = Math.round(random.between(0.2, 0.75) * (width - w));
  const top = Math.round(random.between(0.3, 0.75) * (height - h));
  // The patch: a neighbouring part of the same photo, smoothed (the old text rubbed out), with new text typed on it.
  const fromLeft = Math.min(width - w, Math.max(0, left + Math.round(random.between(-0.2, 0.2) * width)));
  const fromTop = Math.min(height - h, Math.max(0, top + Math.round(random.between(-0.15, 0.15) * height)));
  const base = await sharp(photo).extract({ left: fromLeft, top: fromTop, width: w, height: h }).median(5).png().toBuffer();
  const text = Array.from({ length: random.int(6, 12) }, () => 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'[random.int(0, 31)]).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><text x="${(w * 0.05).toFixed(0)}" y="${(h * 0.72).toFixed(0)}" font-family="DejaVu Sans" font-weight="bold" font-size="${(h * 0.55).toFixed(0)}" fill="#1c1c1c">${text}</text></svg>`;
  const patch = await sharp(base)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
  const named = random.chance(0.5);
  let edited = sharp(photo).composite([{ input: patch, left, top }]);
  if (named) edited = edited.withExif({ IFD0: { Software: random.pick(EDITORS) } });
  const quality = random.int(85, 97);
  return {
    buffer: await edited.jpeg({ quality }).toBuffer(),
    region: { x: left / width, y: top / height, width: w / width, height: h / height },
    namedInMetadata: named,
    quality,
  };
}
