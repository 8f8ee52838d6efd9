// The resume secret of a companyKey link: get-new-token gives it to the browser that
// starts a NEW applicant, so that this browser (and only it) can continue later. It is
// kept in this browser's localStorage, one per companyKey + userId. Storage may be
// unavailable (private windows, blocked cookies): the page then simply cannot resume.

const PREFIX = 'kyc.resume';

function storageKey(companyKey: string, userId: string): string {
  return `${PREFIX}:${encodeURIComponent(companyKey)}:${encodeURIComponent(userId)}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const resumeSecrets = {
  read(companyKey: string, userId: string): string | null {
    try {
      return storage()?.getItem(storageKey(companyKey, userId)) ?? null;
    } catch {
      return null;
    }
  },
  keep(companyKey: string, userId: string, secret: string): void {
    try {
      storage()?.setItem(storageKey(companyKey, userId), secret);
    } catch {
      // Full or blocked storage: the verification still works in this page.
    }
  },
  forget(companyKey: string, userId: string): void {
    try {
      storage()?.removeItem(storageKey(companyKey, userId));
    } catch {
      // Nothing to forget.
    }
  },
};
