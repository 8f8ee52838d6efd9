import sharp from 'sharp';

/**
 * An independent corpus of synthetic ICAO 9303 documents for the MRZ benchmark (issue 34).
 * It shares no code with the product: not its fake applicants, not its document drawing
 * (the product draws on a canvas; this writes SVG that librsvg renders, and sets some zones
 * through Pango), not its check digits, not its photograph. Every format — TD1, TD2, TD3,
 * MRV-A, MRV-B — in layouts of its own, with a drawn portrait, guilloche-like backgrounds,
 * visible-zone text and photographic effects (perspective up to 15°, rotation, blur,
 * noise, JPEG 50–70, glare, shadows, low resolution).
 *
 * The splits are fixed: TUNING is what the reader may be tuned on, EXAM is held out and is
 * the only split a figure is quoted from. Their seeds never change.
 */
export const SPLITS = { tuning: 'icao-tuning-2026-11', exam: 'icao-exam-2026-11' };

export const FORMATS = ['TD1', 'TD2', 'TD3', 'MRV-A', 'MRV-B'];

/** Size (mm), characters per line and lines of each format (ICAO 9303 parts 4–7). */
const GEOMETRY = {
  TD1: { width: 85.6, height: 54, lines: 3, length: 30 },
  TD2: { width: 105, height: 74, lines: 2, length: 36 },
  TD3: { width: 125, height: 88, lines: 2, length: 44 },
  'MRV-A': { width: 120, height: 80, lines: 2, length: 44 },
  'MRV-B': { width: 108, height: 80, lines: 2, length: 36 },
};

const OCR_B = '/usr/share/fonts/opentype/ocr-b/OCRB.otf';

/** A seeded generator (mulberry32 over a string hash): the same seed gives the same corpus. */
export function seeded(seed) {
  let state = 2166136261;
  for (const character of String(seed)) state = Math.imul(state ^ character.charCodeAt(0), 16777619) >>> 0;
  return fromState(state);
}

/** The same generator from a 32-bit state. */
export function fromState(start) {
  let state = start >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (low, high) => low + next() * (high - low);
  return {
    next,
    between,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    int: (low, high) => Math.floor(between(low, high + 1)),
  };
}

// ------------------------------------------------------------------ the zone's text

const WEIGHTS = [7, 3, 1];
function checkDigit(text) {
  let sum = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    const value = c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += value * WEIGHTS[i % 3];
  }
  return String(sum % 10);
}

const pad = (text, length) => (text + '<'.repeat(length)).slice(0, length);

/** ICAO 9303 part 3's transliteration of a visible-zone name into the zone's letters. */
function zoneName(name) {
  return name
    .toUpperCase()
    .replace(/['’`]/g, '')
    .replace(/Ä/g, 'AE')
    .replace(/Ö/g, 'OE')
    .replace(/Ü/g, 'UE')
    .replace(/ß/g, 'SS')
    .replace(/Æ/g, 'AE')
    .replace(/Ø/g, 'OE')
    .replace(/Þ/g, 'TH')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Z]+/g, '<');
}

function nameField(surname, given, length) {
  return pad(`${zoneName(surname)}<<${zoneName(given)}`, length);
}

const SURNAMES = [
  'Eriksson',
  'Nakamura',
  "D'Artagnan",
  'Müller',
  'García López',
  'Nguyen',
  'Okonkwo',
  'Smith-Jones',
  'Østergaard',
  "O'Neill",
  'Papadopoulou',
  'Kowalczyk',
  'Ben Youssef',
  'Van der Berg',
  'Li',
  'Abdulrahman Al-Fulan Bin Khalid',
  'Þórsdóttir',
  'Weiß',
  'Ivanova',
  'Santos',
];
const GIVEN = [
  'Anna Maria',
  'Kenji',
  'Jean-Luc',
  'Zoë',
  'Mohammed',
  'Chloé',
  'Ngozi',
  'Peter',
  'Søren',
  'Siobhán',
  'Eleni',
  'Bartłomiej',
  'Fatma',
  'Hendrik Jan',
  'Wei',
  'Maximilian Alexander Friedrich',
  'Guðrún',
  'Lukas',
  'Olga',
  'João',
];
const STATES = ['UTO', 'D<<', 'FRA', 'GBR', 'NLD', 'ITA', 'ESP', 'CAN', 'JPN', 'NGA', 'GRC', 'POL', 'TUR', 'CHE', 'ISL', 'BRA', 'ZAF', 'SWE', 'IRL', 'AUS'];

