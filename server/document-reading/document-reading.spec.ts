import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { td1Lines, td3Lines } from '../fake-data/check-digits.js';
import { fakeApplicant } from '../fake-data/fake-applicant.js';
import { renderFakeDocument } from '../fake-data/fake-documents.js';
import { assessQuality, correctMrz, readLicenceBarcode, readMrz, terminateOcrWorker } from './index.js';
import { choice, sureRead } from '../../test/support/ocr-reads.js';
import { settleLookAlikes, type CellRead } from './mrz-cells.js';

const now = new Date('2026-06-01T00:00:00Z');
/** Items of the 'document-reading' series: a residence permit, a passport, a licence, an identity card. */
const applicant = (index: number) => fakeApplicant(index, { seed: 'document-reading', now });
const RESIDENCE_PERMIT = 0;
const PASSPORT = 1;
const LICENCE = 2;
const ID_CARD = 3;

afterAll(() => terminateOcrWorker());

/** The machine-readable zone of Louise Martin's French passport, as printed. */
const martinZone = () =>
  td3Lines({
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

describe('document reading', () => {
  it('reads a passport (TD3) exactly', async () => {
    const document = await renderFakeDocument(applicant(PASSPORT));
    expect(document.documentType).toBe('PASSPORT');
    const read = await readMrz(document.pages[0].png);
    expect(read).toMatchObject({ readable: true, format: 'TD3', lines: document.mrz });
  });

  it('reads an identity card (TD1) exactly', async () => {
    const document = await renderFakeDocument(applicant(ID_CARD));
    expect(document.documentType).toBe('ID_CARD');
    const read = await readMrz(document.pages[1].png);
    expect(read).toMatchObject({ readable: true, format: 'TD1', lines: document.mrz });
  });

  it('reads a residence permit (TD1) exactly', async () => {
    const document = await renderFakeDocument(applicant(RESIDENCE_PERMIT));
    expect(document.documentType).toBe('RESIDENCE_PERMIT');
    const read = await readMrz(document.pages[1].png);
    expect(read).toMatchObject({ readable: true, format: 'TD1', lines: document.mrz });
  });

  it("reads a driving licence's PDF417 and its AAMVA fields", async () => {
    const person = applicant(LICENCE);
    const document = await renderFakeDocument(person);
    const read = await readLicenceBarcode(document.pages[1].png);
    expect(read).toMatchObject({ readable: true, payload: document.barcode });
    expect(read.readable && read.fields).toMatchObject({
      documentNumber: person.docNumber,
      dateOfBirth: person.dateOfBirth,
      expiryDate: person.expiryDate,
      sex: person.sex,
    });
  });

  it('reports a photo without a machine-readable zone as unreadable, with the reason', async () => {
    const document = await renderFakeDocument(applicant(LICENCE));
    const read = await readMrz(document.pages[0].png);
    expect(read).toMatchObject({ readable: false, reason: 'no machine-readable zone found' });
  });

  it('flags a blurry photo with its message and passes a sharp one', async () => {
    const document = await renderFakeDocument(applicant(PASSPORT));
    const sharpReport = await assessQuality(document.pages[0].png);
    expect(sharpReport.acceptable).toBe(true);
    const blurred = await sharp(document.pages[0].png).blur(6).png().toBuffer();
    const report = await assessQuality(blurred);
    expect(report.acceptable).toBe(false);
    expect(report.problems).toContainEqual({ problem: 'blurry', message: 'The photo is blurry — hold still and retake' });
    expect(report.measures.sharpness).toBeLessThan(sharpReport.measures.sharpness);
  });

  it('flags a glare spot, but not the white bars of a barcode', async () => {
    const licenceBack = (await renderFakeDocument(applicant(LICENCE))).pages[1];
    expect((await assessQuality(licenceBack.png)).acceptable).toBe(true);
    const page = (await renderFakeDocument(applicant(PASSPORT))).pages[0];
    const spot = Buffer.from(
      `<svg width="${page.width}" height="${page.height}"><ellipse cx="${page.width / 2}" cy="${page.height / 2}" rx="${page.width / 5}" ry="${page.height / 5}" fill="white"/></svg>`,
    );
    const report = await assessQuality(
      await sharp(page.png)
        .composite([{ input: spot }])
        .png()
        .toBuffer(),
    );
    expect(report.problems).toEqual([{ problem: 'glare', message: 'Glare covers part of the document' }]);
    expect(report.measures.glare).toBeGreaterThan(0.08);
  });

  it('corrects an O read for 0 with the check digits, field by field', () => {
    const truth = martinZone();
    // O for 0 in the document number (alphanumeric: the check digit decides) and in the birth date (numeric).
    const misread = [truth[0], 'ABO012345' + truth[1].slice(9, 13) + '9O' + truth[1].slice(15)];
    expect(correctMrz('TD3', misread)).toEqual({ ok: true, lines: truth, substitutions: 2, doubtful: [] });
  });

  it('refuses a read whose check digit cannot be satisfied', () => {
    const truth = martinZone();
    const wrongBirth = [truth[0], truth[1].slice(0, 13) + '900404' + truth[1].slice(19)];
    expect(correctMrz('TD3', wrongBirth)).toMatchObject({ ok: false, reason: expect.stringContaining('check digit') });
  });

  it('doubts a name letter read without confidence (the read needs a person), and refuses a look-alike the check digit cannot tell apart', () => {
    const truth = td3Lines({
      documentCode: 'P',
      issuingState: 'POL',
      surname: 'Nowak',
      givenNames: 'Piotr',
      documentNumber: 'PE6712345',
      nationality: 'POL',
      dateOfBirth: '1986-02-18',
      sex: 'M',
      expiryDate: '2035-09-07',
    });
    const sure = truth.map((line) => line.split('').map(() => 97));
    expect(correctMrz('TD3', truth, sure)).toEqual({ ok: true, lines: truth, substitutions: 0, doubtful: [] });
    // 'PIDTR' for 'PIOTR': names have no check digit, so a doubtful letter is returned in doubt, never passed.
    const name = [truth[0].replace('PIOTR', 'PIDTR'), truth[1]];
    const doubtfulName = sure.map((line) => [...line]);
    doubtfulName[0][14] = 62;
    expect(correctMrz('TD3', name, doubtfulName)).toMatchObject({ ok: true, doubtful: [{ line: 0, column: 14, read: 'D', rivals: [] }] });
    // G and 6 are worth the same modulo 10: a doubtful G where 6 is printed satisfies every check digit.
    const number = [truth[0], truth[1].replace('PE67', 'PEG7')];
    const doubtfulNumber = sure.map((line) => [...line]);
    doubtfulNumber[1][2] = 70;
    expect(correctMrz('TD3', number, doubtfulNumber)).toMatchObject({ ok: false, reason: expect.stringContaining('several corrections') });
  });

  it("settles a state code's doubtful letter by ICAO's list only when no other letter makes a state", () => {
    const person = {
      documentCode: 'P',
      surname: 'Nowak',
      givenNames: 'Piotr',
      documentNumber: 'PE6712345',
      dateOfBirth: '1986-02-18',
      sex: 'M' as const,
      expiryDate: '2035-09-07',
    };
    const mexican = td3Lines({ ...person, issuingState: 'MEX', nationality: 'MEX' });
    const doubtfulX = mexican.map((line) => line.split('').map(() => 97));
    doubtfulX[1][12] = 60;
    expect(correctMrz('TD3', mexican, doubtfulX)).toMatchObject({ ok: true, lines: mexican });
    // POL with a doubtful O: PHL is a state too.
    const polish = td3Lines({ ...person, issuingState: 'POL', nationality: 'POL' });
    const doubtfulO = polish.map((line) => line.split('').map(() => 97));
    doubtfulO[1][11] = 60;
    expect(correctMrz('TD3', polish, doubtfulO)).toMatchObject({ ok: true, doubtful: [{ line: 1, column: 11, read: 'O' }] });
  });

  it("turns an unsure letter after the names' padding into filler, and doubts a letter read there with confidence", () => {
    const truth = martinZone();
    const misread = [truth[0].slice(0, 30) + 'C' + truth[0].slice(31), truth[1]];
    const confidences = truth.map((line) => line.split('').map(() => 95));
    confidences[0][30] = 60;
    expect(correctMrz('TD3', misread, confidences)).toEqual({ ok: true, lines: truth, substitutions: 1, doubtful: [] });
    // Read with confidence, the letter says one of the fillers before it was a misread letter: a person looks.
    confidences[0][30] = 95;
    expect(correctMrz('TD3', misread, confidences)).toMatchObject({ ok: true, doubtful: [{ line: 0, column: 30, read: 'C', rivals: ['<'] }] });
  });

  it('doubts a filler of the names read without confidence where OCR also saw a letter (KENJI read as <ENJI)', () => {
    const truth = martinZone();
    const misread = [truth[0].replace('LOUISE', '<OUISE'), truth[1]];
    const confidences = truth.map((line) => line.split('').map(() => 95));
    const column = truth[0].indexOf('LOUISE');
    confidences[0][column] = 70;
    const choices = truth.map((line) => line.split('').map((text) => [{ text, confidence: 95 }]));
    choices[0][column] = [
      { text: '<', confidence: 74 },
      { text: 'L', confidence: 17 },
    ];
    // The unsure filler is in doubt with its letter, and so are the letters after the run it makes (MARTIN<<<OUISE).
    const read = correctMrz('TD3', misread, confidences, choices);
    expect(read).toMatchObject({ ok: true, doubtful: expect.arrayContaining([{ line: 0, column, read: '<', rivals: ['L'] }]) });
    expect(read.ok && read.doubtful.filter((cell) => cell.column > column).map((cell) => cell.read)).toEqual(['O', 'U', 'I', 'S', 'E']);
  });

  describe("with OCR's own choices per character", () => {
    const flores = {
      documentCode: 'P',
      issuingState: 'MEX',
      surname: 'Flores',
      givenNames: 'Guadalupe',
      nationality: 'MEX',
      sex: 'F' as const,
      expiryDate: '2028-03-22',
    };

    it("takes OCR's alternative that the check digits need, even against a confident read", () => {
      const truth = td3Lines({ ...flores, documentNumber: 'JQ1401593', dateOfBirth: '1999-08-01' });
      // OCR-B's Q read as A (doubtful) and as R (confident): the look-alike table has no Q for either.
      for (const [misread, confidence, choices] of [
        ['A', 70, [choice('A', 85), choice('Q', 37.1), choice('R', 36.8)]],
        ['R', 91, [choice('R', 81.4), choice('Q', 46.5)]],
      ] as const) {
        const lines = [truth[0], truth[1].replace('JQ', `J${misread}`)];
        const read = sureRead(lines);
        read.confidences[1][1] = confidence;
        expect(correctMrz('TD3', lines, read.confidences)).toMatchObject({ ok: false, reason: expect.stringContaining('check digit fails') });
        read.choices[1][1] = [...choices];
        expect(correctMrz('TD3', lines, read.confidences, read.choices)).toEqual({ ok: true, lines: truth, substitutions: 1, doubtful: [] });
      }
    });

    it('takes a letter read in a numeric field as a guess, however confident OCR was', () => {
      const truth = td3Lines({ ...flores, documentNumber: 'KG8683150', dateOfBirth: '1948-09-06' });
      const lines = [truth[0], truth[1].slice(0, 13) + 'L' + truth[1].slice(14)];
      const read = sureRead(lines);
      read.choices[1][13] = [choice('L', 81.1), choice('4', 8)];
      expect(correctMrz('TD3', lines, read.confidences, read.choices)).toEqual({ ok: true, lines: truth, substitutions: 1, doubtful: [] });
    });

    it('ranks corrections the check digits cannot tell apart by likelihood, and refuses a guess between near equals', () => {
      // L and 1 are worth the same modulo 10: OCR listing L alone settles a doubtful L.
      const dubois = td3Lines({ ...flores, documentNumber: 'LM4570197', dateOfBirth: '1999-08-01' });
      const read = sureRead(dubois);
      read.confidences[1][0] = 70;
      expect(correctMrz('TD3', dubois, read.confidences)).toMatchObject({ ok: false, reason: expect.stringContaining('several corrections') });
      read.choices[1][0] = [choice('L', 89.4), choice('I', 0), choice('U', 0)];
      expect(correctMrz('TD3', dubois, read.confidences, read.choices)).toEqual({ ok: true, lines: dubois, substitutions: 0, doubtful: [] });
      // 1 and V (worth 1 and 31) both satisfy the check digits, and OCR finds them about as likely.
      const iyer = td1Lines({
        documentCode: 'ID',
        issuingState: 'IND',
        surname: 'Iyer',
        givenNames: 'Sneha',
        documentNumber: 'ISI176976',
        nationality: 'IND',
        dateOfBirth: '1995-01-26',
        sex: 'F',
        expiryDate: '2030-11-03',
      });
      const lines = [iyer[0].replace('ISI1', 'ISIN'), iyer[1], iyer[2]];
      const card = sureRead(lines);
      card.confidences[0][8] = 88;
      const offered = [choice('N', 83.4), choice('T', 82.9), choice('1', 64.4), choice('V', 59.8), choice('M', 58.7), choice('I', 49)];
      card.choices[0][8] = offered;
      expect(correctMrz('TD1', lines, card.confidences, card.choices)).toMatchObject({ ok: false, reason: expect.stringContaining('several corrections') });
      card.choices[0][8] = offered.filter((candidate) => candidate.text !== 'V');
      expect(correctMrz('TD1', lines, card.confidences, card.choices)).toEqual({ ok: true, lines: iyer, substitutions: 1, doubtful: [] });
    });

    it("does not take OCR's word between a character and its look-alike", () => {
      // ZZ and 22 both satisfy the check digits; OCR, sure of 22, would be wrong.
      const nowak = td3Lines({
        ...flores,
        issuingState: 'POL',
        nationality: 'POL',
        surname: 'Nowak',
        givenNames: 'Julia',
        documentNumber: 'ZZ1145241',
        dateOfBirth: '1995-02-27',
      });
      const lines = [nowak[0], nowak[1].replace('ZZ', '22')];
      const read = sureRead(lines);
      read.confidences[1][0] = 70;
      read.confidences[1][1] = 70;
      read.choices[1][0] = [choice('2', 83.8), choice('7', 27.8), choice('Z', 26.8), choice('1', 8.6)];
      read.choices[1][1] = [choice('2', 88.5), choice('Z', 18.4)];
      expect(correctMrz('TD3', lines, read.confidences, read.choices)).toMatchObject({ ok: false, reason: expect.stringContaining('several corrections') });
    });

    it('doubts a confident read only for an alternative at least a third as likely', () => {
      // ZB90 read IB9O, the O settled with confidence: the truth is out of reach, and 1 (a weak choice for I) would satisfy every check digit.
      const brown = td3Lines({
        ...flores,
        issuingState: 'USA',
        nationality: 'USA',
        surname: 'Brown',
        givenNames: 'Emma',
        documentNumber: 'ZB9077432',
        dateOfBirth: '1972-10-08',
      });
      const lines = [brown[0], brown[1].replace('ZB90', 'IB9O')];
      const read = sureRead(lines);
      read.confidences[1][0] = 90;
      read.choices[1][0] = [choice('I', 77.8), choice('Z', 59.5), choice('1', 20.3), choice('2', 6.3)];
      expect(correctMrz('TD3', lines, read.confidences, read.choices)).toMatchObject({ ok: false, reason: expect.stringContaining('check digit fails') });
    });

    it('settles a doubtful letter no check digit guards only when OCR offers no rival for it, and returns it in doubt otherwise', () => {
      const marques = td1Lines({
        documentCode: 'ID',
        issuingState: 'PRT',
        surname: 'Marques',
        givenNames: 'Beatriz',
        documentNumber: 'CLF492724',
        nationality: 'PRT',
        dateOfBirth: '1979-07-17',
        sex: 'F',
        expiryDate: '2036-04-13',
      });
      const read = sureRead(marques);
      // The nationality's T: PRK and PRY are states too.
      read.confidences[1][17] = 89;
      expect(correctMrz('TD1', marques, read.confidences)).toMatchObject({ ok: true, doubtful: [{ line: 1, column: 17, read: 'T' }] });
      read.choices[1][17] = [choice('T', 91.9), choice('1', 0), choice('7', 0)];
      expect(correctMrz('TD1', marques, read.confidences, read.choices)).toMatchObject({ ok: true, lines: marques, doubtful: [] });
      read.choices[1][17] = [choice('T', 80), choice('K', 12)];
      expect(correctMrz('TD1', marques, read.confidences, read.choices)).toMatchObject({
        ok: true,
        doubtful: [{ line: 1, column: 17, read: 'T', rivals: ['K'] }],
      });
      // A name's letter: the first E of MARQUES.
      const name = sureRead(marques);
      name.confidences[2][5] = 85;
      name.choices[2][5] = [choice('E', 88), choice('F', 0)];
      expect(correctMrz('TD1', marques, name.confidences, name.choices)).toMatchObject({ ok: true, lines: marques, doubtful: [] });
      name.choices[2][5] = [choice('E', 88), choice('F', 30)];
      expect(correctMrz('TD1', marques, name.confidences, name.choices)).toMatchObject({
        ok: true,
        doubtful: [{ line: 2, column: 5, read: 'E', rivals: ['F'] }],
      });
      // Even a confident letter needs to be clearly likelier than OCR's rivals: OCR reads OCR-B's O as Q.
      const dubois = td1Lines({
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
      const misread = [dubois[0], dubois[1], dubois[2].replace('DUBOIS', 'DUBQIS')];
      const sure = sureRead(misread);
      sure.confidences[2][3] = 94;
      sure.choices[2][3] = [choice('Q', 85), choice('O', 61.8)];
      expect(correctMrz('TD1', misread, sure.confidences, sure.choices)).toMatchObject({
        ok: true,
        doubtful: [{ line: 2, column: 3, read: 'Q', rivals: ['O'] }],
      });
      sure.choices[2][3] = [choice('Q', 85), choice('O', 20)];
      expect(correctMrz('TD1', misread, sure.confidences, sure.choices)).toMatchObject({ ok: true, doubtful: [] });
    });
  });

  it("rules out OCR's rival for a name's letter by the zone's own prints", () => {
    /** A unit-length glyph shape (of any length: shapes are compared by correlation) between two directions. */
    const shape = (towards: number, away: number) => {
      const vector = new Float32Array(8);
      vector[0] = towards;
      vector[1] = away;
      return vector.map((value) => value / Math.hypot(towards, away));
    };
    const zone = (oShape: Float32Array): CellRead[][] => {
      const reads = [0, 1, 2].map(() => Array.from({ length: 30 }, (): CellRead => ({ text: '<', confidence: 100 })));
      // Two Ds printed in the names, then an O OCR finds nearly as much a D.
      reads[2][0] = { text: 'D', confidence: 96, shape: shape(1, 0) };
      reads[2][1] = { text: 'D', confidence: 95, shape: shape(1, 0.05) };
      reads[2][2] = {
        text: 'O',
        confidence: 93,
        shape: oShape,
        choices: [
          { text: 'O', confidence: 86 },
          { text: 'D', confidence: 74 },
        ],
      };
      return reads;
    };
    const unlikeTheDs = zone(shape(0.6, 0.8));
    settleLookAlikes('TD1', unlikeTheDs);
    expect(unlikeTheDs[2][2].choices).toEqual([{ text: 'O', confidence: 86 }]);
    const likeTheDs = zone(shape(1, 0.1));
    settleLookAlikes('TD1', likeTheDs);
    expect(likeTheDs[2][2].choices).toHaveLength(2);
  });

  describe('a document number character the recogniser and the classifier both are all but certain of', () => {
    const shape = (towards: number, away: number) => new Float32Array([towards, away, 0, 0]).map((value) => value / Math.hypot(towards, away));
    /** A TD1 zone whose names print two Os and whose birth date prints two 0s; the document number's first character (line 1, column 6) is read `read`. */
    const zone = (read: string, printed: Float32Array, agreed: boolean): CellRead[][] => {
      const reads = [0, 1, 2].map(() => Array.from({ length: 30 }, (): CellRead => ({ text: '<', confidence: 100 })));
      reads[2][0] = { text: 'O', confidence: 97, shape: shape(1, 0) };
      reads[2][1] = { text: 'O', confidence: 97, shape: shape(1, 0.02) };
      reads[1][0] = { text: '0', confidence: 97, shape: shape(0, 1) };
      reads[1][1] = { text: '0', confidence: 97, shape: shape(0.02, 1) };
      reads[0][5] = { text: read, confidence: 99, shape: printed, agreed };
      return reads;
    };

    it("is not doubted where the zone's own prints do not vouch for it", () => {
      // Printed between the zone's Os and 0s, like neither as much as two prints of one character are alike.
      const between = shape(1, 0.8);
      const alone = zone('O', between, false);
      settleLookAlikes('TD1', alone);
      expect(alone[0][5].confidence).toBeLessThan(90);
      const agreed = zone('O', between, true);
      settleLookAlikes('TD1', agreed);
      expect(agreed[0][5]).toMatchObject({ text: 'O', confidence: 99 });
    });

    it('is doubted, with the look-alike as a rival, when the look-alike weighs the same in the check digits (S and 8: no check digit catches the misread)', () => {
      const reads = [0, 1, 2].map(() => Array.from({ length: 30 }, (): CellRead => ({ text: '<', confidence: 100 })));
      // The names print two Ss and the birth date two 8s; the document number's S is printed as like the one as the other.
      reads[2][0] = { text: 'S', confidence: 97, shape: shape(1, 0) };
      reads[2][1] = { text: 'S', confidence: 97, shape: shape(1, 0.02) };
      reads[1][0] = { text: '8', confidence: 97, shape: shape(0, 1) };
      reads[1][1] = { text: '8', confidence: 97, shape: shape(0.02, 1) };
      reads[0][5] = { text: 'S', confidence: 99, shape: shape(1, 1), agreed: true, choices: [{ text: 'S', confidence: 99 }] };
      settleLookAlikes('TD1', reads);
      expect(reads[0][5].confidence).toBeLessThan(90);
      expect(reads[0][5].choices?.map((choice) => choice.text)).toEqual(['S', '8']);
      // The read, settled so, no longer passes on its check digits: S and 8 both satisfy them.
      const lines = td1Lines({
        documentCode: 'ID',
        issuingState: 'SWE',
        surname: 'Eriksson',
        givenNames: 'Anna',
        documentNumber: 'S12345678',
        nationality: 'SWE',
        dateOfBirth: '1988-04-12',
        sex: 'F',
        expiryDate: '2031-02-09',
      });
      const read = sureRead(lines);
      expect(correctMrz('TD1', lines, read.confidences, read.choices)).toMatchObject({ ok: true });
      read.confidences[0][5] = reads[0][5].confidence;
      read.choices[0][5] = reads[0][5].choices;
      expect(correctMrz('TD1', lines, read.confidences, read.choices)).toMatchObject({ ok: false, reason: 'several corrections satisfy the check digits' });
    });

    it('still takes the character the zone prints just like it (in doubt instead, three misreads passed the check digits by chance on the tuning split)', () => {
      const likeTheZeros = shape(0.01, 1);
      for (const agreed of [false, true]) {
        const reads = zone('O', likeTheZeros, agreed);
        settleLookAlikes('TD1', reads);
        expect(reads[0][5].text).toBe('0');
      }
    });
  });

  it('loads traineddata, the PaddleOCR recogniser (onnxruntime-node) and WebAssembly from node_modules with outbound connections refused', () => {
    const root = process.cwd();
    const child = spawnSync(
      process.execPath,
      ['--require', join(root, 'test/support/refuse-network.cjs'), join(root, 'test/support/read-offline.mjs'), String(PASSPORT), String(LICENCE)],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.stderr).toContain('network refused in main thread');
    expect(child.stderr).toContain('network refused in worker thread');
    expect(child.status).toBe(0);
    const result = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}');
    expect(result.mrz).toMatchObject({ readable: true, lines: result.truth });
    expect(result.barcode).toMatchObject({ readable: true, payload: result.barcodeTruth });
  });
});
