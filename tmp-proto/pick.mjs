import { fakeApplicant } from '../dist/server/applicants/fake/fake-applicant.js';
const now = new Date('2026-06-01T00:00:00Z');
const found = {};
for (let i = 0; i < 80; i++) { const a = fakeApplicant(i, { seed: 'document-reading', now }); if (a.documentType) (found[a.documentType] ??= []).push(i); }
console.log(JSON.stringify(found));