function date(random, fromYear, toYear) {
  const year = random.int(fromYear, toYear);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  return `${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

function documentNumber(random) {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  const length = random.pick([7, 8, 9, 9, 9]);
  let number = '';
  for (let i = 0; i < length; i += 1) number += i < 2 && random.chance(0.5) ? alphabet[random.int(0, 22)] : alphabet[random.int(0, alphabet.length - 1)];
  return number;
}

function optional(random, length) {
  if (random.chance(0.5)) return '<'.repeat(length);
  const digits = Array.from({ length: random.int(3, Math.min(length, 12)) }, () => random.int(0, 9)).join('');
  return pad(digits, length);
}

/** An identity and its zone, in the format's layout. */
function identityAndZone(format, random) {
  const surname = random.pick(SURNAMES);
  const given = random.pick(GIVEN);
  const issuer = random.pick(STATES);
  const nationality = random.chance(0.8) ? issuer : random.pick(STATES);
  const number = documentNumber(random);
  const numberField = pad(number, 9);
  const birth = date(random, 1940, 2007);
  const expiry = date(random, 2024, 2036);
  const sex = random.pick(['M', 'F', 'F', 'M', '<', 'X']);
  const { length } = GEOMETRY[format];
  const identity = { surname, given, issuer, nationality, number, birth, expiry, sex };
  const block = `${numberField}${checkDigit(numberField)}${nationality}${birth}${checkDigit(birth)}${sex}${expiry}${checkDigit(expiry)}`;
  if (format === 'TD1') {
    const code = random.pick(['ID', 'I<', 'IR', 'AC', 'C<']);
    const optional1 = optional(random, 15);
    const optional2 = optional(random, 11);
    const one = `${code}${issuer}${numberField}${checkDigit(numberField)}${optional1}`;
    const two = `${birth}${checkDigit(birth)}${sex}${expiry}${checkDigit(expiry)}${nationality}${optional2}`;
    const composite = checkDigit(one.slice(5, 30) + two.slice(0, 7) + two.slice(8, 15) + two.slice(18, 29));
    return { identity, lines: [one, two + composite, nameField(surname, given, 30)] };
  }
  if (format === 'TD2' || format === 'TD3') {
    const code = format === 'TD3' ? random.pick(['P<', 'PP', 'PD', 'PO']) : random.pick(['I<', 'ID', 'IR', 'AC']);
    const one = `${code}${issuer}${nameField(surname, given, length - 5)}`;
    const personal = optional(random, format === 'TD3' ? 14 : 7);
    const tail = format === 'TD3' ? `${personal}${personal === '<'.repeat(14) ? '<' : checkDigit(personal)}` : personal;
    const two = `${block}${tail}`;
    const composite = checkDigit(two.slice(0, 10) + two.slice(13, 20) + two.slice(21, length - 1));
    return { identity, lines: [one, two + composite] };
  }
  // The visa formats: no composite check digit, optional data to the end.
  const code = random.pick(['V<', 'VC', 'VT']);
  const one = `${code}${issuer}${nameField(surname, given, length - 5)}`;
  return { identity, lines: [one, `${block}${optional(random, length - 28)}`] };
}

// ------------------------------------------------------------------ drawing (SVG, rendered by librsvg)

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function guilloche(random, width, height) {
  const hue = random.int(0, 359);
  const paths = [];
  for (let curve = 0; curve < random.int(2, 5); curve += 1) {
    const [R, r, d] = [random.between(0.2, 0.45) * height, random.between(0.03, 0.12) * height, random.between(0.05, 0.2) * height];
    const [cx, cy] = [random.between(0.2, 0.8) * width, random.between(0.2, 0.7) * height];
    const points = [];
    for (let step = 0; step <= 1400; step += 1) {
      const t = (step / 1400) * Math.PI * 2 * random.int(6, 14);
      points.push(
        `${(cx + (R - r) * Math.cos(t) + d * Math.cos(((R - r) / r) * t)).toFixed(1)},${(cy + (R - r) * Math.sin(t) - d * Math.sin(((R - r) / r) * t)).toFixed(1)}`,
      );
    }
    paths.push(
      `<polyline points="${points.join(' ')}" fill="none" stroke="hsl(${(hue + curve * 25) % 360},45%,72%)" stroke-width="${random.between(0.6, 1.4).toFixed(2)}" opacity="0.45"/>`,
    );
  }
  return `<rect width="${width}" height="${height}" fill="hsl(${hue},35%,94%)"/>${paths.join('')}`;
}

function portrait(random, x, y, width, height) {
  const skin = random.pick(['#f1c7a8', '#d9a27c', '#a56b46', '#6b4429', '#e8b996']);
  const hair = random.pick(['#2b1d12', '#6a4a2b', '#c9a062', '#1a1a1a', '#8d8d8d']);
  const cx = x + width / 2;
  const face = `<ellipse cx="${cx}" cy="${y + height * 0.48}" rx="${width * 0.3}" ry="${height * 0.3}" fill="${skin}"/>`;
  const hairShape = `<path d="M${cx - width * 0.33},${y + height * 0.45} Q${cx},${y + height * random.between(0.02, 0.12)} ${cx + width * 0.33},${y + height * 0.45} Q${cx},${y + height * 0.22} ${cx - width * 0.33},${y + height * 0.45}Z" fill="${hair}"/>`;
  const eyes = [-1, 1]
    .map((side) => `<ellipse cx="${cx + side * width * 0.11}" cy="${y + height * 0.45}" rx="${width * 0.045}" ry="${height * 0.022}" fill="#222"/>`)
    .join('');
  const mouth = `<path d="M${cx - width * 0.09},${y + height * 0.62} Q${cx},${y + height * 0.66} ${cx + width * 0.09},${y + height * 0.62}" stroke="#7a3b33" stroke-width="${width * 0.02}" fill="none"/>`;
  const shoulders = `<path d="M${x},${y + height} Q${cx},${y + height * 0.68} ${x + width},${y + height}Z" fill="${random.pick(['#2d3e50', '#6b2737', '#375e3f', '#444'])}"/>`;
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${random.pick(['#dfe6ec', '#e9e4da', '#cfd8dc'])}"/>${shoulders}${face}${hairShape}${eyes}${mouth}`;
}

