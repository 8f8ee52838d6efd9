/**
 * Copies text to the clipboard. The async Clipboard API exists only in secure
 * contexts; a self-hosted install reached over plain http on a LAN address falls
 * back to the older selection-based copy.
 */
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.className = 'visually-hidden';
  document.body.append(textarea);
  const previousFocus = document.activeElement as HTMLElement | null;
  textarea.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy command refused');
  } finally {
    textarea.remove();
    previousFocus?.focus();
  }
}
