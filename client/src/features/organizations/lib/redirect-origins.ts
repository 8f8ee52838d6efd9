// The Integration page's list of origins a server-created verification link may send
// the user back to: typed one per line, sent as a list of http(s) addresses.

/** The server accepts at most this many. */
export const MAX_REDIRECT_ORIGINS = 20;

export const ORIGIN_INVALID = 'Each line must be an address starting with http:// or https://, e.g. https://shop.example.com';
export const TOO_MANY_ORIGINS = `At most ${MAX_REDIRECT_ORIGINS} addresses`;

/** The non-empty lines, trimmed. */
export function originLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function isHttpUrl(line: string): boolean {
  try {
    const url = new URL(line);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A message for the first problem of the list, or undefined when it may be saved. */
export function validateOrigins(text: string): string | undefined {
  const lines = originLines(text);
  if (lines.some((line) => !isHttpUrl(line))) return ORIGIN_INVALID;
  if (lines.length > MAX_REDIRECT_ORIGINS) return TOO_MANY_ORIGINS;
  return undefined;
}