function visibleZone(random, identity, x, y, bottom, mm, font) {
  const rows = [
    ['Surname / Nom', identity.surname],
    ['Given names / Prénoms', identity.given],
    ['Nationality', identity.nationality.replace(/</g, '')],
    ['Date of birth', `${identity.birth.slice(4)}.${identity.birth.slice(2, 4)}.${identity.birth.slice(0, 2)}`],
    ['Document no.', identity.number],
    ['Date of expiry', `${identity.expiry.slice(4)}.${identity.expiry.slice(2, 4)}.${identity.expiry.slice(0, 2)}`],
  ];
  // The rows share the height above the zone: a card has less of it than a passport page.
  const step = Math.min(mm * random.between(5.2, 6.4), (bottom - y - mm * 2.6) / rows.length);
  const scale = step / (mm * 5.8);
  return rows
    .map(
      ([label, value], i) =>
        `<text x="${x}" y="${y + i * step}" font-family="${font}" font-size="${(mm * 1.5 * scale).toFixed(1)}" fill="#555">${escape(label)}</text>` +
        `<text x="${x}" y="${y + i * step + mm * 2.6 * scale}" font-family="${font}" font-size="${(mm * 2.3 * scale).toFixed(1)}" font-weight="bold" fill="#1c1c1c">${escape(value)}</text>`,
    )
    .join('');
}

