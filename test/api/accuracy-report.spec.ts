import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AccuracyReportBody } from '../../server/admin/accuracy/accuracy-report.js';
import { AccuracyReportsService } from '../../server/admin/accuracy/accuracy-reports.service.js';
import { ApplicantCheck } from '../../server/applicants/applicant-check.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import type { DocumentData } from '../../server/applicants/analysis/document-data.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { createOrganization, type TestOrganization } from '../fixtures/organizations.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

// The accuracy report (issue 34, part 8): what reviewers' approvals say of the document
// reads in production, and the latest report served to super-admins only.

const READ: DocumentData = {
  source: 'mrz',
  format: 'TD3',
  surname: 'SMITH',
  givenNames: 'ANNA MARIA',
  documentNumber: 'X1234567',
  dateOfBirth: '1990-01-02',
  expiryDate: '2031-05-06',
  sex: 'F',
  nationality: 'GBR',
  issuingState: 'GBR',
};
const TYPED = { name: 'Anna Maria Smith', dateOfBirth: '1990-01-02', docNumber: 'X1234567', expiryDate: '2031-05-06', sex: 'F' };

describe('accuracy report', () => {
  let t: TestApp;
  let owner: TestUser;
  let superAdmin: TestUser;
  let org: TestOrganization;

  beforeAll(async () => {
    t = await startTestApp({ DECISION_UNDO_WINDOW_SECONDS: '0' });
    owner = await createUser(t);
    superAdmin = await createUser(t, { role: 'super-admin' });
    org = await createOrganization(t, owner);
  });
  afterAll(() => t.close());

  const data = () => t.app.get(DataSource);

  async function applicant(userId: string, fields: Partial<Applicant>): Promise<Applicant> {
    const saved = await data()
      .getRepository(Applicant)
      .save({ organizationId: org.id, userId, kycStatus: 'queued', ...TYPED, ...fields });
    if (saved.documentData) {
      await data().getRepository(ApplicantCheck).save({ applicantId: saved.id, name: 'document-read', verdict: 'passed', detail: 'read', evidence: null });
    }
    return saved;
  }

  const staff = () => sessionHeaders(t, owner);
  const approve = async (userId: string) =>
    request(t.server)
      .post(`/api/projects/${org.id}/applicants/${userId}/approve`)
      .set(await staff())
      .send({})
      .expect(200);

  it("counts each read field against the identity a person approved, names the reviewer's corrections, and leaves out the policy's approvals", async () => {
    await applicant('read-right', { documentData: READ });
    // The zone misread the number (B for 8); the applicant mistyped it too; the reviewer corrects it after the read.
    await applicant('read-wrong', { documentData: { ...READ, documentNumber: 'XB234567' }, docNumber: 'X0000000' });
    await applicant('barcode', { documentData: { ...READ, source: 'barcode', format: 'AAMVA' } });
    await applicant('never-read', {});
    await applicant('still-queued', { documentData: READ });
    const byPolicy = await applicant('by-policy', { documentData: { ...READ, documentNumber: 'ZZ999999' }, kycStatus: 'completed', reviewAnswer: 'approved' });
    await data()
      .getRepository(AuditEvent)
      .save({
        actorId: null,
        actorName: 'policy',
        organizationId: org.id,
        applicantId: byPolicy.id,
        action: 'applicant.approved',
        detail: { automatic: true },
      });

    await request(t.server)
      .put(`/api/projects/${org.id}/applicants/read-wrong`)
      .set(await staff())
      .send({ docNumber: 'X8234567' })
      .expect(200);
    for (const userId of ['read-right', 'read-wrong', 'barcode', 'never-read']) await approve(userId);

    const labels = await t.app.get(AccuracyReportsService).productionLabels();
    expect(labels.documents).toBe(2);
    const field = (name: string) => labels.fields.find((entry) => entry.field === name);
    expect(field('docNumber')).toEqual({ field: 'docNumber', agreed: expect.objectContaining({ count: 1, sample: 2, rate: 0.5 }), correctedByReviewer: 1 });
    expect(field('name')).toEqual({ field: 'name', agreed: expect.objectContaining({ count: 2, sample: 2, rate: 1 }), correctedByReviewer: 0 });
    expect(field('dateOfBirth')?.agreed.interval95[0]).toBeGreaterThan(0.3);
    expect(labels.from).not.toBeNull();
  });

  it('serves the latest report to super-admins only, and says how to write one before there is any', async () => {
    const superAdminSession = await sessionHeaders(t, superAdmin);
    const none = await request(t.server).get('/api/accuracy-reports/latest').set(superAdminSession).expect(404);
    expect(none.body).toMatchObject({ code: 'ACCURACY_REPORT_NOT_FOUND', message: expect.stringContaining('npm run accuracy-report') });

    const reports = t.app.get(AccuracyReportsService);
    const production = await reports.productionLabels();
    const body = (createdAt: string): AccuracyReportBody => ({
      createdAt,
      exam: { split: 'exam', seed: 'icao-exam-2026-11', documentsPerFormat: 1, figures: [], secondsPerRead: { p50: 0.5, p95: 0.7 } },
      production,
      models: [{ name: 'tesseract.js', version: '7.0.0' }],
      lists: [],
      machine: { cpus: 2, loadAverage1m: 0.4, node: process.version },
    });
    await reports.save(body('2026-11-01T00:00:00.000Z'));
    const newest = await reports.save(body('2026-11-02T00:00:00.000Z'));

    const latest = await request(t.server).get('/api/accuracy-reports/latest').set(superAdminSession).expect(200);
    expect(latest.body).toEqual({ id: newest.id, ...newest.report });
    expect(
      (
        await request(t.server)
          .get('/api/accuracy-reports/latest')
          .set(await staff())
      ).status,
    ).toBe(403);
    expect((await request(t.server).get('/api/accuracy-reports/latest').set(superAdmin.auth)).status).toBe(403);
  });
});
