import type { OrganizationDetailsDto } from '../api/generated/types.gen';

/** The organization the page tests render. */
export const ORGANIZATION_ID = '11111111-2222-4333-8444-555555555555';

export function buildOrganizationDetails(overrides: Partial<OrganizationDetailsDto> = {}): OrganizationDetailsDto {
  const role = overrides.role ?? 'owner';
  return {
    id: ORGANIZATION_ID,
    name: 'Acme',
    companyKey: 'pk_1',
    role,
    ownerUsername: 'alice',
    isOwner: role === 'owner',
    createdAt: '2026-11-01T00:00:00Z',
    verificationSettings: { allowCompanyKeyLinks: true, redirectAllowList: [] },
    retentionPolicy: { imagesDays: null, identityDays: null, abandonedDays: null },
    requireTwoFactor: false,
    ...overrides,
  };
}