/**
 * The document as a PNG: its page at `pxPerMm`, the zone at the bottom on the ICAO pitch
 * (2.54 mm) in OCR-B — through SVG with one position per character, or (`pango`) each
 * line set by Pango and fitted to the line's width.
 */
async function drawDocument(format, lines, identity, random) {
  const geometry = GEOMETRY[format];
  const mm = random.between(10, 13);
  const [width, height] = [Math.round(geometry.width * mm), Math.round(geometry.height * mm)];
  const font = random.pick(['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Condensed']);
  const mrzFont = random.pick(['OCR B', 'OCR B S']);
  const pitch = 2.54 * mm * random.between(0.97, 1.03);
  const size = mm * random.between(3.0, 3.7);
  const lineStep = mm * random.between(3.9, 4.8);
  const left = (width - pitch * geometry.length) / 2 + random.between(-1, 1) * mm;
  const bottom = height - mm * random.between(3.5, 6);
  const firstBaseline = bottom - lineStep * (geometry.lines - 1);
  const portraitWidth = geometry.width * mm * (format === 'TD1' ? 0.26 : 0.24);
  const portraitTop = mm * random.between(9, 14);
  const zoneTop = firstBaseline - size - mm * 1.5;
  const portraitHeight = Math.min(portraitWidth * 1.28, zoneTop - portraitTop - mm * 2);
  const portraitLeft = random.chance(0.8) ? mm * 5 : width - mm * 5 - portraitWidth;
  const textLeft = portraitLeft < width / 2 ? portraitLeft + portraitWidth + mm * 5 : mm * 6;
  const tintedZone = random.chance(0.5);
  const title = format.startsWith('MRV') ? 'VISA' : format === 'TD3' ? 'PASSPORT · PASSEPORT' : 'IDENTITY CARD · CARTE D’IDENTITÉ';
  const pango = random.chance(0.35);
  const zone = pango
    ? ''
    : lines
        .map(
          (line, row) =>
            `<text y="${(firstBaseline + row * lineStep).toFixed(1)}" font-family="${mrzFont}" font-size="${size.toFixed(1)}" fill="#111">` +
            [...line].map((character, i) => `<tspan x="${(left + i * pitch + pitch * 0.1).toFixed(1)}">${escape(character)}</tspan>`).join('') +
            '</text>',
        )
        .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    guilloche(random, width, height) +
    (tintedZone ? `<rect x="0" y="${zoneTop}" width="${width}" height="${height - zoneTop}" fill="#fbfbf7" opacity="0.85"/>` : '') +
    `<text x="${mm * 5}" y="${mm * 6.5}" font-family="${font}" font-size="${(mm * 3).toFixed(1)}" font-weight="bold" fill="#233">${escape(title)}</text>` +
    `<text x="${width - mm * 5}" y="${mm * 6.5}" text-anchor="end" font-family="${font}" font-size="${(mm * 2.2).toFixed(1)}" fill="#233">${escape(identity.issuer.replace(/</g, ''))}</text>` +
    portrait(random, portraitLeft, portraitTop, portraitWidth, portraitHeight) +
    visibleZone(random, identity, textLeft, portraitTop + mm * 2, zoneTop, mm, font) +
    zone +
    '</svg>';
  let page = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
  if (pango) {
    const layers = [];
    for (const [row, line] of lines.entries()) {
      const set = await sharp({ text: { text: escape(line), font: `OCR B ${Math.round(size)}`, fontfile: OCR_B, dpi: 72 } })
        .flatten({ background: '#000000' })
        .resize({ width: Math.round(pitch * geometry.length), height: Math.round(size * 0.72), fit: 'fill' })
        .extractChannel(0)
        .png()
        .toBuffer();
      const ink = await sharp({ create: { width: Math.round(pitch * geometry.length), height: Math.round(size * 0.72), channels: 3, background: '#111111' } })
        .joinChannel(set)
        .png()
        .toBuffer();
      layers.push({ input: ink, left: Math.round(left), top: Math.round(firstBaseline + row * lineStep - size * 0.72) });
    }
    page = sharp(await page.png().toBuffer()).composite(layers);
  }
  return { png: await page.png().toBuffer(), source: pango ? 'pango OCR B' : `svg ${mrzFont}` };
}

