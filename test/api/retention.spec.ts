import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApplicantImage } from '../../server/applicants/applicant-image.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { ApplicantFace } from '../../server/faces/applicant-face.entity.js';
import { Retention } from '../../server/retention/retention.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { AbandonedCleanupService } from '../../server/kyc/abandoned-cleanup.service.js';
import { addMember, createOrganization, type TestOrganization } from '../fixtures/organizations.js';
import { documentPhoto } from '../fixtures/images.js';
import { submitVerification } from '../fixtures/verification.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { driveClock } from '../support/clock.js';
import { createUser, type TestUser } from '../support/users.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const identity = (name: string, docNumber: string) => ({ name, dateOfBirth: '1980-05-06', docNumber, expiryDate: '2031-01-01', country: 'FRA', sex: 'F' });

/**
 * Retention: each organization's policy (photos kept N days after a final decision,
 * identity kept M days, abandoned verifications D days), applied by the hourly job;
 * legal holds exempt an applicant from all of it and from erasure. Time moves with the
 * app's clock instead of waiting.
 */
describe('retention policy and legal hold', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let org: TestOrganization;
  let other: TestOrganization;
  let clock: ReturnType<typeof driveClock>;

  const dataSource = () => t.app.get(DataSource);
  const applicant = (organizationId: string, userId: string) => dataSource().getRepository(Applicant).findOneBy({ organizationId, userId });
  const base = () => `/api/projects/${org.id}`;
  /** The owner signed in now (the API key reaches only the integrator's surface; the clock moves past older sessions). */
  const staff = () => sessionHeaders(t, owner);

  async function decided(organization: TestOrganization, userId: string, docNumber: string): Promise<Applicant> {
    await submitVerification(
      t.server,
      owner,
      organization.id,
      userId,
      [{ docType: 'PASSPORT', png: documentPhoto() }],
      identity(`Person ${userId}`, docNumber),
    );
    await request(t.server)
      .post(`/api/projects/${organization.id}/applicants/${userId}/approve`)
      .set(await staff())
      .send({})
      .expect(200);
    const row = (await applicant(organization.id, userId))!;
    await dataSource()
      .getRepository(ApplicantFace)
      .insert({ applicantId: row.id, organizationId: organization.id, embedding: randomBytes(1024), crop: randomBytes(64) });
    return row;
  }

  beforeAll(async () => {
    t = await startTestApp();
    clock = driveClock(t);
    owner = await createUser(t);
    member = await createUser(t);
    org = await createOrganization(t, owner);
    other = await createOrganization(t, owner);
    await addMember(t, owner, org.id, member);
  }, 60_000);
  afterAll(async () => {
    clock.restore();
    await t.close();
  });

  it('is owner-only, validated, and shown in the organization details', async () => {
    const details = await request(t.server).get(base()).set(owner.auth).expect(200);
    expect(details.body.retentionPolicy).toEqual({ imagesDays: null, identityDays: null, abandonedDays: null });

    const memberHeaders = await sessionHeaders(t, member);
    const refused = await request(t.server)
      .put(`${base()}/retention-policy`)
      .set(memberHeaders)
      .send({ imagesDays: 30, identityDays: null, abandonedDays: null });
    expect([refused.status, refused.body.code]).toEqual([403, 'MEMBERS_OWNER_ONLY']);

    for (const [body, message] of [
      [{ imagesDays: 29, identityDays: null, abandonedDays: null }, 'imagesDays must be at least 30 days'],
      [{ imagesDays: null, identityDays: 3651, abandonedDays: null }, 'identityDays must be at most 3650 days'],
      [{ imagesDays: 30.5, identityDays: null, abandonedDays: null }, 'imagesDays must be a whole number of days, or null'],
      [{ imagesDays: null, identityDays: null, abandonedDays: 0 }, 'abandonedDays must be at least 1 days'],
      [{ imagesDays: '30', identityDays: null, abandonedDays: null }, 'imagesDays must be a whole number of days, or null'],
    ] as const) {
      const res = await request(t.server)
        .put(`${base()}/retention-policy`)
        .set(await staff())
        .send(body)
        .expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await request(t.server).get(base()).set(owner.auth)).body.retentionPolicy.imagesDays).toBeNull();

    const saved = await request(t.server)
      .put(`${base()}/retention-policy`)
      .set(await staff())
      .send({ imagesDays: 30, identityDays: 365, abandonedDays: 2 })
      .expect(200);
    expect(saved.body).toEqual({ imagesDays: 30, identityDays: 365, abandonedDays: 2 });
    expect((await request(t.server).get(base()).set(memberHeaders).expect(200)).body.retentionPolicy).toEqual(saved.body);
    const [entry] = await dataSource()
      .getRepository(AuditEvent)
      .find({ where: { organizationId: org.id, action: 'organization.retention_changed' } });
    expect(entry.detail).toEqual({ before: { imagesDays: null, identityDays: null, abandonedDays: null }, after: saved.body });
  });

  it('removes photos and faces after imagesDays, keeps identity data, skips legal holds and other organizations', async () => {
    const expiring = await decided(org, 'ret-photos-1', 'RP0000001');
    const held = await decided(org, 'ret-held-1', 'RH0000001');
    const elsewhere = await decided(other, 'ret-other-1', 'RO0000001');
    const reviewerHeaders = await sessionHeaders(t, member);
    const refused = await request(t.server).put(`${base()}/applicants/ret-held-1/legal-hold`).set(reviewerHeaders).send({ reason: 'Court order 12' });
    expect([refused.status, refused.body.code]).toEqual([403, 'APPLICANT_ERASURE_FORBIDDEN']);
    await request(t.server)
      .put(`${base()}/applicants/ret-held-1/legal-hold`)
      .set(await staff())
      .send({ reason: 'x' })
      .expect(400);
    const hold = await request(t.server)
      .put(`${base()}/applicants/ret-held-1/legal-hold`)
      .set(await staff())
      .send({ reason: 'Court order 12' })
      .expect(200);
    expect(hold.body).toEqual({ since: expect.any(String), placedBy: owner.user.username, reason: 'Court order 12' });
    const again = await request(t.server)
      .put(`${base()}/applicants/ret-held-1/legal-hold`)
      .set(await staff())
      .send({ reason: 'Court order 12' })
      .expect(409);
    expect(again.body.code).toBe('LEGAL_HOLD_ALREADY_PLACED');

    // 29 days after the decision: nothing is due yet.
    clock.advance(29 * DAY_MS);
    expect(await t.app.get(Retention).applyAll()).toEqual({ imagesRemoved: 0, identitiesErased: 0 });
    clock.advance(2 * DAY_MS);
    expect(await t.app.get(Retention).applyAll()).toEqual({ imagesRemoved: 1, identitiesErased: 0 });

    const images = dataSource().getRepository(ApplicantImage);
    const faces = dataSource().getRepository(ApplicantFace);
    expect([await images.countBy({ applicantId: expiring.id }), await faces.countBy({ applicantId: expiring.id })]).toEqual([0, 0]);
    expect(await images.countBy({ applicantId: held.id })).toBeGreaterThan(0);
    expect(await faces.countBy({ applicantId: held.id })).toBe(1);
    expect(await images.countBy({ applicantId: elsewhere.id })).toBeGreaterThan(0);

    const details = await request(t.server).get(`${base()}/applicants/ret-photos-1`).set(owner.auth).expect(200);
    expect(details.body.identity).toMatchObject({ name: 'Person ret-photos-1', docNumber: 'RP0000001', images: [] });
    expect(details.body.imagesRemovedAt).toEqual(expect.any(String));
    expect(details.body.legalHold).toBeNull();
    const heldDetails = await request(t.server).get(`${base()}/applicants/ret-held-1`).set(owner.auth).expect(200);
    expect(heldDetails.body.legalHold).toEqual(hold.body);
    expect(heldDetails.body.imagesRemovedAt).toBeNull();

    const [entry] = await dataSource()
      .getRepository(AuditEvent)
      .find({ where: { organizationId: org.id, action: 'retention.images_removed' } });
    expect(entry).toMatchObject({ actorName: 'retention', applicantId: null });
    expect(entry.detail).toEqual({
      count: 1,
      applicantIds: [expiring.id],
      decidedBefore: expect.any(String),
      images: expect.any(Number),
      faces: 1,
      faceCrops: 0,
    });
    expect(JSON.stringify(entry.detail)).not.toMatch(/ret-photos-1|RP0000001|Person/);

    // A second run finds nothing more to do; "apply now" is the owner's, with the same answer.
    expect(await t.app.get(Retention).applyAll()).toEqual({ imagesRemoved: 0, identitiesErased: 0 });
    const memberApply = await request(t.server).post(`${base()}/retention-policy/apply`).set(reviewerHeaders);
    expect([memberApply.status, memberApply.body.code]).toEqual([403, 'MEMBERS_OWNER_ONLY']);
    const applied = await request(t.server)
      .post(`${base()}/retention-policy/apply`)
      .set(await staff())
      .expect(200);
    expect(applied.body).toEqual({ imagesRemoved: 0, identitiesErased: 0 });
  }, 180_000);

  it('refuses to erase an applicant on legal hold until the hold is lifted', async () => {
    const refused = await request(t.server)
      .delete(`${base()}/applicants/ret-held-1`)
      .set(owner.auth)
      .send({ reason: 'Asked by the person', confirmUserId: 'ret-held-1' })
      .expect(409);
    expect(refused.body.code).toBe('APPLICANT_ON_LEGAL_HOLD');
    await request(t.server).get(`${base()}/applicants/ret-held-1`).set(owner.auth).expect(200);
    await request(t.server)
      .delete(`${base()}/applicants/ret-held-1/legal-hold`)
      .set(await staff())
      .send({ reason: 'Case closed' })
      .expect(204);
    const notHeld = await request(t.server)
      .delete(`${base()}/applicants/ret-held-1/legal-hold`)
      .set(await staff())
      .send({ reason: 'Case closed' })
      .expect(409);
    expect(notHeld.body.code).toBe('LEGAL_HOLD_NOT_PLACED');
    const trail = await dataSource()
      .getRepository(AuditEvent)
      .find({ where: { organizationId: org.id, action: 'applicant.legal_hold_lifted' } });
    expect(trail.map((event) => event.detail)).toEqual([{ reason: 'Case closed' }]);
    // Lifted: the next run removes its photos too.
    expect(await t.app.get(Retention).applyAll()).toEqual({ imagesRemoved: 1, identitiesErased: 0 });
  }, 180_000);

  it('erases applicants after identityDays, leaving tombstones by "retention"', async () => {
    const kept = await decided(org, 'ret-kept-1', 'RK0000001');
    clock.advance(340 * DAY_MS);
    // ret-photos-1 and ret-held-1 were decided 371 days ago; ret-kept-1 340 days ago.
    expect(await t.app.get(Retention).applyAll()).toEqual({ imagesRemoved: 1, identitiesErased: 2 });
    expect(await applicant(org.id, 'ret-photos-1')).toBeNull();
    expect(await applicant(org.id, 'ret-held-1')).toBeNull();
    expect((await applicant(org.id, 'ret-kept-1'))?.id).toBe(kept.id);
    const tombstones = await request(t.server).get(`${base()}/applicants/ret-photos-1/erasures`).set(owner.auth).expect(200);
    expect(tombstones.body).toEqual([
      {
        applicantId: expect.any(String),
        erasedAt: expect.any(String),
        erasedBy: 'retention',
        reason: 'Retention policy: identity data kept 365 days after the decision',
      },
    ]);
    const [entry] = await dataSource()
      .getRepository(AuditEvent)
      .find({ where: { organizationId: org.id, action: 'retention.identity_erased' } });
    expect(entry.detail).toMatchObject({ count: 2 });
    expect(JSON.stringify(entry.detail)).not.toMatch(/ret-photos-1|RP0000001|Person/);
    // The other organization has no policy: its applicant is untouched a year on.
    expect(
      await dataSource()
        .getRepository(ApplicantImage)
        .countBy({ applicantId: (await applicant(other.id, 'ret-other-1'))!.id }),
    ).toBeGreaterThan(0);
  }, 180_000);

  it("removes abandoned verifications after the organization's abandonedDays, the server's default elsewhere, never one on hold", async () => {
    const started = async (organization: TestOrganization, userId: string) => {
      await request(t.server).post('/api/kyc/sessions').set(owner.auth).send({ organizationId: organization.id, userId }).expect(201);
      return (await applicant(organization.id, userId))!;
    };
    const due = await started(org, 'ret-abandoned-1');
    const young = await started(org, 'ret-abandoned-young');
    const held = await started(org, 'ret-abandoned-held');
    const elsewhere = await started(other, 'ret-abandoned-2');
    await request(t.server)
      .put(`${base()}/applicants/ret-abandoned-held/legal-hold`)
      .set(await staff())
      .send({ reason: 'Investigation' })
      .expect(200);
    // createdAt is the database's time: move the rows back instead of the clock.
    const age = (row: Applicant, days: number) =>
      dataSource()
        .getRepository(Applicant)
        .update({ id: row.id }, { createdAt: new Date(clock.now().getTime() - days * DAY_MS) });
    await age(due, 2.5);
    await age(held, 2.5);
    // 36 hours: past the server's default of 24 hours, inside this organization's 2 days.
    await age(young, 1.5);
    await age(elsewhere, 1.5);
    expect(await t.app.get(AbandonedCleanupService).removeAbandoned()).toBe(2);
    expect(await applicant(org.id, 'ret-abandoned-1')).toBeNull();
    expect(await applicant(org.id, 'ret-abandoned-young')).not.toBeNull();
    expect(await applicant(org.id, 'ret-abandoned-held')).not.toBeNull();
    expect(await applicant(other.id, 'ret-abandoned-2')).toBeNull();
  }, 180_000);

  it('a reset leaves no earlier identity value in the audit trail', async () => {
    await submitVerification(t.server, owner, org.id, 'ret-reset-1', [{ docType: 'PASSPORT', png: documentPhoto() }], identity('Hortensia Vale', 'HV1234567'));
    await request(t.server)
      .put(`${base()}/applicants/ret-reset-1`)
      .set(await staff())
      .send({ name: 'Hortensia Valé', kycStatus: 'prechecked' })
      .expect(200);
    const row = (await applicant(org.id, 'ret-reset-1'))!;
    const edits = () =>
      dataSource()
        .getRepository(AuditEvent)
        .find({ where: { applicantId: row.id, action: 'applicant.updated' } });
    expect(JSON.stringify((await edits()).map((e) => e.detail))).toContain('Hortensia Vale');
    await request(t.server)
      .post(`${base()}/applicants/ret-reset-1/reset`)
      .set(await staff())
      .send({ reason: 'Start again' })
      .expect(200);
    const after = JSON.stringify((await edits()).map((e) => e.detail));
    expect(after).not.toMatch(/Hortensia/);
    // The status change stays readable; the name's values are redacted.
    expect((await edits())[0].detail).toEqual({
      changes: expect.arrayContaining([
        { field: 'name', from: '[erased]', to: '[erased]' },
        { field: 'kycStatus', from: 'queued', to: 'prechecked' },
      ]),
    });
  }, 180_000);
});
