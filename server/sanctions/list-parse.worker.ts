import { ListFormatError, parseListFile, type ListFormat, type ListSource } from '../screening/index.js';

/** A parsed list as it crosses back from the thread: the entities as JSON text, a chunk per INSERT. */
export type ParsedListChunks =
  | { ok: true; source: ListSource; format: ListFormat; version: string | null; entityCount: number; personCount: number; chunks: string[] }
  | { ok: false; location: string | null; reason: string };

/**
 * Piscina's entry point: parses one list file on a worker thread, never on the HTTP event
 * loop (a 60 MB file takes half a minute). Strings cross back cheaply where tens of
 * thousands of objects would be cloned on the main thread: each chunk is parsed there just
 * before its INSERT.
 */
export default function parseList({ content, chunkSize }: { content: Uint8Array; chunkSize: number }): ParsedListChunks {
  try {
    const parsed = parseListFile(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
    const chunks: string[] = [];
    for (let i = 0; i < parsed.entities.length; i += chunkSize) chunks.push(JSON.stringify(parsed.entities.slice(i, i + chunkSize)));
    return {
      ok: true,
      source: parsed.source,
      format: parsed.format,
      version: parsed.version,
      entityCount: parsed.entities.length,
      personCount: parsed.entities.filter((entity) => entity.kind === 'person').length,
      chunks,
    };
  } catch (error) {
    if (error instanceof ListFormatError) return { ok: false, location: error.location, reason: error.reason };
    throw error;
  }
}