// ------------------------------------------------------------------ photographing

/** The 3 × 3 homography taking the four `from` corners to the four `to` corners (direct linear solve). */
function homography(from, to) {
  const rows = [];
  const rhs = [];
  for (let i = 0; i < 4; i += 1) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    rhs.push(u);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    rhs.push(v);
  }
  // Gaussian elimination with partial pivoting on the 8 × 8 system.
  for (let col = 0; col < 8; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < 8; r += 1) if (Math.abs(rows[r][col]) > Math.abs(rows[pivot][col])) pivot = r;
    [rows[col], rows[pivot]] = [rows[pivot], rows[col]];
    [rhs[col], rhs[pivot]] = [rhs[pivot], rhs[col]];
    for (let r = 0; r < 8; r += 1) {
      if (r === col) continue;
      const factor = rows[r][col] / rows[col][col];
      for (let c = col; c < 8; c += 1) rows[r][c] -= factor * rows[col][c];
      rhs[r] -= factor * rhs[col];
    }
  }
  return [...rows.map((row, i) => rhs[i] / row[i]), 1];
}

/** Where a tilted document's corners land: a pinhole camera looking at it turned by yaw and pitch (degrees), rolled, scaled into the frame. */
function projectedCorners(width, height, yaw, pitch, roll, frameWidth, frameHeight, fill, random) {
  const [a, b] = [(yaw * Math.PI) / 180, (pitch * Math.PI) / 180];
  const distance = Math.max(width, height) * 1.6;
  const corners = [
    [-width / 2, -height / 2],
    [width / 2, -height / 2],
    [width / 2, height / 2],
    [-width / 2, height / 2],
  ].map(([x, y]) => {
    // Rotate about the vertical axis (yaw), then the horizontal (pitch); project.
    const x1 = x * Math.cos(a);
    const z1 = x * Math.sin(a);
    const y2 = y * Math.cos(b) - z1 * Math.sin(b);
    const z2 = y * Math.sin(b) + z1 * Math.cos(b);
    const scale = distance / (distance + z2);
    const r = (roll * Math.PI) / 180;
    const [px, py] = [x1 * scale, y2 * scale];
    return [px * Math.cos(r) - py * Math.sin(r), px * Math.sin(r) + py * Math.cos(r)];
  });
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const spanX = Math.max(...xs) - Math.min(...xs);
  const spanY = Math.max(...ys) - Math.min(...ys);
  const scale = Math.min((frameWidth * fill) / spanX, (frameHeight * fill) / spanY);
  const offsetX = frameWidth / 2 + random.between(-0.04, 0.04) * frameWidth;
  const offsetY = frameHeight / 2 + random.between(-0.04, 0.04) * frameHeight;
  return corners.map(([x, y]) => [offsetX + x * scale, offsetY + y * scale]);
}

/**
 * The document photographed on a desk: a perspective (yaw and pitch up to 15°), a roll,
 * then a seeded mix of glare, shadow, blur, noise, low resolution and JPEG 50–70. Returns
 * the photo, the effects applied, and the perspective's tilt and the roll (degrees).
 */
