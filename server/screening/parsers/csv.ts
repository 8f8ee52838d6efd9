import { parse } from 'csv-parse/sync';
import { ListFormatError } from '../list-format-error.js';

/** One record with the line it starts on (1-based, counting from the top of the file). */
export interface CsvRow {
  line: number;
  fields: string[];
}

/**
 * Reads a whole CSV file; a malformed one (an unclosed quote, a stray quote in a
 * field) is refused with the line csv-parse stopped at.
 */
export function readCsv(content: string, delimiter: string, firstLine = 1): CsvRow[] {
  try {
    const records = parse(content, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // info.lines is the line the record ends on; a record spans as many lines as its fields hold line breaks.
    return records.map(({ record, info }) => ({
      line: firstLine - 1 + info.lines - record.reduce((breaks, field) => breaks + (field.match(/\r?\n/g)?.length ?? 0), 0),
      fields: record.map((field) => field.trim()),
    }));
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    throw new ListFormatError(
      lines ? `line ${firstLine - 1 + lines}` : null,
      `malformed CSV: ${(error as Error).message.replace(/^Invalid Record Length: |^[A-Za-z ]+: /, '')}`,
    );
  }
}

/** Columns by header name, with an error naming the header line when one the parser needs is missing. */
export function columnIndex(header: CsvRow, names: readonly string[]): Record<string, number> {
  const index: Record<string, number> = {};
  for (const name of names) {
    const at = header.fields.indexOf(name);
    if (at < 0) throw new ListFormatError(`line ${header.line}`, `the header has no "${name}" column`);
    index[name] = at;
  }
  return index;
}
