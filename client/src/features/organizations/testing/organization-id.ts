/** The organization the page tests render. */
export const ORGANIZATION_ID = '11111111-2222-4333-8444-555555555555';
