/** Demo accounts live this long at most (spec §9), and until their logout. */
export const DEMO_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Every demo account shares this password: the client signs in with it right after
 * creating the account. An account is protected by its unguessable e-mail instead.
 */
export const DEMO_PASSWORD = 'kyc-demo-account';

/** A webhook URL that never resolves (.example is reserved), so demo events go nowhere. */
export const DEMO_WEBHOOK_URL = 'https://receiver.demo.example/kyc-webhook';
export const DEMO_REDIRECT_URL = 'https://shop.demo.example/verification-complete';

export const DEMO_ORGANIZATIONS = [
  { name: 'Northwind Bank', applicants: 36 },
  { name: 'Contoso Exchange', applicants: 24 },
] as const;

export const DEMO_MESSAGES = {
  tooMany: (minutes: number) => `Too many demo accounts were created from your network. Try again in ${minutes} minutes, or sign up for a free account.`,
} as const;
