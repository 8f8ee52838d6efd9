import { fakeApplicant } from '../dist/server/applicants/fake/fake-applicant.js';
import { renderFakeDocument } from '../dist/server/applicants/fake/fake-documents.js';
import { readLicenceBarcode, assessQuality } from '../dist/server/document-reading/index.js';
const d = await renderFakeDocument(fakeApplicant(2, { seed: 'document-reading', now: new Date('2026-06-01T00:00:00Z') }));
console.log(JSON.stringify(await readLicenceBarcode(d.pages[1].png)));
const p = await renderFakeDocument(fakeApplicant(1, { seed: 'document-reading', now: new Date('2026-06-01T00:00:00Z') }));
console.log(JSON.stringify(await assessQuality(p.pages[0].png)));
