/** The applicants columns the seeder writes, in this order. */
export const APPLICANT_COLUMNS = [
  'id',
  'organizationId',
  'userId',
  'kycStatus',
  'documentType',
  'reviewAnswer',
  'rejectType',
  'rejectReason',
  'name',
  'dateOfBirth',
  'sex',
  'placeOfBirth',
  'docNumber',
  'issuanceDate',
  'expiryDate',
  'country',
  'address',
  'height',
  'maritalStatus',
  'issuedIn',
  'fatherName',
  'motherName',
  'submittedAt',
  'decidedAt',
  'createdAt',
  'updatedAt',
  // The work queue's columns (bench/lib/generate-worker.mjs draws them).
  'assigneeId',
  'assignedAt',
  'flaggedChecks',
  'tagIds',
];

export const DATE_COLUMNS = new Set(['submittedAt', 'decidedAt', 'createdAt', 'updatedAt', 'assignedAt']);
export const UUID_COLUMNS = new Set(['id', 'organizationId']);
