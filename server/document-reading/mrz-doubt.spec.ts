import { td1Lines, td3Lines } from '../fake-data/check-digits.js';
import { icaoCheckDigit } from './check-digit.js';
import { correctMrz } from './index.js';
import { choice, sureRead } from '../../test/support/ocr-reads.js';

const martin = td3Lines({
  documentCode: 'P',
  issuingState: 'FRA',
  surname: 'Martin',
  givenNames: 'Louise',
  documentNumber: 'AB0012345',
  nationality: 'FRA',
  dateOfBirth: '1990-10-04',
  sex: 'F',
  expiryDate: '2030-01-20',
});

/** Issue 34, part 4: no read passes that a check digit was changed for, or that holds a character no check digit guards in doubt. */
describe('zero silent wrong reads', () => {
  it('never changes a check digit to make a misread pass', () => {
    // The birth date misread with confidence (901014 for 901004); the check digits after it and
    // the composite read unsure, OCR offering as a choice exactly the digits the misread needs.
    const misread = martin[1].slice(0, 13) + '901014' + martin[1].slice(19);
    const birthCheck = icaoCheckDigit('901014');
    const lines = [martin[0], misread];
    const withCheck = lines[1].split('');
    const composite = icaoCheckDigit(withCheck.slice(0, 10).join('') + '901014' + birthCheck + withCheck.slice(21, 43).join(''));
    const read = sureRead(lines);
    read.confidences[1][19] = 60;
    read.choices[1][19] = [choice(lines[1][19], 62), choice(birthCheck, 58)];
    read.confidences[1][43] = 60;
    read.choices[1][43] = [choice(lines[1][43], 62), choice(composite, 58)];
    expect(correctMrz('TD3', lines, read.confidences, read.choices)).toMatchObject({ ok: false, reason: expect.stringContaining('check digit fails') });
    // The true date with the same unsure check digits passes: they are read as printed.
    const truth = sureRead(martin);
    truth.confidences[1][19] = 60;
    truth.confidences[1][43] = 60;
    expect(correctMrz('TD3', martin, truth.confidences, truth.choices)).toEqual({ ok: true, lines: martin, substitutions: 0, doubtful: [] });
  });

  it("doubts a letter in optional data's filler run: a filler read as K weighs 0, as the filler does", () => {
    const card = td1Lines({
      documentCode: 'ID',
      issuingState: 'FRA',
      surname: 'Dubois',
      givenNames: 'Chloe',
      documentNumber: 'TYX851385',
      nationality: 'FRA',
      dateOfBirth: '1962-01-30',
      sex: 'F',
      expiryDate: '2031-08-12',
    });
    // The first line's optional data (columns 16–30) is all filler; one read as K still satisfies the composite check digit.
    const lines = [card[0].slice(0, 20) + 'K' + card[0].slice(21), card[1], card[2]];
    const read = sureRead(lines);
    expect(correctMrz('TD1', lines, read.confidences, read.choices)).toMatchObject({ ok: true, doubtful: [{ line: 0, column: 20, read: 'K', rivals: ['<'] }] });
    // A visa has no composite check digit at all: the same K in its optional data is in doubt too.
    const visa = ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8988901C4XXX4009078F96121096ZE184226B<<<K<<'];
    expect(correctMrz('MRV-A', visa, sureRead(visa).confidences, sureRead(visa).choices)).toMatchObject({
      ok: true,
      doubtful: [{ line: 1, column: 41, read: 'K', rivals: ['<'] }],
    });
  });

  it('takes a sex position that holds no sex (a filler read as K) as unspecified, in doubt', () => {
    const lines = [martin[0], martin[1].slice(0, 20) + 'K' + martin[1].slice(21)];
    const read = sureRead(lines);
    expect(correctMrz('TD3', lines, read.confidences, read.choices)).toMatchObject({
      ok: true,
      lines: [martin[0], martin[1].slice(0, 20) + '<' + martin[1].slice(21)],
      doubtful: [{ line: 1, column: 20, read: 'K', rivals: ['<'] }],
    });
  });

  it("doubts a chevron read as a letter where the names' separator should be", () => {
    const lines = ['I<GBRTHORSDOTTIRK<KENJI<<<<<<<<<<<<<', 'AR20WGH<<4GBR5909201M290717060672<<1'];
    expect(correctMrz('TD2', lines, sureRead(lines).confidences, sureRead(lines).choices)).toMatchObject({
      ok: true,
      doubtful: [{ line: 0, column: 16, read: 'K', rivals: ['<'] }],
    });
    // With the separator read, a K beside a filler is a name's own letter.
    const right = ['I<GBRTHORSDOTTIR<<KENJI<<<<<<<<<<<<<', lines[1]];
    expect(correctMrz('TD2', right, sureRead(right).confidences, sureRead(right).choices)).toMatchObject({ ok: true, doubtful: [] });
  });

  it('doubts a visa optional-data character OCR was unsure of, which no check digit covers', () => {
    const visa = ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8988901C4XXX4009078F96121096ZE184226B<<<<<<'];
    const read = sureRead(visa);
    read.confidences[1][31] = 70;
    read.choices[1][31] = [choice('1', 70), choice('I', 40)];
    expect(correctMrz('MRV-A', visa, read.confidences, read.choices)).toMatchObject({
      ok: true,
      doubtful: [{ line: 1, column: 31, read: '1', rivals: ['I'] }],
    });
  });

  it("doubts a visa's field resting on two characters OCR was unsure of: one check digit and no composite cannot tell two misreads apart", () => {
    // ICAO's MRV-B specimen; its document number L8988901C, check digit 4.
    const visa = ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<'];
    const read = sureRead(visa);
    read.confidences[1][1] = 70;
    read.choices[1][1] = [choice('8', 72), choice('B', 60)];
    expect(correctMrz('MRV-B', visa, read.confidences, read.choices)).toEqual({ ok: true, lines: visa, substitutions: 0, doubtful: [] });
    read.confidences[1][9] = 70;
    read.choices[1][9] = [choice('4', 71), choice('9', 65)];
    expect(correctMrz('MRV-B', visa, read.confidences, read.choices)).toMatchObject({
      ok: true,
      lines: visa,
      doubtful: [
        { line: 1, column: 1, read: '8', rivals: ['B'] },
        { line: 1, column: 9, read: '4', rivals: ['9'] },
      ],
    });
    // A passport's composite check digit guards the same fields a second time: no doubt there.
    const passport = sureRead(martin);
    passport.confidences[1][1] = 70;
    passport.confidences[1][9] = 70;
    expect(correctMrz('TD3', martin, passport.confidences, passport.choices)).toMatchObject({ ok: true, doubtful: [] });
  });

  it('doubts a passport field the correction changed in three places: both check digits vouch for fewer', () => {
    /** The document number AB0012345 read as `misread`, each look-alike unsure with the true digit as OCR's second choice. */
    const readAs = (misread: string, columns: number[]) => {
      const lines = [martin[0], misread + martin[1].slice(9)];
      const read = sureRead(lines);
      for (const column of columns) {
        read.confidences[1][column] = 60;
        read.choices[1][column] = [choice(misread[column], 60), choice(martin[1][column], 40)];
      }
      return correctMrz('TD3', lines, read.confidences, read.choices);
    };
    expect(readAs('AB00IZ3A5', [4, 5, 7])).toMatchObject({
      ok: true,
      lines: martin,
      doubtful: [
        { line: 1, column: 4, read: '1', rivals: ['I'] },
        { line: 1, column: 5, read: '2', rivals: ['Z'] },
        { line: 1, column: 7, read: '4', rivals: ['A'] },
      ],
    });
    // Two changes are within what the field's check digit and the composite vouch for; a letter in a date is its digit, no change.
    expect(readAs('AB001Z3A5', [5, 7])).toMatchObject({ ok: true, lines: martin, doubtful: [] });
    const letters = [martin[0], martin[1].slice(0, 13) + '9O1OO4' + martin[1].slice(19)];
    expect(correctMrz('TD3', letters, sureRead(letters).confidences, sureRead(letters).choices)).toMatchObject({ ok: true, lines: martin, doubtful: [] });
  });
});
