import { ListFormatError } from './list-format-error.js';
import { parseEuCsv } from './parsers/eu-csv.js';
import { parseEuXml } from './parsers/eu-xml.js';
import { parseOfacCsv } from './parsers/ofac-csv.js';
import { parseOfacXml } from './parsers/ofac-xml.js';
import { parseUkCsv } from './parsers/uk-csv.js';
import { parseUnXml } from './parsers/un-xml.js';
import type { ListFormat, ParsedList } from './types.js';

const PARSERS: Record<ListFormat, (content: string) => ParsedList> = {
  'ofac-sdn-xml': parseOfacXml,
  'ofac-sdn-csv': parseOfacCsv,
  'un-xml': parseUnXml,
  'eu-xml': parseEuXml,
  'eu-csv': parseEuCsv,
  'uk-csv': parseUkCsv,
};

/** The first element's name after the XML declaration, comments and processing instructions. */
function rootElement(head: string): string | null {
  const stripped = head.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  return /<\s*(?:[\w.-]+:)?([\w.-]+)/.exec(stripped)?.[1] ?? null;
}

/**
 * Which list and format a file holds, from its content alone (a file name can lie):
 * the XML root element, or the CSV's first line.
 */
export function detectListFormat(content: string): ListFormat {
  const head = content
    .replace(/^\uFEFF/, '')
    .slice(0, 4096)
    .trimStart();
  if (head.startsWith('<')) {
    const element = rootElement(head);
    if (element === 'sdnList') return 'ofac-sdn-xml';
    if (element === 'CONSOLIDATED_LIST') return 'un-xml';
    if (element === 'export') return 'eu-xml';
    throw new ListFormatError(
      null,
      `unrecognised XML list: root element <${element ?? '?'}> (expected <sdnList> from OFAC, <CONSOLIDATED_LIST> from the UN or <export> from the EU)`,
    );
  }
  const firstLine = head.split(/\r?\n/, 1)[0];
  if (/^"?Last Updated"?\s*,/i.test(firstLine) || (firstLine.includes('Name 6') && firstLine.includes('Group ID'))) return 'uk-csv';
  if (firstLine.includes('Entity_LogicalId')) return 'eu-csv';
  if (/^\d+,\d+,"/.test(firstLine)) throw new ListFormatError('line 1', "this looks like OFAC's alt.csv (aliases only): import sdn.csv");
  if (/^\d+,"/.test(firstLine)) return 'ofac-sdn-csv';
  throw new ListFormatError(
    'line 1',
    'unrecognised list file: expected OFAC sdn.xml or sdn.csv, the UN consolidated XML, the EU consolidated CSV or XML, or the UK consolidated CSV',
  );
}

/** Detects the format and parses the whole file; any fault throws a ListFormatError naming where. */
export function parseListFile(content: string | Buffer): ParsedList {
  const text = typeof content === 'string' ? content : content.toString('utf8');
  if (text.includes('\u0000')) throw new ListFormatError(null, 'the file is binary, not a list in XML or CSV');
  const parsed = PARSERS[detectListFormat(text)](text.replace(/^\uFEFF/, ''));
  if (parsed.entities.length === 0) throw new ListFormatError(null, 'the file lists no entities');
  const seen = new Set<string>();
  for (const entity of parsed.entities) {
    if (seen.has(entity.externalId)) throw new ListFormatError(null, `the identifier ${entity.externalId} is listed twice`);
    seen.add(entity.externalId);
  }
  return parsed;
}
