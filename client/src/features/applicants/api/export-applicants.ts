import { urlOf } from '../../../api/endpoints';
import { applicantsExportCsv } from '../../../api/sdk';
import type { ApplicantFilterQuery } from '../lib/list-params';

export interface ExportProgress {
  rows: number;
  /** From the X-Total-Count header; null when the server sent none. */
  expected: number | null;
}

/**
 * Downloads the filtered list as CSV, reading the stream to report rows as they arrive
 * (the server sends the expected count first). Resolves with the file.
 */
export async function exportApplicants(
  organizationId: string,
  query: ApplicantFilterQuery,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const url = urlOf(applicantsExportCsv, { path: { id: organizationId }, query });
  const response = await fetch(url, { credentials: 'same-origin', headers: { 'X-Requested-With': 'XMLHttpRequest' }, signal });
  if (!response.ok || !response.body) throw new Error(`The export failed (${response.status})`);
  const header = response.headers.get('X-Total-Count');
  const expected = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === 10) lines += 1;
    onProgress({ rows: Math.max(0, lines - 1), expected });
  }
  onProgress({ rows: Math.max(0, lines - 1), expected });
  return new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' });
}
