/* Examples for the OpenAPI document's verification-session operations (`npm run lint` checks them against their schemas). */

export const CREATE_SESSION_EXAMPLE = {
  organizationId: '5b7e2d0c-1f3a-4c8e-9b6d-2a4f8e1c7d90',
  userId: 'customer-42',
  name: 'Maria Silva',
  dateOfBirth: '1990-05-17',
  redirectUrl: 'https://app.example.com/verified',
};

export const CREATED_SESSION_EXAMPLE = {
  sessionId: 'ba8d4080-0779-480d-947d-1d5c95c5874c',
  url: 'https://kyc.example.com/kyc?session=H-l6fNcEz2WkeA4yNrDbxzwZhHKuVrGn6FEM61d3Bhs',
  expiresAt: '2026-11-26T09:30:00.000Z',
};
