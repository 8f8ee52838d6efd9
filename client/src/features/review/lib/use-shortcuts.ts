import { useEffect, useRef, useSyncExternalStore } from 'react';

/** A key the reviewer presses (as KeyboardEvent.key) and what it does. */
export type ShortcutHandlers = Partial<Record<string, () => void>>;

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const STORAGE_KEY = 'kyc.single-key-shortcuts';
const CHANGED = 'kyc:single-key-shortcuts';

/** Whether the reviewer uses single-key shortcuts in this browser (on unless turned off: WCAG 2.1.4). */
export function useShortcutsSetting(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    (notify) => {
      window.addEventListener(CHANGED, notify);
      window.addEventListener('storage', notify);
      return () => {
        window.removeEventListener(CHANGED, notify);
        window.removeEventListener('storage', notify);
      };
    },
    () => window.localStorage.getItem(STORAGE_KEY) !== 'off',
  );
  const set = (value: boolean) => {
    if (value) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, 'off');
    window.dispatchEvent(new Event(CHANGED));
  };
  return [on, set];
}

/**
 * Single-key shortcuts for the whole page, ignored while the reviewer types in a field, holds
 * a modifier (the browser's own shortcuts stay theirs) or has a dialog open (its keys are its
 * own), and not at all once the reviewer turned them off (the shortcuts dialog).
 */
export function useShortcuts(handlers: ShortcutHandlers, enabled = true): void {
  const [on] = useShortcutsSetting();
  enabled = enabled && on;
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typingInto(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const handler = current.current[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

/** The details page's shortcuts, as the help dialog (`?`) lists them. */
export const REVIEW_SHORTCUTS: readonly { key: string; action: string }[] = [
  { key: 'j', action: 'Next applicant in the list you came from' },
  { key: 'k', action: 'Previous applicant in that list' },
  { key: 'a', action: 'Approve (then the next applicant)' },
  { key: 'r', action: 'Reject with a label (then the next applicant)' },
  { key: 'h', action: 'Put on hold with a label' },
  { key: 's', action: 'Request resubmission of one step' },
  { key: 'm', action: 'Assign to me' },
  { key: 'n', action: 'Write an internal note' },
  { key: '?', action: 'Show these shortcuts' },
];
