import { td1Lines } from '../fake-data/check-digits.js';
import { settleLookAlikes, type CellRead } from './mrz-cells.js';
import { correctMrz } from './index.js';

/** A surname of three words and no given names: its names hold no `<<` before their padding. */
const RAHMAN = td1Lines({
  documentCode: 'ID',
  issuingState: 'UTO',
  surname: 'Rahman Al Fulan',
  givenNames: '',
  documentNumber: 'D23145890',
  nationality: 'UTO',
  dateOfBirth: '1974-08-12',
  sex: 'F',
  expiryDate: '2032-04-15',
});
/** The names row's L beside a filler (RAHMAN<A[L]<FULAN): were that L a misread filler, the names would read RAHMAN<A<<FULAN. */
const L_COLUMN = 8;

/**
 * Glyph shapes on their own axes, so that two prints of one character are all but the
 * same and different characters unlike: the chevrons on axis 0, each letter or digit on
 * its own; `wobble` tells two prints of one character apart.
 */
const shapeOf = (axis: number, wobble = 0) => {
  const shape = new Float32Array(48);
  shape[axis] = 1;
  shape[47] = wobble;
  return shape.map((value) => value / Math.hypot(1, wobble));
};
const axisOf = (character: string) => 1 + '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.indexOf(character);

/** The zone as the cells read it: every filler found by its shape, every other glyph read with confidence and printed as itself. */
function zone(lines: readonly string[]): CellRead[][] {
  return lines.map((line) =>
    line.split('').map((text, column): CellRead => {
      const wobble = (column % 3) * 0.01;
      return text === '<'
        ? { text, confidence: 100, chevron: true, shape: shapeOf(0, wobble) }
        : { text, confidence: 97, shape: shapeOf(axisOf(text), wobble), choices: [{ text, confidence: 97 }] };
    }),
  );
}

function corrected(reads: CellRead[][]) {
  return correctMrz(
    'TD1',
    reads.map((cells) => cells.map((cell) => cell.text).join('')),
    reads.map((cells) => cells.map((cell) => cell.confidence)),
    reads.map((cells) => cells.map((cell) => cell.choices)),
  );
}

describe("the names' fillers, weighed by the zone's own chevrons", () => {
  it('takes a letter beside a filler as read when its glyph is clearly unlike the zone’s fillers, and OCR’s filler rival goes', () => {
    const reads = zone(RAHMAN);
    reads[2][L_COLUMN].choices = [
      { text: 'L', confidence: 97 },
      { text: '<', confidence: 12 },
    ];
    settleLookAlikes('TD1', reads);
    expect(reads[2][L_COLUMN].choices?.map((choice) => choice.text)).toEqual(['L']);
    expect(corrected(reads)).toEqual({ ok: true, lines: RAHMAN, substitutions: 0, doubtful: [] });
  });

  it('doubts a letter beside a filler that is printed just like the zone’s fillers, though OCR offered no filler', () => {
    const reads = zone(RAHMAN);
    reads[2][L_COLUMN].shape = shapeOf(0, 0.015);
    settleLookAlikes('TD1', reads);
    expect(reads[2][L_COLUMN].choices?.map((choice) => choice.text)).toContain('<');
    expect(corrected(reads)).toMatchObject({ ok: true, doubtful: [{ line: 2, column: L_COLUMN, read: 'L', rivals: ['<'] }] });
  });

  it('still doubts such a letter when OCR gave no choices to weigh', () => {
    const lines = [...RAHMAN];
    const sure = lines.map((line) => line.split('').map(() => 97));
    expect(correctMrz('TD1', lines, sure)).toMatchObject({ ok: true, doubtful: [{ line: 2, column: L_COLUMN, read: 'L', rivals: ['<'] }] });
  });
});