export async function photograph(png, random) {
  const { data: source, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const tilt = random.between(0, 15);
  const direction = random.between(0, Math.PI * 2);
  const yaw = tilt * Math.cos(direction);
  const pitch = tilt * Math.sin(direction);
  const roll = random.between(-8, 8);
  const frameWidth = 1600;
  const frameHeight = 1200;
  const corners = projectedCorners(info.width, info.height, yaw, pitch, roll, frameWidth, frameHeight, random.between(0.7, 0.92), random);
  // Output → document: the inverse of the document → output homography.
  const h = homography(corners, [
    [0, 0],
    [info.width, 0],
    [info.width, info.height],
    [0, info.height],
  ]);
  const desk = [random.int(60, 150), random.int(60, 140), random.int(50, 130)];
  const glare = random.chance(0.35)
    ? {
        x: random.between(0.2, 0.8) * frameWidth,
        y: random.between(0.3, 0.85) * frameHeight,
        radius: random.between(90, 260),
        strength: random.between(0.45, 0.85),
      }
    : null;
  const shadow = random.chance(0.3) ? { angle: random.between(0, Math.PI * 2), depth: random.between(0.25, 0.5) } : null;
  const out = Buffer.alloc(frameWidth * frameHeight * 3);
  for (let y = 0; y < frameHeight; y += 1) {
    for (let x = 0; x < frameWidth; x += 1) {
      const w = h[6] * x + h[7] * y + h[8];
      const u = (h[0] * x + h[1] * y + h[2]) / w;
      const v = (h[3] * x + h[4] * y + h[5]) / w;
      const o = (y * frameWidth + x) * 3;
      const texture = ((x * 7 + y * 13) % 17) - 8;
      let pixel;
      if (u >= 0 && v >= 0 && u < info.width - 1 && v < info.height - 1) {
        const [x0, y0] = [Math.floor(u), Math.floor(v)];
        const [fx, fy] = [u - x0, v - y0];
        pixel = [0, 1, 2].map((c) => {
          const at = (xx, yy) => source[(yy * info.width + xx) * 3 + c];
          return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
        });
      } else {
        pixel = desk.map((value) => value + texture);
      }
      let light = 1;
      if (shadow) {
        const along = ((x - frameWidth / 2) * Math.cos(shadow.angle) + (y - frameHeight / 2) * Math.sin(shadow.angle)) / frameWidth;
        light *= 1 - shadow.depth * Math.min(1, Math.max(0, along * 2 + 0.3));
      }
      let add = 0;
      if (glare) {
        const distance = Math.hypot(x - glare.x, y - glare.y) / glare.radius;
        add = 255 * glare.strength * Math.exp(-distance * distance);
      }
      for (let c = 0; c < 3; c += 1) out[o + c] = Math.max(0, Math.min(255, pixel[c] * light + add));
    }
  }
  // Every photo has a perspective and a roll: the effect named is the perspective's band.
  const effects = [tilt < 5 ? 'perspective 0–5°' : tilt < 10 ? 'perspective 5–10°' : 'perspective 10–15°'];
  if (glare) effects.push('glare');
  if (shadow) effects.push('shadow');
  let image = sharp(out, { raw: { width: frameWidth, height: frameHeight, channels: 3 } });
  if (random.chance(0.4)) {
    const sigma = random.between(0.6, 1.4);
    image = sharp(await image.blur(sigma).png().toBuffer());
    effects.push('blur');
  }
  if (random.chance(0.4)) {
    const sigma = random.between(4, 12);
    const { data, info: raw } = await image.raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i += 1) data[i] = Math.max(0, Math.min(255, data[i] + (random.next() + random.next() + random.next() - 1.5) * sigma * 2));
    image = sharp(data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
    effects.push('noise');
  }
  if (random.chance(0.3)) {
    image = sharp(
      await image
        .resize({ width: Math.round(frameWidth * random.between(0.55, 0.7)) })
        .png()
        .toBuffer(),
    );
    effects.push('low resolution');
  }
  const quality = random.int(50, 70);
  effects.push('jpeg');
  return { buffer: await image.jpeg({ quality }).toBuffer(), effects, tilt, roll };
}

// ------------------------------------------------------------------ the corpus

/** `perFormat` documents of each format from a split's seed: each with its zone (the truth), a clean page and a photograph. */
export async function* icaoCorpus(split, perFormat) {
  const seed = SPLITS[split];
  if (!seed) throw new Error(`unknown split ${split}: ${Object.keys(SPLITS).join(', ')}`);
  for (let index = 0; index < perFormat; index += 1) {
    for (const format of FORMATS) {
      const random = seeded(`${seed}|${format}|${index}`);
      const { identity, lines } = identityAndZone(format, random);
      const { png, source } = await drawDocument(format, lines, identity, random);
      const photo = await photograph(png, seeded(`${seed}|${format}|${index}|photo`));
      yield { split, index, format, lines, source, clean: png, photographed: photo.buffer, effects: photo.effects, tilt: photo.tilt, roll: photo.roll };
    }
  }
}
