import sharp from 'sharp';

/**
 * A document photographed on a desk: rotated within ±6° on a grey background, plus a
 * seeded mix of blur, a shear standing in for mild perspective, low light, noise and JPEG
 * quality 60. `random` is the server's seeded Random (dist/server/fake-data/random.js).
 */
export async function photographDocument(png, random) {
  const effects = ['blur', 'shear', 'noise', 'dark', 'jpeg'].filter(() => random.chance(0.5));
  const angle = (random.next() * 2 - 1) * 6;
  let image = sharp(png).flatten({ background: '#8a8f96' });
  image = sharp(
    await image.rotate(angle, { background: '#8a8f96' }).extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#8a8f96' }).png().toBuffer(),
  );
  if (effects.includes('shear')) {
    const shear = (random.next() * 2 - 1) * 0.03;
    image = sharp(
      await image
        .affine([1, shear, shear / 2, 1], { background: '#8a8f96' })
        .png()
        .toBuffer(),
    );
  }
  if (effects.includes('blur')) image = image.blur(0.6 + random.next() * 0.6);
  if (effects.includes('dark')) image = image.linear(0.5, 0);
  if (effects.includes('noise')) {
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i += 1) data[i] = Math.max(0, Math.min(255, data[i] + (random.next() + random.next() + random.next() - 1.5) * 16));
    image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  return {
    buffer: await (effects.includes('jpeg') ? image.jpeg({ quality: 60 }) : image.png()).toBuffer(),
    effects: [`rotate ${angle.toFixed(1)}°`, ...effects],
  };
}

/** The value at percentile `p` (0–100) of an ascending array, or null when empty. */
export function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
}
