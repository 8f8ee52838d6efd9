import { countryCodes } from '../countries.js';
import { parseListDates } from '../dates.js';
import { ListFormatError } from '../list-format-error.js';
import type { ListEntity, ListEntityKind, ParsedList } from '../types.js';
import { readCsv } from './csv.js';
import { distinct } from './xml.js';

/** sdn.csv has no header; these are its twelve columns, in order. */
const COLUMNS = 12;
const NULL = '-0-';
/** sdn.csv ends with the DOS end-of-file character (SUB, U+001A) on a line of its own. */
const END_OF_FILE = String.fromCharCode(0x1a);

const value = (field: string | undefined) => (field === undefined || field === NULL ? '' : field);

function kindOf(type: string): ListEntityKind {
  switch (type.toLowerCase()) {
    case 'individual':
      return 'person';
    case 'vessel':
      return 'vessel';
    case 'aircraft':
      return 'aircraft';
    default:
      return 'entity';
  }
}

/** "AL-ZAWAHIRI, Ayman" → "Ayman AL-ZAWAHIRI": given names first, as on the other lists. */
function individualName(name: string): string {
  const comma = name.indexOf(',');
  return comma < 0 ? name : `${name.slice(comma + 1).trim()} ${name.slice(0, comma).trim()}`.trim();
}

/** What the Remarks column says about the person: `DOB 10 Jan 1952; nationality Cuba; a.k.a. 'X'`. */
function remarks(text: string): { dates: string[]; countries: string[]; aliases: string[] } {
  const all = (pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1].trim());
  return {
    dates: all(/(?:^|;\s*|alt\.\s*)DOB\s+([^;]+?)(?=;|\.$|$)/gi),
    countries: [...all(/nationality\s+([^;]+?)(?=;|\.$|$)/gi), ...all(/citizen(?:ship)?\s+([^;]+?)(?=;|\.$|$)/gi)],
    aliases: all(/a\.k\.a\.\s+'([^']+)'/gi),
  };
}

/**
 * OFAC's SDN list as `sdn.csv`: no header, twelve columns (ent_num, SDN_Name, SDN_Type,
 * Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks),
 * `-0-` for an empty field, and a last line holding the end-of-file character.
 * Aliases come from the remarks' a.k.a.s; OFAC's separate alt.csv is not read.
 */
export function parseOfacCsv(content: string): ParsedList {
  const rows = readCsv(content.trimEnd().endsWith(END_OF_FILE) ? content.trimEnd().slice(0, -1) : content, ',');
  const entities = rows.map(({ line, fields }): ListEntity => {
    if (fields.length !== COLUMNS) throw new ListFormatError(`line ${line}`, `expected ${COLUMNS} fields (ent_num … Remarks), found ${fields.length}`);
    const [entNum, sdnName, sdnType, program] = fields;
    if (!/^\d+$/.test(entNum)) throw new ListFormatError(`line ${line}`, `ent_num "${entNum}" is not a number`);
    if (!value(sdnName)) throw new ListFormatError(`line ${line}`, 'SDN_Name is empty');
    const kind = kindOf(value(sdnType));
    const notes = remarks(value(fields[11]));
    return {
      source: 'ofac-sdn',
      externalId: entNum,
      kind,
      name: kind === 'person' ? individualName(sdnName) : sdnName,
      aliases: distinct(kind === 'person' ? notes.aliases.map(individualName) : notes.aliases),
      datesOfBirth: parseListDates(notes.dates),
      nationalities: countryCodes(notes.countries),
      // Programmes are written "SDGT] [IRGC" inside one field.
      programmes: distinct(
        value(program)
          .replace(/[[\]]/g, ' ')
          .split(/\s{2,}|;/),
      ),
    };
  });
  return { format: 'ofac-sdn-csv', source: 'ofac-sdn', version: null, entities };
}
