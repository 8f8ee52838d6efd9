/**
 * Sanctions lists, read offline, and screening names against them. Pure library, no Nest:
 * parsers for the official files (OFAC SDN XML and CSV, UN consolidated XML, EU consolidated
 * CSV and XML, UK consolidated CSV) into one ListEntity shape, name normalisation, and an
 * in-memory index that scores a person against every listed entity.
 */
export { parseListFile, detectListFormat } from './parse-list.js';
export { ListFormatError } from './list-format-error.js';
export { LIST_FORMATS, LIST_SOURCES, SOURCE_OF_FORMAT } from './types.js';
export type { ListEntity, ListEntityKind, ListFormat, ListSource, ParsedList } from './types.js';
export { countryCode } from './countries.js';
export { parseListDate } from './dates.js';
export { foldToken, nameTokens, normalizeName } from './normalize.js';
export { DEFAULT_SCREENING_THRESHOLD, SCORE_WEIGHTS, ScreeningIndex, nameSimilarity, tokenSimilarity } from './matcher.js';
export type { DateOfBirthMatch, NationalityMatch, ScreenableEntity, ScreeningHit, ScreeningOptions, ScreeningQuery } from './matcher.js';
