/*
 * Examples for the OpenAPI document's integrator operations: answers of a real server
 * (ids made stable). `npm run lint` checks each against its schema (redocly.yaml).
 */

export const APPLICANT_PAGE_EXAMPLE = {
  items: [
    {
      userId: 'customer-42',
      kycStatus: 'completed',
      documentType: 'PASSPORT',
      organizationId: '5b7e2d0c-1f3a-4c8e-9b6d-2a4f8e1c7d90',
      name: 'Małgorzata Kamińska',
      country: 'Poland',
      reviewAnswer: 'approved',
      submittedAt: '2026-10-06T18:03:40.421Z',
      updatedAt: '2026-10-11T14:08:07.318Z',
      flaggedChecks: [],
      assignee: null,
      tags: [],
    },
  ],
  meta: {
    page: 1,
    pageLength: 1,
    totalPages: 1,
    hasPreviousPage: false,
    hasNextPage: false,
  },
};

export const APPLICANT_DETAILS_EXAMPLE = {
  applicant: {
    userId: 'customer-42',
    kycStatus: 'completed',
    documentType: 'PASSPORT',
    reviewAnswer: 'approved',
    rejectType: null,
    rejectReason: null,
    submittedAt: '2026-10-06T18:03:40.421Z',
    decidedAt: '2026-10-11T14:08:07.318Z',
    createdAt: '2026-10-06T07:56:06.137Z',
    version: 1,
  },
  identity: {
    name: 'Małgorzata Kamińska',
    dateOfBirth: '1970-03-21',
    sex: 'F',
    placeOfBirth: 'Warszawa',
    docNumber: 'IL3976277',
    issuanceDate: '2021-09-08',
    expiryDate: '2031-09-07',
    country: 'Poland',
    address: 'ul. Piotrkowska 140, 62-091 Łódź',
    height: '1.70',
    maritalStatus: 'Casado',
    issuedIn: 'Poznań',
    fatherName: 'Kacper Kamińska',
    motherName: 'Agnieszka Kamińska',
    images: [
      {
        id: 'a577a80a-89e3-4e6a-982c-d93438351105',
        docType: 'PASSPORT',
        side: 'front',
        url: '/api/projects/5b7e2d0c-1f3a-4c8e-9b6d-2a4f8e1c7d90/applicants/customer-42/images/a577a80a-89e3-4e6a-982c-d93438351105',
        quality: {
          width: 1250,
          height: 880,
          sharpness: 1771.3,
          glare: 0,
          brightness: 213.2,
        },
      },
      {
        id: '8d9b23b4-6ca3-408a-b5e9-5c0d40996c79',
        docType: 'SELFIE',
        side: null,
        url: '/api/projects/5b7e2d0c-1f3a-4c8e-9b6d-2a4f8e1c7d90/applicants/customer-42/images/8d9b23b4-6ca3-408a-b5e9-5c0d40996c79',
        quality: null,
      },
    ],
  },
  document: {
    source: 'mrz',
    format: 'TD3',
    surname: 'KAMINSKA',
    givenNames: 'MALGORZATA',
    documentNumber: 'IL3976277',
    dateOfBirth: '1970-03-21',
    expiryDate: '2031-09-07',
    sex: 'F',
    nationality: 'POL',
    issuingState: 'POL',
  },
  analysis: 'done',
  faceBlocklist: null,
  assignee: null,
  assignedAt: null,
  tags: [],
  legalHold: null,
  imagesRemovedAt: null,
};

export const ERASE_APPLICANT_EXAMPLE = { reason: 'Data subject request', confirmUserId: 'customer-42' };

export const TOMBSTONE_EXAMPLE = {
  applicantId: '01a21014-0fde-72bd-8936-50fb4491af35',
  erasedAt: '2026-11-25T09:30:00.000Z',
  erasedBy: 'maria.owner',
  reason: 'Data subject request',
};
