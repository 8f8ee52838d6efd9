import { zoneCard } from '../../test/support/zone-card.js';
import { classifyGlyph } from './glyph-classifier.js';
import { rowCells, weighWithClassifier, type CellRead } from './mrz-cells.js';
import { SURE_CONFIDENCE } from './mrz-text.js';
import { locateZone } from './mrz-zone.js';

/** Two zones with every character of the MRZ alphabet, drawn by librsvg (the model was trained on zones drawn by @napi-rs/canvas). */
const ZONES = [
  ['P<UTOABCDEFGHIJKLMNOPQRSTUVWXYZ<<ANNA<MARIA<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
  ['I<UTOQ0O8BS5Z2G6I1<<D0DQ<<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'],
];

/** Every cell of a drawn zone as the reader cuts it, with the character drawn there. */
async function drawnCells(lines: readonly string[]): Promise<{ truth: string; shape: Float32Array }[]> {
  const zone = await locateZone(await zoneCard(lines));
  if (!zone) throw new Error('no zone found on the drawn card');
  expect(zone.rows).toHaveLength(lines.length);
  return zone.rows.flatMap((row, line) =>
    rowCells(zone.grey, zone.mask, row, lines[line].length).cells.map((cell, column) => {
      if (!cell.shape) throw new Error(`no ink at line ${line + 1}, column ${column + 1}`);
      return { truth: lines[line][column], shape: cell.shape };
    }),
  );
}

describe('the OCR-B glyph classifier', () => {
  it('reads every character of the MRZ alphabet, look-alikes and fillers included, from the cells the reader cuts; O and 0 never with confidence when wrong', async () => {
    const cells = (await Promise.all(ZONES.map(drawnCells))).flat();
    const wrong = cells.flatMap(({ truth, shape }) => {
      const [top] = classifyGlyph(shape);
      if (top.text === truth) return [];
      // OCR-B draws O and 0 nearly alike: a confusion between them may happen, but only as a guess.
      const round = ['O', '0'].includes(truth) && ['O', '0'].includes(top.text);
      return round && top.confidence < SURE_CONFIDENCE ? [] : [`${truth} read as ${top.text} (${top.confidence.toFixed(0)} %)`];
    });
    expect(wrong).toEqual([]);
    expect(cells.filter(({ truth, shape }) => classifyGlyph(shape)[0].text === truth).length).toBeGreaterThanOrEqual(cells.length - 2);
  });

  it('makes a chevron tesseract took for a K a guess with the filler among its choices, never a sure K', async () => {
    const chevron = (await drawnCells(ZONES[0]))[1];
    const read: CellRead = { text: 'K', confidence: 95, choices: [{ text: 'K', confidence: 95 }], shape: chevron.shape };
    weighWithClassifier(read);
    expect(read.confidence).toBeLessThan(SURE_CONFIDENCE);
    expect(read.choices?.map((choice) => choice.text)).toEqual(expect.arrayContaining(['K', '<']));
  });

  it('gives a glyph tesseract left out the character the classifier reads, as a guess', async () => {
    const g = (await drawnCells(ZONES[1])).find((cell) => cell.truth === 'G');
    const read: CellRead = { text: '?', confidence: 0, shape: g?.shape };
    weighWithClassifier(read);
    expect(read).toMatchObject({ text: 'G' });
    expect(read.confidence).toBeLessThan(SURE_CONFIDENCE);
  });

  it('leaves a read tesseract was sure of as it was when the classifier is torn, and calls it into doubt when the classifier is sure of another', async () => {
    const cells = await drawnCells(ZONES[0]);
    const shapeOf = (character: string) => cells.find((cell) => cell.truth === character)?.shape ?? new Float32Array();
    // Half an E, half an F: the classifier cannot tell them apart.
    const torn = shapeOf('E').map((value, index) => (value + shapeOf('F')[index]) / 2);
    const [first, second] = classifyGlyph(torn);
    expect([first.text, second.text].sort()).toEqual(['E', 'F']);
    expect(first.confidence).toBeLessThan(90);
    const sure: CellRead = { text: 'E', confidence: 96, choices: [{ text: 'E', confidence: 96 }], shape: torn };
    weighWithClassifier(sure);
    expect(sure).toMatchObject({ text: 'E', confidence: 96, choices: [{ text: 'E', confidence: 96 }] });
    const contradicted: CellRead = { text: 'E', confidence: 96, shape: shapeOf('F') };
    weighWithClassifier(contradicted);
    expect(contradicted.confidence).toBeLessThan(SURE_CONFIDENCE);
    expect(contradicted.choices?.map((choice) => choice.text)).toEqual(expect.arrayContaining(['E', 'F']));
  });

  it('leaves a read the classifier agrees with as sure as tesseract made it', async () => {
    const a = (await drawnCells(ZONES[0])).find((cell) => cell.truth === 'A');
    const read: CellRead = { text: 'A', confidence: 96, shape: a?.shape };
    weighWithClassifier(read);
    expect(read).toMatchObject({ text: 'A', confidence: 96 });
  });
});
