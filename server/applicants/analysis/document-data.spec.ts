import { compareWithDocument, documentNationality, fromMrz, mrzDate, namesMatch, type DocumentData } from './document-data.js';

const TODAY = new Date('2026-11-24T00:00:00Z');
const passport: DocumentData = {
  source: 'mrz',
  format: 'TD3',
  surname: 'MUELLER',
  givenNames: 'JOSE MARIA',
  documentNumber: 'C01X00T47',
  dateOfBirth: '1990-04-12',
  expiryDate: '2031-08-30',
  sex: 'M',
  nationality: 'D',
  issuingState: 'D',
};

describe('declared against document', () => {
  it('reads MRZ dates: birth in the past, expiry in the coming decades', () => {
    expect(mrzDate('900412', 'birth', TODAY)).toBe('1990-04-12');
    expect(mrzDate('050101', 'birth', TODAY)).toBe('2005-01-01');
    expect(mrzDate('310830', 'expiry', TODAY)).toBe('2031-08-30');
    expect(mrzDate('991231', 'expiry', TODAY)).toBe('1999-12-31'); // an old, expired document
    expect(mrzDate('900231', 'birth', TODAY)).toBeNull(); // 31 February
    expect(mrzDate('9O0412', 'birth', TODAY)).toBeNull();
  });

  it('matches names whatever the case, diacritics, order or ICAO transliteration', () => {
    expect(namesMatch('José María Müller', passport, false)).toBe(true);
    // The typed Ü is tried as UE and as U; a typed U stays U, so it differs from the zone's UE.
    expect(namesMatch('MULLER jose maria', passport, false)).toBe(false);
    expect(namesMatch('Jose Maria Mueller', passport, false)).toBe(true);
    expect(namesMatch('Jose Müller', passport, false)).toBe(false);
    // A letter with a stroke is its plain letter in the zone.
    expect(namesMatch('Małgorzata Wiśniewska', { surname: 'WISNIEWSKA', givenNames: 'MALGORZATA' }, false)).toBe(true);
    expect(namesMatch('Đorđe Łukasz', { surname: 'LUKASZ', givenNames: 'DORDE' }, false)).toBe(true);
    // A cut name field: the kept words must be typed, the cut one must begin a typed word.
    expect(namesMatch('Maximilian Alexander Schwarzenberger', { surname: 'SCHWARZENBERGER', givenNames: 'MAXIMILIAN ALEX' }, true)).toBe(true);
    expect(namesMatch('Maximilian Schwarzenberger', { surname: 'SCHWARZENBERGER', givenNames: 'MAXIMILIAN ALEX' }, true)).toBe(false);
  });

  it("drops a name's apostrophes as the zone does, and keeps hyphens and spaces as word breaks (ICAO 9303 part 3)", () => {
    expect(namesMatch("Charles D'Artagnan", { surname: 'DARTAGNAN', givenNames: 'CHARLES' }, false)).toBe(true);
    expect(namesMatch('Siobhán O’Neill', { surname: 'ONEILL', givenNames: 'SIOBHAN' }, false)).toBe(true);
    expect(namesMatch('Jean-Luc Smith-Jones', { surname: 'SMITH JONES', givenNames: 'JEAN LUC' }, false)).toBe(true);
    expect(namesMatch('Søren Weiß', { surname: 'WEISS', givenNames: 'SOEREN' }, false)).toBe(true);
    expect(namesMatch('Guðrún Þórsdóttir', { surname: 'THORSDOTTIR', givenNames: 'GUDRUN' }, false)).toBe(true);
  });

  it('takes a full TD2 or visa name field as cut', () => {
    // TD2's name field is 31 characters: SCHWARZENBERGER<<MAXIMILIAN<ALE fills it.
    const td2 = { ...passport, format: 'TD2', surname: 'SCHWARZENBERGER', givenNames: 'MAXIMILIAN ALE' };
    expect(
      compareWithDocument({ name: 'Maximilian Alexander Schwarzenberger', dateOfBirth: null, docNumber: null, expiryDate: null, sex: null }, td2)[0].verdict,
    ).toBe('match');
  });

  it("reads a French identity card's data: no expiry to compare, French by issue, its given names cut at 14 characters", () => {
    const card = fromMrz(
      'FRA-ID',
      {
        documentCode: 'ID',
        issuingState: 'FRA',
        surname: 'MARTIN',
        givenNames: 'MARIE CHRISTI',
        documentNumber: '880675012345',
        nationality: 'FRA',
        dateOfBirth: '650412',
        sex: 'F',
        expiryDate: '',
        optionalData: '750123',
      },
      TODAY,
    );
    expect(card).toMatchObject({ format: 'FRA-ID', expiryDate: null, dateOfBirth: '1965-04-12', nationality: 'FRA' });
    expect(documentNationality(card)).toBe('FR');
    // MARIE<<CHRISTI fills the 14 positions of the given names: Christine was cut.
    const typed = { name: 'Marie Christine Martin', dateOfBirth: '1965-04-12', docNumber: '880675012345', expiryDate: '2030-01-01', sex: 'F' };
    expect(compareWithDocument(typed, card).map((field) => [field.field, field.verdict])).toEqual([
      ['name', 'match'],
      ['dateOfBirth', 'match'],
      ['docNumber', 'match'],
      ['expiryDate', 'not-read'],
      ['sex', 'match'],
    ]);
  });

  it('gives each field its verdict', () => {
    const declared = { name: 'José María Müller', dateOfBirth: '1990-04-21', docNumber: 'c01x-00t47', expiryDate: null, sex: 'M' };
    expect(compareWithDocument(declared, passport)).toEqual([
      { field: 'name', declared: 'José María Müller', extracted: 'MUELLER JOSE MARIA', verdict: 'match' },
      { field: 'dateOfBirth', declared: '1990-04-21', extracted: '1990-04-12', verdict: 'mismatch' },
      { field: 'docNumber', declared: 'c01x-00t47', extracted: 'C01X00T47', verdict: 'match' },
      { field: 'expiryDate', declared: null, extracted: '2031-08-30', verdict: 'not-declared' },
      { field: 'sex', declared: 'M', extracted: 'M', verdict: 'match' },
    ]);
    expect(compareWithDocument(declared, { ...passport, sex: null }).at(-1)?.verdict).toBe('not-read');
  });
});

