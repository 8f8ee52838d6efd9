// Operators rebrand a self-hosted install at build time through Vite env variables.
export const APP_NAME: string = import.meta.env.VITE_APP_NAME || 'KYC Platform';
export const APP_TAGLINE = 'KYC Management System';
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL || 'privacy@example.com';
// Where "Report issue" in the user menu leads; a self-hosted install points it at its own tracker.
export const REPORT_ISSUE_URL: string = import.meta.env.VITE_REPORT_ISSUE_URL || 'https://github.com/kyc-platform/kyc-platform/issues/new';
