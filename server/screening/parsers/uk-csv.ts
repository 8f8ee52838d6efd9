import { countryCodes } from '../countries.js';
import { parseListDate } from '../dates.js';
import { ListFormatError } from '../list-format-error.js';
import type { ListEntity, ListEntityKind, ParsedList } from '../types.js';
import { columnIndex, readCsv } from './csv.js';
import { distinct, joinName } from './xml.js';

const COLUMNS = [
  'Name 6',
  'Name 1',
  'Name 2',
  'Name 3',
  'Name 4',
  'Name 5',
  'Name Non-Latin Script',
  'DOB',
  'Nationality',
  'Group Type',
  'Alias Type',
  'Regime',
  'Group ID',
] as const;

function kindOf(groupType: string, line: number): ListEntityKind {
  switch (groupType.toLowerCase()) {
    case 'individual':
      return 'person';
    case 'entity':
      return 'entity';
    case 'ship':
      return 'vessel';
    default:
      throw new ListFormatError(`line ${line}`, `unknown Group Type "${groupType}" (expected Individual, Entity or Ship)`);
  }
}

/**
 * The UK's consolidated list of financial sanctions targets (OFSI, `ConList.csv`): a first
 * line `Last Updated,<date>`, a header, then one row per name; rows are gathered by Group ID,
 * the row whose Alias Type is "Primary name" giving the name. Name 6 is the surname,
 * Name 1–5 the given names; a DOB of `00/00/1962` means the year alone is known, and
 * several nationalities are written `(1) Iran (2) Iraq`.
 */
export function parseUkCsv(content: string): ParsedList {
  const firstBreak = content.search(/\r?\n/);
  const firstLine = firstBreak < 0 ? content : content.slice(0, firstBreak);
  const lastUpdated = /^\uFEFF?"?Last Updated"?\s*,\s*"?([^",]+)"?/i.exec(firstLine);
  const rows = lastUpdated ? readCsv(content.slice(firstBreak + 1).replace(/^\n/, ''), ',', 2) : readCsv(content, ',');
  if (rows.length === 0) throw new ListFormatError('line 1', 'the file is empty');
  const col = columnIndex(rows[0], COLUMNS);
  const groups = new Map<
    string,
    { entity: ListEntity; primary: string[]; others: string[]; scripts: string[]; dates: (string | null)[]; countries: string[]; regimes: string[] }
  >();
  for (const { line, fields } of rows.slice(1)) {
    const get = (name: (typeof COLUMNS)[number]) => fields[col[name]] ?? '';
    const id = get('Group ID');
    if (!/^\d+$/.test(id)) throw new ListFormatError(`line ${line}`, `Group ID "${id}" is not a number`);
    const name = joinName(get('Name 1'), get('Name 2'), get('Name 3'), get('Name 4'), get('Name 5'), get('Name 6'));
    if (!name) throw new ListFormatError(`line ${line}`, 'the row has no name (Name 1 to Name 6 are empty)');
    let group = groups.get(id);
    if (!group) {
      group = {
        entity: {
          source: 'uk-consolidated',
          externalId: id,
          kind: kindOf(get('Group Type'), line),
          name: '',
          aliases: [],
          datesOfBirth: [],
          nationalities: [],
          programmes: [],
        },
        primary: [],
        others: [],
        scripts: [],
        dates: [],
        countries: [],
        regimes: [],
      };
      groups.set(id, group);
    }
    (get('Alias Type').toLowerCase() === 'primary name' ? group.primary : group.others).push(name);
    group.scripts.push(get('Name Non-Latin Script'));
    group.dates.push(parseListDate(get('DOB')));
    group.countries.push(...get('Nationality').split(/\(\d+\)/));
    group.regimes.push(get('Regime'));
  }
  const entities = [...groups.values()].map(({ entity, primary, others, scripts, dates, countries, regimes }) => {
    const names = distinct([...primary, ...others, ...scripts]);
    return {
      ...entity,
      name: names[0],
      aliases: names.slice(1),
      datesOfBirth: distinct(dates),
      nationalities: countryCodes(countries),
      programmes: distinct(regimes),
    };
  });
  return { format: 'uk-csv', source: 'uk-consolidated', version: lastUpdated ? (parseListDate(lastUpdated[1]) ?? lastUpdated[1]) : null, entities };
}
