// Business constants from the product specification (§9), kept in one place so
// that a changed limit is changed once.

export const TOAST_DURATION_MS = 8000;
export const MOBILE_MENU_ANIMATION_MS = 200;
export const CURRENT_USER_REFETCH_INTERVAL_MS = 60_000;
export const ROLES_REFETCH_INTERVAL_MS = 60_000;
export const EMAIL_CONFIRMATION_REDIRECT_DELAY_MS = 3000;
export const KYC_COMPLETION_REDIRECT_DELAY_MS = 2000;
export const DEMO_ACCOUNT_LIFETIME_HOURS = 24;
// The password every demo account shares; the client signs in with it right after
// POST /api/demo/register. It MUST match DEMO_PASSWORD in server/demo/demo.constants.ts.
// Not a secret: a demo account is protected by its unguessable e-mail address.
export const DEMO_PASSWORD = 'kyc-demo-account';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, 250] as const;
export const DEFAULT_LIST_PAGE_SIZE = 25;
export const DEFAULT_DATA_PAGE_SIZE = 10;
export const PAGER_MAX_PAGE_BUTTONS = 5;
export const ORGANIZATION_PREVIEW_COUNT = 3;

// Eleven green-to-pink chart shades (ColorBrewer PiYG, green end first): readable
// on white at either end, pale in the middle.
export const CHART_COLORS = ['#276419', '#4d9221', '#7fbc41', '#b8e186', '#e6f5d0', '#f7f7f7', '#fde0ef', '#f1b6da', '#de77ae', '#c51b7d', '#8e0152'] as const;

export const TABLE_AUTO_COLUMN_WIDTH = 99999;
export const TABLE_MIN_COLUMN_WIDTH = 50;
export const TABLE_CENTERED_MAX_WIDTH = 100;

export const MAGNIFIER_DEFAULT_ZOOM = 2.5;
export const MAGNIFIER_DEFAULT_SIZE = 160;
export const MAGNIFIER_DOCUMENT_ZOOM = 3;
export const MAGNIFIER_DOCUMENT_SIZE = 180;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 32;

// Media queries cannot read CSS variables, so global.css repeats these numbers.
export const BREAKPOINTS = { sm: 576, md: 786, lg: 992, xl: 1200, xxl: 1400 } as const;
