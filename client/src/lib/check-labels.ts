/** Short names of the checks, as the list's Flagged column and its filter show a flagged (failed or needs-review) one. */
export const FLAG_LABELS: Readonly<Record<string, string>> = {
  'document-read': 'Document unread',
  'data-matches-document': 'Data mismatch',
  'document-not-expired': 'Expired document',
  adult: 'Under age',
  'document-number-unique': 'Document number reused',
  'images-readable': 'Images unreadable',
  'face-match': 'Face mismatch',
  liveness: 'Liveness',
  'duplicate-face': 'Duplicate face',
  'sanctions-screening': 'Sanctions hit',
};

export function flagLabel(check: string): string {
  return FLAG_LABELS[check] ?? check;
}
