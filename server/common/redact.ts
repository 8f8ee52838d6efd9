/** Anything shaped like an e-mail address, ASCII or not (but not `node_modules/@scope/…` in a stack). */
const ADDRESS = /[^\s<>()[\]"',;:@/\\]+@[^\s<>()[\]"',;:@/\\]+/gu;

/**
 * A text for a log line with every e-mail address replaced: error messages from an SMTP
 * relay or a driver can quote the recipient. Log lines name accounts by id only.
 */
export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, '<address>');
}
