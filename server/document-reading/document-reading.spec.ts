import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { td3Lines } from '../applicants/fake/check-digits.js';
import { fakeApplicant } from '../applicants/fake/fake-applicant.js';
import { renderFakeDocument } from '../applicants/fake/fake-documents.js';
import { assessQuality, correctMrz, readLicenceBarcode, readMrz, terminateOcrWorker } from './index.js';

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
    const report = await assessQuality(await sharp(page.png).composite([{ input: spot }]).png().toBuffer());
    expect(report.problems).toEqual([{ problem: 'glare', message: 'Glare covers part of the document' }]);
    expect(report.measures.glare).toBeGreaterThan(0.08);
  });

  it('corrects an O read for 0 with the check digits, field by field', () => {
    const truth = martinZone();
    // O for 0 in the document number (alphanumeric: the check digit decides) and in the birth date (numeric).
    const misread = [truth[0], 'ABO012345' + truth[1].slice(9, 13) + '9O' + truth[1].slice(15)];
    expect(correctMrz('TD3', misread)).toEqual({ ok: true, lines: truth, substitutions: 2 });
  });

  it('refuses a read whose check digit cannot be satisfied', () => {
    const truth = martinZone();
    const wrongBirth = [truth[0], truth[1].slice(0, 13) + '900404' + truth[1].slice(19)];
    expect(correctMrz('TD3', wrongBirth)).toMatchObject({ ok: false, reason: expect.stringContaining('check digit') });
  });

  it('refuses a name letter read without confidence, and a look-alike the check digit cannot tell apart', () => {
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
    expect(correctMrz('TD3', truth, sure)).toEqual({ ok: true, lines: truth, substitutions: 0 });
    // 'PIDTR' for 'PIOTR': names have no check digit, so a doubtful letter makes the read unreadable.
    const name = [truth[0].replace('PIOTR', 'PIDTR'), truth[1]];
    const doubtfulName = sure.map((line) => [...line]);
    doubtfulName[0][14] = 62;
    expect(correctMrz('TD3', name, doubtfulName)).toMatchObject({ ok: false, reason: expect.stringContaining('without confidence') });
    // G and 6 are worth the same modulo 10: a doubtful G where 6 is printed satisfies every check digit.
    const number = [truth[0], truth[1].replace('PE67', 'PEG7')];
    const doubtfulNumber = sure.map((line) => [...line]);
    doubtfulNumber[1][2] = 70;
    expect(correctMrz('TD3', number, doubtfulNumber)).toMatchObject({ ok: false, reason: expect.stringContaining('several corrections') });
  });

  it("settles a state code's doubtful letter by ICAO's list only when no other letter makes a state", () => {
    const person = { documentCode: 'P', surname: 'Nowak', givenNames: 'Piotr', documentNumber: 'PE6712345', dateOfBirth: '1986-02-18', sex: 'M' as const, expiryDate: '2035-09-07' };
    const mexican = td3Lines({ ...person, issuingState: 'MEX', nationality: 'MEX' });
    const doubtfulX = mexican.map((line) => line.split('').map(() => 97));
    doubtfulX[1][12] = 60;
    expect(correctMrz('TD3', mexican, doubtfulX)).toMatchObject({ ok: true, lines: mexican });
    // POL with a doubtful O: PHL is a state too.
    const polish = td3Lines({ ...person, issuingState: 'POL', nationality: 'POL' });
    const doubtfulO = polish.map((line) => line.split('').map(() => 97));
    doubtfulO[1][11] = 60;
    expect(correctMrz('TD3', polish, doubtfulO)).toMatchObject({ ok: false, reason: expect.stringContaining('without confidence') });
  });

  it('turns a chevron misread after the names\' padding into filler', () => {
    const truth = martinZone();
    const misread = [truth[0].slice(0, 30) + 'C' + truth[0].slice(31), truth[1]];
    expect(correctMrz('TD3', misread, truth.map((line) => line.split('').map(() => 95)))).toEqual({ ok: true, lines: truth, substitutions: 1 });
  });

  it('loads traineddata and WebAssembly from node_modules with outbound connections refused', () => {
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
