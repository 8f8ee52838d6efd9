/** Leaves the app for the integrator's page. An object so tests can watch the call. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Only http(s) addresses are followed: a stored javascript: URL must never run. */
export function safeRedirectUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
