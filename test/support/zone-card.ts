import sharp from 'sharp';

/**
 * A plain card with the zone's lines in OCR-B on the ICAO pitch (2.54 mm, here at 12 px
 * per mm), drawn by the tests: the product's fake documents carry no TD2 or visa zone.
 * A `marked` character is drawn in red, for a test to find where it lies on the photo.
 */
export async function zoneCard(lines: readonly string[], marked?: { line: number; column: number }): Promise<Buffer> {
  const mm = 12;
  const pitch = 2.54 * mm;
  const width = Math.round((lines[0].length * 2.54 + 16) * mm);
  const height = Math.round(46 * mm);
  const text = lines
    .map(
      (line, row) =>
        `<text y="${(height - mm * 6 - (lines.length - 1 - row) * mm * 4.3).toFixed(1)}" font-family="OCR B" font-size="${(mm * 3.4).toFixed(1)}">` +
        [...line]
          .map(
            (character, i) =>
              `<tspan x="${(mm * 8 + i * pitch).toFixed(1)}"${marked?.line === row && marked.column === i ? ' fill="#e00000"' : ''}>${character === '<' ? '&lt;' : character}</tspan>`,
          )
          .join('') +
        '</text>',
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1ea"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
