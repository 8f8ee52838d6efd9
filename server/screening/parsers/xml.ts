import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ListFormatError } from '../list-format-error.js';

/** An element as fast-xml-parser gives it: attributes and children by name, text as `#text`. */
export type XmlNode = Record<string, unknown>;

/**
 * Parses a list file, refusing malformed XML with the line and column of the fault.
 * Elements named in `repeated` are always arrays, so one entry and many read alike.
 * A document type declaration is refused wherever it sits (padding cannot push it out of
 * sight): no official list has one, and the entities it may declare are the classic way to
 * make a parser eat the machine's memory.
 */
export function parseXml(text: string, repeated: ReadonlySet<string>): XmlNode {
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new ListFormatError(null, 'XML document type and entity declarations are not accepted in a list file');
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) throw new ListFormatError(`line ${verdict.err.line}, column ${verdict.err.col}`, `malformed XML: ${verdict.err.msg}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    isArray: (name) => repeated.has(name),
  });
  return parser.parse(text) as XmlNode;
}

/** The child elements named `name` (none → an empty list). */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (typeof item === 'object' && item !== null ? (item as XmlNode) : { '#text': String(item) }));
}

/** The text of a child element or attribute, trimmed; null when absent or empty. */
export function text(node: XmlNode | undefined, name: string): string | null {
  const value = node?.[name];
  if (value === undefined || value === null) return null;
  const first = Array.isArray(value) ? value[0] : value;
  const raw = typeof first === 'object' && first !== null ? (first as XmlNode)['#text'] : first;
  if (raw === undefined || raw === null) return null;
  const trimmed = String(raw).trim();
  return trimmed === '' ? null : trimmed;
}

/** The texts of every child element named `name`. */
export function texts(node: XmlNode | undefined, name: string): string[] {
  return children(node, name)
    .map((child) => (child['#text'] === undefined ? '' : String(child['#text']).trim()))
    .filter((value) => value !== '');
}

/** The one root element, or an error naming what was expected. */
export function root(document: XmlNode, name: string): XmlNode {
  const node = document[name];
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    if (node === '') return {};
    throw new ListFormatError(name, `the root element <${name}> is missing`);
  }
  return node as XmlNode;
}

/** A required text, or an error naming the element path. */
export function required(node: XmlNode, name: string, path: string): string {
  const value = text(node, name);
  if (value === null) throw new ListFormatError(`${path}/${name}`, `required element or attribute "${name}" is missing or empty`);
  return value;
}

/** Names joined with single spaces, empty parts skipped. */
export function joinName(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => !!part && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
}

/** Distinct non-empty values in first-seen order. */
export function distinct(values: Iterable<string | null | undefined>): string[] {
  const seen = new Set<string>();
  for (const value of values) if (value && value.trim()) seen.add(value.trim());
  return [...seen];
}
