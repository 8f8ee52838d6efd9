import { KYC_STATUSES, MARITAL_STATUSES, SEXES } from '../applicants/applicant.enums.js';
import { hasValidCheckDigit, icaoCheckDigit, td1Lines, td3Lines } from './check-digits.js';
import { fakeApplicant, fakeApplicants } from './fake-applicant.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../document-reading/quality.js';
import { compareWithDocument } from '../applicants/analysis/document-data.js';
import { asTyped, fakeSubmission, photoTrouble, type ReadDocument } from './fake-submission.js';

/** Only a spoilt photo goes to the reader. */
const notRead: ReadDocument = () => {
  throw new Error('the reader was asked to read a photo that is not spoilt');
};

const NOW = new Date('2026-11-21T12:00:00Z');

describe('ICAO 9303 check digits', () => {
  it('match the specimen passport of ICAO Doc 9303 part 4 (TD3)', () => {
    const lines = td3Lines({
      documentCode: 'P',
      issuingState: 'UTO',
      surname: 'Eriksson',
      givenNames: 'Anna María',
      documentNumber: 'L898902C3',
      nationality: 'UTO',
      dateOfBirth: '1974-08-12',
      sex: 'F',
      expiryDate: '2012-04-15',
      optionalData: 'ZE184226B',
    });
    expect(lines).toEqual(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']);
  });

  it('match the specimen identity card of ICAO Doc 9303 part 5 (TD1)', () => {
    const lines = td1Lines({
      documentCode: 'I',
      issuingState: 'UTO',
      surname: 'Eriksson',
      givenNames: 'Anna Maria',
      documentNumber: 'D23145890',
      nationality: 'UTO',
      dateOfBirth: '1974-08-12',
      sex: 'F',
      expiryDate: '2012-04-15',
    });
    expect(lines).toEqual(['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<']);
  });

  it('weigh 7-3-1 with letters valued from 10 and the filler as 0', () => {
    expect(icaoCheckDigit('520727')).toBe('3');
    expect(icaoCheckDigit('AB2134<<<')).toBe('5');
  });
});

describe('the fake applicant generator', () => {
  const series = fakeApplicants(1000, { seed: 'unit', now: NOW });
  const submitted = series.filter((applicant) => applicant.kycStatus !== 'init');

  it('gives every document number a valid ICAO check digit, and a changed digit breaks it', () => {
    expect(submitted.length).toBeGreaterThan(750);
    for (const applicant of submitted) expect(hasValidCheckDigit(applicant.docNumber ?? '')).toBe(true);
    const number = submitted[0].docNumber ?? '';
    const tampered = number.slice(0, -2) + String((Number(number.at(-2)) + 1) % 10) + number.at(-1);
    expect(hasValidCheckDigit(tampered)).toBe(false);
  });

  it('is deterministic for a seed, different across seeds, and never repeats a userId', () => {
    expect(fakeApplicant(17, { seed: 'unit', now: NOW })).toEqual(series[17]);
    expect(fakeApplicant(17, { seed: 'other', now: NOW }).userId).not.toBe(series[17].userId);
    expect(new Set(series.map((applicant) => applicant.userId)).size).toBe(series.length);
  });

  it('mixes every kycStatus, with review answers only on completed applicants', () => {
    expect(new Set(series.map((applicant) => applicant.kycStatus))).toEqual(new Set(KYC_STATUSES));
    for (const applicant of series) {
      expect(applicant.reviewAnswer !== null).toBe(applicant.kycStatus === 'completed');
      if (applicant.reviewAnswer === 'rejected') {
        expect(applicant.rejectReason).toEqual(expect.any(String));
        expect(['final', 'resubmission']).toContain(applicant.rejectType);
      }
    }
    const answers = new Set(series.map((applicant) => applicant.reviewAnswer));
    expect(answers).toEqual(new Set([null, 'approved', 'rejected']));
  });

  it('keeps dates in order and in the past, and enum fields within their enums', () => {
    for (const applicant of series) {
      expect(applicant.createdAt.getTime()).toBeLessThan(NOW.getTime());
      if (applicant.kycStatus === 'init') {
        expect(applicant.name).toBeNull();
        expect(applicant.submittedAt).toBeNull();
        continue;
      }
      expect(applicant.submittedAt!.getTime()).toBeGreaterThanOrEqual(applicant.createdAt.getTime());
      if (applicant.decidedAt) expect(applicant.decidedAt.getTime()).toBeGreaterThanOrEqual(applicant.submittedAt!.getTime());
      expect(applicant.decidedAt !== null).toBe(['completed', 'onHold'].includes(applicant.kycStatus));
      expect(SEXES).toContain(applicant.sex);
      expect(MARITAL_STATUSES).toContain(applicant.maritalStatus);
      expect(applicant.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(submitted.map((applicant) => applicant.country)).size).toBeGreaterThanOrEqual(8);
  });

  it('draws each side of the document and a selfie as JPEG photos that pass the upload measures, and what reading them gives', async () => {
    const card = submitted.find((applicant) => applicant.documentType === 'ID_CARD' && !photoTrouble(applicant))!;
    const submission = (await fakeSubmission(card, notRead))!;
    expect(submission.images.map((image) => [image.docType, image.side, image.contentType])).toEqual([
      ['ID_CARD', 'front', 'image/jpeg'],
      ['ID_CARD', 'back', 'image/jpeg'],
      ['SELFIE', null, 'image/jpeg'],
    ]);
    for (const image of submission.images) {
      expect([...image.data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(image.data.length).toBeLessThan(100_000);
    }
    for (const { quality, width, height } of submission.images.slice(0, 2)) {
      expect(quality).toMatchObject({ width, height });
      expect(quality!.sharpness).toBeGreaterThanOrEqual(DEFAULT_QUALITY_THRESHOLDS.minSharpness);
      expect(quality!.glare).toBeLessThanOrEqual(DEFAULT_QUALITY_THRESHOLDS.maxGlare);
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(DEFAULT_QUALITY_THRESHOLDS.minShortSide);
    }
    expect(submission.images[2].quality).toBeNull();
    expect(submission.read).toMatchObject({
      source: 'mrz',
      format: 'TD1',
      documentNumber: card.docNumber,
      dateOfBirth: card.dateOfBirth,
      expiryDate: card.expiryDate,
    });
    expect(compareWithDocument(card, submission.read!).map((field) => field.verdict)).toEqual(['match', 'match', 'match', 'match', 'match']);

    const passport = (await fakeSubmission(
      submitted.find((applicant) => applicant.documentType === 'PASSPORT' && !photoTrouble(applicant))!,
      notRead,
    ))!;
    expect(passport.images.map((image) => [image.docType, image.side])).toEqual([
      ['PASSPORT', 'front'],
      ['SELFIE', null],
    ]);
    expect(
      await fakeSubmission(
        series.find((applicant) => applicant.kycStatus === 'init')!,
        notRead,
      ),
    ).toBeNull();

    // Some on hold photographed their document with a thumb over the zone: that photo goes to the reader.
    const spoilt = submitted.find((applicant) => photoTrouble(applicant) && applicant.documentType === 'ID_CARD')!;
    expect(spoilt.kycStatus).toBe('onHold');
    const asked: { documentType: string | null; sides: (string | null)[] }[] = [];
    const reader: ReadDocument = async (documentType, images) => {
      asked.push({ documentType, sides: images.map((image) => image.side) });
      return { read: null, reason: 'Unreadable (back: no machine-readable zone found)' };
    };
    expect(await fakeSubmission(spoilt, reader)).toMatchObject({ read: null, reason: 'Unreadable (back: no machine-readable zone found)' });
    expect(asked).toEqual([{ documentType: 'ID_CARD', sides: ['front', 'back'] }]);
  });

  it('has a few applicants not approved mistype one field, which then differs from their document', () => {
    const typed = series.map(asTyped);
    const slipped = typed.filter((t) => t.slip);
    expect(slipped.length).toBeGreaterThan(0);
    for (const { applicant, slip } of slipped) {
      expect(applicant.reviewAnswer).not.toBe('approved');
      const original = series.find((candidate) => candidate.userId === applicant.userId)!;
      expect(applicant[slip!]).not.toBe(original[slip!]);
      if (applicant.reviewAnswer === 'rejected') expect(applicant.rejectReason).toMatch(/name|date of birth|document number/);
    }
    expect(typed.filter((t) => !t.slip).every((t) => series.includes(t.applicant))).toBe(true);
  });
});
