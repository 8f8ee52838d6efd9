import { zoneCard } from '../../test/support/zone-card.js';
import { correctMrz, icaoCheckDigit, readMrz, terminateOcrWorker } from './index.js';

afterAll(() => terminateOcrWorker());

/** ICAO 9303's specimen zones (part 6: TD2; part 7: the visas MRV-A and MRV-B). */
const TD2 = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'];
const MRV_A = ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8988901C4XXX4009078F96121096ZE184226B<<<<<<'];
const MRV_B = ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<'];
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

/** A French national identity card's zone (2 × 36, IDFRA), its check digits computed. */
function frenchId(surname: string, office: string, number: string, given: string, birth: string, sex: 'M' | 'F'): string[] {
  const one = `IDFRA${surname.padEnd(25, '<')}${office}`;
  const body = `${number}${icaoCheckDigit(number)}${given.padEnd(14, '<')}${birth}${icaoCheckDigit(birth)}${sex}`;
  return [one, `${body}${icaoCheckDigit(one + body)}`];
}

describe('machine-readable zone formats', () => {
  it('corrects a visa zone field by field: MRV-A and MRV-B have no composite check digit', () => {
    expect(correctMrz('MRV-A', MRV_A)).toEqual({ ok: true, lines: MRV_A, substitutions: 0, doubtful: [] });
    expect(correctMrz('MRV-B', MRV_B)).toEqual({ ok: true, lines: MRV_B, substitutions: 0, doubtful: [] });
    // The same second line under TD3's rules fails its composite check digit: the layouts differ.
    expect(correctMrz('TD3', MRV_A)).toMatchObject({ ok: false });
    // A visa's own check digits still guard it.
    const wrongBirth = [MRV_A[0], MRV_A[1].replace('4009078', '4009088')];
    expect(correctMrz('MRV-A', wrongBirth)).toMatchObject({ ok: false });
  });

  it.each([
    ['TD2', TD2],
    ['MRV-A', MRV_A],
    ['MRV-B', MRV_B],
    ['TD3', TD3],
  ])('reads a %s zone, its format told by line length and document code', async (format, lines) => {
    const read = await readMrz(await zoneCard(lines));
    expect(read).toMatchObject({ readable: true, format, lines });
  });

  it("reads a French national identity card: TD2's size, its own fields (surname, department, card number, given names, birth), no expiry", async () => {
    const lines = frenchId('MARTIN', '750123', '880675012345', 'JEAN<<PIERRE', '650412', 'M');
    expect(lines.map((line) => line.length)).toEqual([36, 36]);
    const read = await readMrz(await zoneCard(lines));
    expect(read).toMatchObject({
      readable: true,
      format: 'FRA-ID',
      lines,
      doubtful: [],
      fields: {
        documentCode: 'ID',
        issuingState: 'FRA',
        surname: 'MARTIN',
        givenNames: 'JEAN PIERRE',
        documentNumber: '880675012345',
        nationality: 'FRA',
        dateOfBirth: '650412',
        sex: 'M',
        expiryDate: '',
        optionalData: '750123',
      },
    });
    // Under TD2's rules the same zone fails: the format is told apart by its fields, not its size.
    expect(correctMrz('TD2', lines)).toMatchObject({ ok: false });
    // And the French rules refuse a TD2 zone (its composite covers other positions).
    expect(correctMrz('FRA-ID', TD2)).toMatchObject({ ok: false });
  });

  it('still reads a TD2 card that begins IDFRA as TD2: its check digits, not its first letters, tell the formats apart', async () => {
    const number = 'X4RT71M02';
    const [birth, expiry] = ['740812', '340415'];
    const body = `${number}${icaoCheckDigit(number)}FRA${birth}${icaoCheckDigit(birth)}F${expiry}${icaoCheckDigit(expiry)}<<<<<<<`;
    const composite = icaoCheckDigit(`${body.slice(0, 10)}${body.slice(13, 20)}${body.slice(21, 35)}`);
    const lines = ['IDFRADUPONT<<MARIE<<<<<<<<<<<<<<<<<<', `${body}${composite}`];
    expect(lines.map((line) => line.length)).toEqual([36, 36]);
    const read = await readMrz(await zoneCard(lines));
    expect(read).toMatchObject({ readable: true, format: 'TD2', lines, fields: { surname: 'DUPONT', givenNames: 'MARIE', documentNumber: 'X4RT71M02' } });
  });

  it('reads X, an unspecified sex, which ICAO 9303 allows and the mrz package refuses', async () => {
    const unspecified = [TD2[0], TD2[1].replace('7408122F', '7408122X')];
    const read = await readMrz(await zoneCard(unspecified));
    expect(read).toMatchObject({ readable: true, format: 'TD2', lines: unspecified, fields: { sex: 'X' }, doubtful: [] });
  });

  it("gives a visa's optional data to the end of its second line", async () => {
    const read = await readMrz(await zoneCard(MRV_A));
    expect(read.readable && read.fields).toMatchObject({ documentNumber: 'L8988901C', nationality: 'XXX', optionalData: '6ZE184226B' });
  });
});
