import { countryCodes } from '../countries.js';
import { parseListDate } from '../dates.js';
import type { ListEntity, ParsedList } from '../types.js';
import { children, distinct, joinName, parseXml, required, root, text, texts, type XmlNode } from './xml.js';

const REPEATED = new Set([
  'INDIVIDUAL',
  'ENTITY',
  'INDIVIDUAL_ALIAS',
  'ENTITY_ALIAS',
  'INDIVIDUAL_DATE_OF_BIRTH',
  'NATIONALITY',
  'VALUE',
  'ENTITY_ADDRESS',
  'INDIVIDUAL_ADDRESS',
]);

/** EXACT → the date; YEAR / APPROXIMATELY → the year; BETWEEN → the first year. */
function dateOfBirth(item: XmlNode): string | null {
  return parseListDate(text(item, 'DATE')) ?? parseListDate(text(item, 'YEAR')) ?? parseListDate(text(item, 'FROM_YEAR'));
}

/** The UN Security Council Consolidated List (`consolidated.xml`, root `<CONSOLIDATED_LIST>`). */
export function parseUnXml(content: string): ParsedList {
  const list = root(parseXml(content, REPEATED), 'CONSOLIDATED_LIST');
  const individuals = children(children(list, 'INDIVIDUALS')[0], 'INDIVIDUAL').map((node, index): ListEntity => {
    const path = `CONSOLIDATED_LIST/INDIVIDUALS/INDIVIDUAL[${index + 1}]`;
    const id = required(node, 'DATAID', path);
    const name = joinName(required(node, 'FIRST_NAME', path), text(node, 'SECOND_NAME'), text(node, 'THIRD_NAME'), text(node, 'FOURTH_NAME'));
    const aliases = children(node, 'INDIVIDUAL_ALIAS').map((alias) => text(alias, 'ALIAS_NAME'));
    return {
      source: 'un-consolidated',
      externalId: id,
      kind: 'person',
      name,
      aliases: distinct([...aliases, text(node, 'NAME_ORIGINAL_SCRIPT')]).filter((alias) => alias !== name),
      datesOfBirth: distinct(children(node, 'INDIVIDUAL_DATE_OF_BIRTH').map(dateOfBirth)),
      nationalities: countryCodes(children(node, 'NATIONALITY').flatMap((n) => texts(n, 'VALUE'))),
      programmes: distinct([text(node, 'UN_LIST_TYPE')]),
    };
  });
  const entities = children(children(list, 'ENTITIES')[0], 'ENTITY').map((node, index): ListEntity => {
    const path = `CONSOLIDATED_LIST/ENTITIES/ENTITY[${index + 1}]`;
    const id = required(node, 'DATAID', path);
    const name = required(node, 'FIRST_NAME', path);
    return {
      source: 'un-consolidated',
      externalId: id,
      kind: 'entity',
      name,
      aliases: distinct([...children(node, 'ENTITY_ALIAS').map((alias) => text(alias, 'ALIAS_NAME')), text(node, 'NAME_ORIGINAL_SCRIPT')]).filter(
        (alias) => alias !== name,
      ),
      datesOfBirth: [],
      nationalities: countryCodes(children(node, 'ENTITY_ADDRESS').map((address) => text(address, 'COUNTRY'))),
      programmes: distinct([text(node, 'UN_LIST_TYPE')]),
    };
  });
  return { format: 'un-xml', source: 'un-consolidated', version: text(list, 'dateGenerated'), entities: [...individuals, ...entities] };
}
