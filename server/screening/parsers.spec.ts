import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectListFormat, ListFormatError, parseListFile, type ListEntity, type ParsedList } from './index.js';

const fixture = (name: string) => readFileSync(join(process.cwd(), 'test/fixtures/sanctions', name), 'utf8');
const byId = (list: ParsedList, id: string): ListEntity => {
  const entity = list.entities.find((e) => e.externalId === id);
  if (!entity) throw new Error(`no entity ${id}`);
  return entity;
};
const failure = (content: string): ListFormatError => {
  try {
    parseListFile(content);
  } catch (error) {
    if (error instanceof ListFormatError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
};

describe('reading the official list files', () => {
  it('recognises each format from its content, whatever the file is called', () => {
    expect(detectListFormat(fixture('ofac-sdn.xml'))).toBe('ofac-sdn-xml');
    expect(detectListFormat(fixture('ofac-sdn.csv'))).toBe('ofac-sdn-csv');
    expect(detectListFormat(fixture('un-consolidated.xml'))).toBe('un-xml');
    expect(detectListFormat(fixture('eu-consolidated.xml'))).toBe('eu-xml');
    expect(detectListFormat(fixture('eu-consolidated.csv'))).toBe('eu-csv');
    expect(detectListFormat(fixture('uk-consolidated.csv'))).toBe('uk-csv');
  });

  it('reads OFAC sdn.xml: names, a.k.a.s, dates of birth, nationalities, programmes and the publish date', () => {
    const list = parseListFile(fixture('ofac-sdn.xml'));
    expect(list).toMatchObject({ source: 'ofac-sdn', format: 'ofac-sdn-xml', version: '03/01/2026' });
    expect(list.entities).toHaveLength(5);
    expect(byId(list, '9101')).toEqual({
      source: 'ofac-sdn',
      externalId: '9101',
      kind: 'person',
      name: 'Viktor Ivanovich KOVALENKO',
      aliases: ['Victor KOVALENKO', 'KOVAL'],
      datesOfBirth: ['1961-03-14'],
      nationalities: ['RU'],
      programmes: ['UKRAINE-EO13660', 'RUSSIA-EO14024'],
    });
    expect(byId(list, '9201')).toMatchObject({ datesOfBirth: ['1975', '1976'], nationalities: ['YE'] });
    expect(byId(list, '36')).toMatchObject({ kind: 'entity', name: 'AEROCARIBBEAN AIRLINES', aliases: ['AERO-CARIBBEAN'] });
    expect(byId(list, '9401').kind).toBe('vessel');
  });

  it('reads OFAC sdn.csv: "LAST, First" names, the remarks\' DOB, nationality and a.k.a., bracketed programmes', () => {
    const list = parseListFile(fixture('ofac-sdn.csv'));
    expect(list).toMatchObject({ source: 'ofac-sdn', format: 'ofac-sdn-csv', version: null });
    expect(list.entities).toHaveLength(5);
    expect(byId(list, '9101')).toMatchObject({
      kind: 'person',
      name: 'Viktor Ivanovich KOVALENKO',
      aliases: ['Victor KOVALENKO'],
      datesOfBirth: ['1961-03-14'],
      nationalities: ['RU'],
      programmes: ['UKRAINE-EO13660', 'RUSSIA-EO14024'],
    });
    expect(byId(list, '9201')).toMatchObject({ datesOfBirth: ['1975', '1976'], nationalities: ['YE'], aliases: ['Hasan RAHMANI'] });
    expect(byId(list, '9301')).toMatchObject({ kind: 'entity', programmes: ['IRAN'], datesOfBirth: [] });
  });

  it('reads the UN consolidated XML: individuals and entities, original-script names, exact and approximate years', () => {
    const list = parseListFile(fixture('un-consolidated.xml'));
    expect(list).toMatchObject({ source: 'un-consolidated', format: 'un-xml', version: '2026-02-27T18:00:03.637Z' });
    expect(list.entities).toHaveLength(4);
    expect(byId(list, '6908555')).toEqual({
      source: 'un-consolidated',
      externalId: '6908555',
      kind: 'person',
      name: 'DMITRI SERGEYEVICH VOLKOV',
      aliases: ['Dmitry Volkov', 'Дмитрий Сергеевич Волков'],
      datesOfBirth: ['1968-05-02'],
      nationalities: ['RU'],
      programmes: ['DPRK'],
    });
    expect(byId(list, '6908600')).toMatchObject({ datesOfBirth: ['1970', '1971'], nationalities: ['IQ', 'SY'] });
    expect(byId(list, '6908800')).toMatchObject({ kind: 'entity', aliases: ['Golden Crescent Trading Co.'], nationalities: ['KP'] });
  });

  it('reads the EU consolidated XML: every nameAlias, ISO citizenship, a birth month without a day', () => {
    const list = parseListFile(fixture('eu-consolidated.xml'));
    expect(list).toMatchObject({ source: 'eu-consolidated', format: 'eu-xml', version: '2026-02-28T21:36:42.153+01:00' });
    expect(byId(list, '900101')).toEqual({
      source: 'eu-consolidated',
      externalId: '900101',
      kind: 'person',
      name: 'Olena Petrivna Shevchuk',
      aliases: ['Олена Петрівна Шевчук', 'Elena Shevchuk'],
      datesOfBirth: ['1972-09-08'],
      nationalities: ['UA'],
      programmes: ['UKR'],
    });
    expect(byId(list, '900201')).toMatchObject({ name: 'Reza Tehrani', datesOfBirth: ['1966-04'], nationalities: ['IR'] });
    expect(byId(list, '900301')).toMatchObject({ kind: 'entity', name: 'Baltic Amber Holdings JSC' });
  });

  it('reads the EU consolidated CSV into the same entities as its XML, gathering the rows of each', () => {
    const csv = parseListFile(fixture('eu-consolidated.csv'));
    const xml = parseListFile(fixture('eu-consolidated.xml'));
    expect(csv).toMatchObject({ format: 'eu-csv', version: '28/02/2026' });
    expect(csv.entities).toEqual(xml.entities);
  });

  it('reads the UK consolidated CSV: the "Last Updated" line, primary names and AKAs, year-only dates, numbered nationalities', () => {
    const list = parseListFile(fixture('uk-consolidated.csv'));
    expect(list).toMatchObject({ source: 'uk-consolidated', format: 'uk-csv', version: '2026-02-27' });
    expect(list.entities).toHaveLength(3);
    expect(byId(list, '90001')).toEqual({
      source: 'uk-consolidated',
      externalId: '90001',
      kind: 'person',
      name: 'Sergei Pavlovich MARKOV',
      aliases: ['Sergey MARKOV', 'Сергей Павлович Марков'],
      datesOfBirth: ['1958-07-11'],
      nationalities: ['RU'],
      programmes: ['Russia'],
    });
    expect(byId(list, '90002')).toMatchObject({ datesOfBirth: ['1969'], nationalities: ['LB', 'SY'] });
    expect(byId(list, '90003')).toMatchObject({ kind: 'entity', name: 'DELTA FORGE INDUSTRIES', aliases: ['DELTA FORGE'] });
  });
});

describe('refusing a bad list file, saying where', () => {
  it('OFAC XML: an entry without its uid names the element', () => {
    const error = failure(fixture('ofac-sdn.xml').replace('<uid>9201</uid>', ''));
    expect(error.location).toBe('sdnList/sdnEntry[3]/uid');
  });

  it('OFAC XML: an unknown sdnType', () => {
    expect(failure(fixture('ofac-sdn.xml').replace('<sdnType>Vessel</sdnType>', '<sdnType>Submarine</sdnType>')).message).toBe(
      'sdnList/sdnEntry[5]/sdnType: unknown sdnType "Submarine" (expected Individual, Entity, Vessel or Aircraft)',
    );
  });

  it('OFAC CSV: a row with a missing column names its line', () => {
    const error = failure(fixture('ofac-sdn.csv').replace('"SDGT",-0- ,', '"SDGT",'));
    expect(error.message).toBe('line 3: expected 12 fields (ent_num … Remarks), found 11');
  });

  it('UN XML: malformed XML gives the line of the fault', () => {
    const error = failure(fixture('un-consolidated.xml').replace('<SECOND_NAME>NASSER</SECOND_NAME>', '<SECOND_NAME>NASSER</SECOND>'));
    expect(error.location).toMatch(/^line 44, column \d+$/);
    expect(error.message).toContain('malformed XML');
  });

  it('EU XML: a sanctionEntity without a logicalId', () => {
    const error = failure(fixture('eu-consolidated.xml').replace('logicalId="900201"', ''));
    expect(error.location).toBe('export/sanctionEntity[2]/logicalId');
  });

  it('EU CSV: a missing column names the header line; a bad id names its row', () => {
    expect(failure(fixture('eu-consolidated.csv').replace('NameAlias_WholeName', 'WholeName')).message).toBe(
      'line 1: the header has no "NameAlias_WholeName" column',
    );
    expect(failure(fixture('eu-consolidated.csv').replace(';900201;', ';X900201;')).location).toBe('line 5');
  });

  it('UK CSV: an unclosed quote names the line where reading stopped', () => {
    const error = failure(fixture('uk-consolidated.csv').replace('"DELTA FORGE INDUSTRIES"', '"DELTA FORGE INDUSTRIES'));
    expect(error.location).toMatch(/^line \d+$/);
    expect(error.message).toContain('malformed CSV');
  });

  it('UK CSV: an unknown group type names the line', () => {
    expect(failure(fixture('uk-consolidated.csv').replace(',Individual,Primary name,,Syria', ',Person,Primary name,,Syria')).message).toBe(
      'line 5: unknown Group Type "Person" (expected Individual, Entity or Ship)',
    );
  });

  it('refuses files that are no list: other XML, other CSV, binary, empty lists, alt.csv, entity declarations', () => {
    expect(failure('<?xml version="1.0"?><rss></rss>').message).toContain('root element <rss>');
    expect(failure('name,date\nAlice,2020\n').message).toContain('unrecognised list file');
    expect(failure('\u0000\u0001PK').message).toContain('binary');
    expect(failure('<sdnList><publshInformation><Publish_Date>1</Publish_Date></publshInformation></sdnList>').message).toBe('the file lists no entities');
    expect(failure('36,12,"a.k.a.","AERO-CARIBBEAN",-0- \n').message).toContain('alt.csv');
    expect(failure('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><sdnList></sdnList>').message).toContain('entity declarations');
    // Padding does not push the declaration out of sight, and a bare DOCTYPE is refused too.
    const padded = `<?xml version="1.0"?><!DOCTYPE sdnList PUBLIC "<sdnList" "x" [${' '.repeat(20_000)}<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><sdnList>&b;</sdnList>`;
    expect(failure(padded).message).toContain('document type and entity declarations');
    expect(failure('<?xml version="1.0"?><!DOCTYPE sdnList SYSTEM "file:///etc/passwd"><sdnList></sdnList>').message).toContain('document type');
  });
});
