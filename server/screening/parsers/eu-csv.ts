import { countryCodes } from '../countries.js';
import { parseListDate } from '../dates.js';
import { ListFormatError } from '../list-format-error.js';
import type { ListEntity, ParsedList } from '../types.js';
import { columnIndex, readCsv } from './csv.js';
import { distinct, joinName } from './xml.js';
import { euKind } from './eu-xml.js';

const COLUMNS = [
  'Entity_LogicalId',
  'Entity_SubjectType_ClassificationCode',
  'Entity_Regulation_Programme',
  'NameAlias_LastName',
  'NameAlias_FirstName',
  'NameAlias_MiddleName',
  'NameAlias_WholeName',
  'BirthDate_BirthDate',
  'BirthDate_Month',
  'BirthDate_Year',
  'Citizenship_CountryIso2Code',
  'Citizenship_CountryDescription',
] as const;

interface Draft {
  entity: ListEntity;
  names: string[];
  dates: (string | null)[];
  countries: string[];
  programmes: string[];
}

/**
 * The EU Consolidated Financial Sanctions list as CSV (format 1.1): semicolon-separated,
 * one header line, and one row per combination of an entity's names, birth dates,
 * citizenships, addresses… — rows are gathered by Entity_LogicalId.
 */
export function parseEuCsv(content: string): ParsedList {
  const rows = readCsv(content, ';');
  if (rows.length === 0) throw new ListFormatError('line 1', 'the file is empty');
  const col = columnIndex(rows[0], COLUMNS);
  const generated = rows[0].fields.indexOf('fileGenerationDate');
  const drafts = new Map<string, Draft>();
  for (const { line, fields } of rows.slice(1)) {
    const get = (name: (typeof COLUMNS)[number]) => fields[col[name]] ?? '';
    const id = get('Entity_LogicalId');
    if (!/^\d+$/.test(id)) throw new ListFormatError(`line ${line}`, `Entity_LogicalId "${id}" is not a number`);
    let draft = drafts.get(id);
    if (!draft) {
      draft = {
        entity: {
          source: 'eu-consolidated',
          externalId: id,
          kind: euKind(get('Entity_SubjectType_ClassificationCode')),
          name: '',
          aliases: [],
          datesOfBirth: [],
          nationalities: [],
          programmes: [],
        },
        names: [],
        dates: [],
        countries: [],
        programmes: [],
      };
      drafts.set(id, draft);
    }
    draft.names.push(get('NameAlias_WholeName') || joinName(get('NameAlias_FirstName'), get('NameAlias_MiddleName'), get('NameAlias_LastName')));
    const month = get('BirthDate_Month');
    draft.dates.push(
      parseListDate(get('BirthDate_BirthDate')) ??
        parseListDate(month && get('BirthDate_Year') ? `${get('BirthDate_Year')}-${month.padStart(2, '0')}-00` : get('BirthDate_Year')),
    );
    draft.countries.push(get('Citizenship_CountryIso2Code') || get('Citizenship_CountryDescription'));
    draft.programmes.push(get('Entity_Regulation_Programme'));
  }
  const entities = [...drafts.values()].map(({ entity, names, dates, countries, programmes }) => {
    const all = distinct(names);
    if (all.length === 0) throw new ListFormatError(null, `entity ${entity.externalId} has no name in any row`);
    return {
      ...entity,
      name: all[0],
      aliases: all.slice(1),
      datesOfBirth: distinct(dates),
      nationalities: countryCodes(countries),
      programmes: distinct(programmes),
    };
  });
  const version = generated >= 0 ? (rows[1]?.fields[generated] ?? null) || null : null;
  return { format: 'eu-csv', source: 'eu-consolidated', version, entities };
}