describe("the document's nationality, as the sanctions lists are screened", () => {
  it("takes every ICAO state code to its ISO 3166 alpha-2 code, whichever way ICAO writes the state's name", () => {
    const codes = ['D', 'DEU', 'NGA', 'RUS', 'KOR', 'PRK', 'TWN', 'BOL', 'MMR', 'COD', 'BIH', 'SGS', 'GEO', 'GBR', 'GBD', 'XXK', 'USA', 'UMI'];
    expect(Object.fromEntries(codes.map((code) => [code, documentNationality({ nationality: code })]))).toEqual({
      D: 'DE',
      DEU: 'DE',
      NGA: 'NG',
      RUS: 'RU',
      KOR: 'KR',
      PRK: 'KP',
      TWN: 'TW',
      BOL: 'BO',
      MMR: 'MM',
      COD: 'CD',
      BIH: 'BA',
      SGS: 'GS',
      GEO: 'GE',
      GBR: 'GB',
      GBD: 'GB',
      XXK: 'XK',
      USA: 'US',
      UMI: 'UM',
    });
  });

  it('gives none for a code no country stands for, or none read', () => {
    for (const code of ['UTO', 'XXA', 'XXB', 'XXX', 'UNO', 'EUE', 'XPO', 'QQQ', '']) expect(documentNationality({ nationality: code })).toBeNull();
    expect(documentNationality(null)).toBeNull();
    expect(documentNationality({ nationality: null })).toBeNull();
  });
});
