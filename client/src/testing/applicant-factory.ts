import { urlOf } from '../api/endpoints';
import type { ApplicantDetailsDto, ApplicantListItemDto, ApplicantPageDto, ApplicantSummaryDto, IdentityDto } from '../api/generated/types.gen';
import { applicantsImage } from '../api/sdk';

export const ORGANIZATION_ID = '11111111-2222-4333-8444-555555555555';

export function buildApplicantDetails(
  overrides: {
    applicant?: Partial<ApplicantSummaryDto>;
    identity?: Partial<IdentityDto>;
    document?: ApplicantDetailsDto['document'];
    analysis?: ApplicantDetailsDto['analysis'];
    faceBlocklist?: ApplicantDetailsDto['faceBlocklist'];
    assignee?: ApplicantDetailsDto['assignee'];
    assignedAt?: ApplicantDetailsDto['assignedAt'];
    tags?: ApplicantDetailsDto['tags'];
    legalHold?: ApplicantDetailsDto['legalHold'];
    imagesRemovedAt?: ApplicantDetailsDto['imagesRemovedAt'];
  } = {},
): ApplicantDetailsDto {
  return {
    applicant: {
      userId: 'user-0001',
      kycStatus: 'pending',
      documentType: 'PASSPORT',
      reviewAnswer: null,
      rejectType: null,
      rejectReason: null,
      submittedAt: '2026-11-01T10:00:00.000Z',
      decidedAt: null,
      createdAt: '2026-11-01T09:00:00.000Z',
      version: 1,
      ...overrides.applicant,
    },
    identity: {
      name: 'Maria Silva',
      dateOfBirth: '1990-04-21',
      sex: 'F',
      placeOfBirth: 'Porto',
      docNumber: 'AB123456',
      issuanceDate: '2021-01-31',
      expiryDate: '2031-01-30',
      country: 'Portugal',
      address: 'Rua das Flores 1, Porto',
      height: '1.68',
      maritalStatus: 'Solteiro',
      issuedIn: 'Lisboa',
      fatherName: 'João Silva',
      motherName: 'Ana Silva',
      images: [
        {
          id: 'aaaaaaaa-0000-4000-8000-000000000001',
          docType: 'PASSPORT',
          side: 'front',
          // What the server sends: the authorized route serving the image.
          url: urlOf(applicantsImage, {
            path: { id: ORGANIZATION_ID, userId: 'user-0001', imageId: 'aaaaaaaa-0000-4000-8000-000000000001' },
          }),
          quality: null,
        },
      ],
      ...overrides.identity,
    },
    document: overrides.document ?? null,
    analysis: overrides.analysis ?? null,
    faceBlocklist: overrides.faceBlocklist ?? null,
    assignee: overrides.assignee ?? null,
    assignedAt: overrides.assignedAt ?? null,
    tags: overrides.tags ?? [],
    legalHold: overrides.legalHold ?? null,
    imagesRemovedAt: overrides.imagesRemovedAt ?? null,
  };
}

export function buildApplicantPage(
  page: number,
  pageSize: number,
  totalItems: number,
  makeUserId: (index: number) => string = (index) => `user-${String(index + 1).padStart(4, '0')}`,
): ApplicantPageDto {
  const start = (page - 1) * pageSize;
  const count = Math.max(0, Math.min(pageSize, totalItems - start));
  const items: ApplicantListItemDto[] = Array.from({ length: count }, (_, offset) => ({
    userId: makeUserId(start + offset),
    kycStatus: 'pending',
    documentType: 'ID_CARD',
    organizationId: ORGANIZATION_ID,
    name: `Person ${start + offset + 1}`,
    country: 'Portugal',
    reviewAnswer: null,
    submittedAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    flaggedChecks: [],
    assignee: null,
    tags: [],
  }));
  const totalPages = Math.ceil(totalItems / pageSize);
  return {
    items,
    meta: { page, pageLength: items.length, totalPages, hasPreviousPage: page > 1, hasNextPage: page < totalPages },
  };
}
