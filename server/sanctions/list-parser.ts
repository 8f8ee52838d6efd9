import { Piscina } from 'piscina';
import { builtWorkerFile } from '../config/worker-file.js';
import type { ParsedListChunks } from './list-parse.worker.js';

/**
 * Parses list files on a worker thread (one; started on first use, ended after a minute
 * idle): the HTTP event loop only hands the bytes over and reads the result.
 */
export class ListParser {
  private pool: Piscina | null = null;

  parse(content: Buffer, chunkSize: number): Promise<ParsedListChunks> {
    this.pool ??= new Piscina({ filename: builtWorkerFile(import.meta.url, 'list-parse.worker.js'), minThreads: 0, maxThreads: 1, idleTimeout: 60_000 });
    return this.pool.run({ content: new Uint8Array(content.buffer, content.byteOffset, content.byteLength), chunkSize }) as Promise<ParsedListChunks>;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
