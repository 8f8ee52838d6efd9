/** The official lists this platform reads. */
export const LIST_SOURCES = ['ofac-sdn', 'un-consolidated', 'eu-consolidated', 'uk-consolidated'] as const;
export type ListSource = (typeof LIST_SOURCES)[number];

/** The file formats the parsers understand, recognised from the content. */
export const LIST_FORMATS = ['ofac-sdn-xml', 'ofac-sdn-csv', 'un-xml', 'eu-xml', 'eu-csv', 'uk-csv'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

export const SOURCE_OF_FORMAT: Record<ListFormat, ListSource> = {
  'ofac-sdn-xml': 'ofac-sdn',
  'ofac-sdn-csv': 'ofac-sdn',
  'un-xml': 'un-consolidated',
  'eu-xml': 'eu-consolidated',
  'eu-csv': 'eu-consolidated',
  'uk-csv': 'uk-consolidated',
};

/** Vessels and aircraft are listed too; an applicant is screened against persons only. */
export type ListEntityKind = 'person' | 'entity' | 'vessel' | 'aircraft';

/** One listed person or organisation, the same shape whatever list it came from. */
export interface ListEntity {
  source: ListSource;
  /** The list's own identifier (OFAC uid, UN DATAID, EU logicalId, UK Group ID). */
  externalId: string;
  kind: ListEntityKind;
  /** The primary name as the list writes it (Latin script where the list has one). */
  name: string;
  /** Every other name: a.k.a.s, spelling variants, names in the original script. */
  aliases: string[];
  /** `YYYY-MM-DD`, or `YYYY-MM` / `YYYY` when the list gives only part of the date. */
  datesOfBirth: string[];
  /** ISO 3166-1 alpha-2 codes of nationalities and citizenships, where the list's text names a country. */
  nationalities: string[];
  /** Sanctions programmes or regimes (OFAC programme, UN list type, EU programme, UK regime). */
  programmes: string[];
}

/** What a parser returns for a whole file. */
export interface ParsedList {
  format: ListFormat;
  source: ListSource;
  /** The publication date or generation stamp the file carries, if any. */
  version: string | null;
  entities: ListEntity[];
}
