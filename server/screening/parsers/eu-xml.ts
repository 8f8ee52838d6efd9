import { countryCodes } from '../countries.js';
import { parseListDate } from '../dates.js';
import type { ListEntity, ListEntityKind, ParsedList } from '../types.js';
import { children, distinct, joinName, parseXml, required, root, text, type XmlNode } from './xml.js';

const REPEATED = new Set(['sanctionEntity', 'nameAlias', 'citizenship', 'birthdate', 'regulation', 'address']);

/** The EU's subject types: person (P) and enterprise (E). */
export function euKind(code: string | null): ListEntityKind {
  return code === 'person' || code === 'P' ? 'person' : 'entity';
}

/** An EU nameAlias: its wholeName, or its parts. */
export function euAliasName(alias: XmlNode): string | null {
  return text(alias, 'wholeName') ?? (joinName(text(alias, 'firstName'), text(alias, 'middleName'), text(alias, 'lastName')) || null);
}

/** The EU's birthdate: the full date, or year (and month) where only those are known. */
export function euBirthdate(item: XmlNode): string | null {
  const full = parseListDate(text(item, 'birthdate'));
  if (full) return full;
  const year = text(item, 'year');
  const month = text(item, 'monthOfYear');
  if (!year) return null;
  return parseListDate(month ? `${year}-${month.padStart(2, '0')}-00` : year);
}

/** The EU Consolidated Financial Sanctions list in its XML form (root `<export>`, one `<sanctionEntity>` each). */
export function parseEuXml(content: string): ParsedList {
  const list = root(parseXml(content, REPEATED), 'export');
  const entities = children(list, 'sanctionEntity').map((node, index): ListEntity => {
    const path = `export/sanctionEntity[${index + 1}]`;
    const id = required(node, 'logicalId', path);
    const names = distinct(children(node, 'nameAlias').map(euAliasName));
    if (names.length === 0) required({}, 'nameAlias', path);
    return {
      source: 'eu-consolidated',
      externalId: id,
      kind: euKind(text(children(node, 'subjectType')[0], 'code')),
      name: names[0],
      aliases: names.slice(1),
      datesOfBirth: distinct(children(node, 'birthdate').map(euBirthdate)),
      nationalities: countryCodes(children(node, 'citizenship').map((c) => text(c, 'countryIso2Code') ?? text(c, 'countryDescription'))),
      programmes: distinct(children(node, 'regulation').map((r) => text(r, 'programme'))),
    };
  });
  return { format: 'eu-xml', source: 'eu-consolidated', version: text(list, 'generationDate'), entities };
}
