import { countryCodes } from '../countries.js';
import { parseListDates } from '../dates.js';
import { ListFormatError } from '../list-format-error.js';
import type { ListEntity, ListEntityKind, ParsedList } from '../types.js';
import { children, distinct, joinName, parseXml, required, root, text, texts } from './xml.js';

const REPEATED = new Set(['sdnEntry', 'aka', 'program', 'nationality', 'citizenship', 'dateOfBirthItem', 'address']);

function kindOf(sdnType: string | null, path: string): ListEntityKind {
  switch ((sdnType ?? '').toLowerCase()) {
    case 'individual':
      return 'person';
    case 'entity':
      return 'entity';
    case 'vessel':
      return 'vessel';
    case 'aircraft':
      return 'aircraft';
    default:
      throw new ListFormatError(`${path}/sdnType`, `unknown sdnType "${sdnType ?? ''}" (expected Individual, Entity, Vessel or Aircraft)`);
  }
}

/** OFAC's Specially Designated Nationals list in its XML form (`sdn.xml`, root `<sdnList>`). */
export function parseOfacXml(content: string): ParsedList {
  const list = root(parseXml(content, REPEATED), 'sdnList');
  const publish = children(list, 'publshInformation')[0] ?? children(list, 'publishInformation')[0];
  const entities = children(list, 'sdnEntry').map((entry, index): ListEntity => {
    const path = `sdnList/sdnEntry[${index + 1}]`;
    const uid = required(entry, 'uid', path);
    const lastName = required(entry, 'lastName', path);
    const kind = kindOf(text(entry, 'sdnType'), path);
    const aliases = children(children(entry, 'akaList')[0], 'aka').map((aka) => joinName(text(aka, 'firstName'), text(aka, 'lastName')));
    const dates = children(children(entry, 'dateOfBirthList')[0], 'dateOfBirthItem').map((item) => text(item, 'dateOfBirth'));
    const countries = [
      ...children(children(entry, 'nationalityList')[0], 'nationality').map((n) => text(n, 'country')),
      ...children(children(entry, 'citizenshipList')[0], 'citizenship').map((n) => text(n, 'country')),
    ];
    return {
      source: 'ofac-sdn',
      externalId: uid,
      kind,
      name: joinName(text(entry, 'firstName'), lastName),
      aliases: distinct(aliases),
      datesOfBirth: parseListDates(dates),
      nationalities: countryCodes(countries),
      programmes: distinct(texts(children(entry, 'programList')[0], 'program')),
    };
  });
  return { format: 'ofac-sdn-xml', source: 'ofac-sdn', version: text(publish, 'Publish_Date'), entities };
}
