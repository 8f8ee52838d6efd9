import request from 'supertest';
import { randomUUID } from 'node:crypto';
import type { FakeApplicant } from '../../server/fake-data/fake-applicant.js';
import { KYC_STATUSES } from '../../server/applicants/applicant.enums.js';
import { sidesOf } from '../../server/applicants/document-types.js';
import { addMember, createOrganization, seedApplicants, setPermissions, type TestOrganization } from '../fixtures/organizations.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

const ORGANIZATION_NOT_FOUND = { statusCode: 404, message: 'Organization not found', error: 'Not Found', code: 'ORGANIZATION_NOT_FOUND' };
const SORTABLE = ['userId', 'kycStatus', 'documentType', 'createdAt', 'updatedAt', 'submittedAt'] as const;
const DOCUMENT_TYPES = ['DRIVERS', 'ID_CARD', 'PASSPORT', 'RESIDENCE_PERMIT'];

type Row = FakeApplicant;

/** What the database must answer: the column, then userId (unique in an organization), in one direction. */
function sorted(rows: Row[], column: (typeof SORTABLE)[number], direction: 'asc' | 'desc'): string[] {
  const value = (row: Row) => {
    const v = row[column];
    return v instanceof Date ? v.getTime() : (v ?? '');
  };
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      if (x !== y) return (x < y ? -1 : 1) * sign;
      return (a.userId < b.userId ? -1 : 1) * sign;
    })
    .map((row) => row.userId);
}

describe('applicants', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let listed: TestOrganization;
  let listRows: Row[];

  const list = (organizationId: string, user: TestUser, query: Record<string, string | number> = {}) =>
    request(t.server).get(`/api/projects/${organizationId}/applicants`).query(query).set(user.auth);

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t);
    member = await createUser(t);
    stranger = await createUser(t);
    await createOrganization(t, stranger, 'Stranger Ltd');

    // 23 applicants whose every sortable column orders them differently.
    listed = await createOrganization(t, owner, 'Listed');
    const base = Date.UTC(2026, 0, 1);
    listRows = await seedApplicants(
      t,
      listed.id,
      Array.from({ length: 23 }, (_, i) => ({
        userId: `applicant-${String(i + 1).padStart(2, '0')}`,
        kycStatus: KYC_STATUSES[(i * 5) % KYC_STATUSES.length],
        documentType: DOCUMENT_TYPES[(i * 3) % DOCUMENT_TYPES.length],
        name: i % 6 === 0 ? `Maria da Silva ${i}` : `Person Number ${i}`,
        docNumber: `PX${String(i).padStart(2, '0')}00000`,
        createdAt: new Date(base + ((i * 7) % 23) * 60_000),
        updatedAt: new Date(base + ((i * 11) % 23) * 3_600_000),
      })),
    );
  });
  afterAll(() => t.close());

  describe('the paged list', () => {
    it('answers items and meta exactly, 10 per page by default, ordered by userId descending', async () => {
      const res = await list(listed.id, owner).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['items', 'meta']);
      expect(res.body.items).toHaveLength(10);
      expect(res.body.items[0]).toEqual({
        userId: 'applicant-23',
        kycStatus: listRows[22].kycStatus,
        documentType: listRows[22].documentType,
        organizationId: listed.id,
        // The work queue's columns, added after the spec's four.
        name: listRows[22].name,
        country: listRows[22].country,
        reviewAnswer: listRows[22].reviewAnswer,
        submittedAt: listRows[22].submittedAt?.toISOString() ?? null,
        updatedAt: listRows[22].updatedAt.toISOString(),
        flaggedChecks: [],
        assignee: null,
        tags: [],
      });
      expect(res.body.meta).toEqual({ page: 1, pageLength: 10, totalPages: 3, hasPreviousPage: false, hasNextPage: true });
    });

    it.each([
      [1, 10, { page: 1, pageLength: 10, totalPages: 3, hasPreviousPage: false, hasNextPage: true }, 'applicant-01'],
      [2, 10, { page: 2, pageLength: 10, totalPages: 3, hasPreviousPage: true, hasNextPage: true }, 'applicant-11'],
      [3, 10, { page: 3, pageLength: 3, totalPages: 3, hasPreviousPage: true, hasNextPage: false }, 'applicant-21'],
      [4, 10, { page: 4, pageLength: 0, totalPages: 3, hasPreviousPage: true, hasNextPage: false }, undefined],
      [1, 23, { page: 1, pageLength: 23, totalPages: 1, hasPreviousPage: false, hasNextPage: false }, 'applicant-01'],
    ])('page %i of size %i answers meta %j', async (page, pageSize, meta, first) => {
      const res = await list(listed.id, owner, { page, pageSize, orderBy: 'userId', orderDirection: 'asc' }).expect(200);
      expect(res.body.meta).toEqual(meta);
      expect(res.body.items[0]?.userId).toBe(first);
    });

    it('answers an empty first page for an organization without applicants', async () => {
      const empty = await createOrganization(t, owner);
      const res = await list(empty.id, owner).expect(200);
      expect(res.body).toEqual({
        items: [],
        meta: { page: 1, pageLength: 0, totalPages: 0, hasPreviousPage: false, hasNextPage: false },
      });
    });

    describe.each(SORTABLE)('sorted by %s', (column) => {
      it.each(['asc', 'desc'] as const)('%s, with ties broken by userId', async (direction) => {
        const res = await list(listed.id, owner, { orderBy: column, orderDirection: direction, pageSize: 250 }).expect(200);
        expect(res.body.items.map((item: { userId: string }) => item.userId)).toEqual(sorted(listRows, column, direction));
      });
    });

    it('walks the pages of a sort without repeating or skipping anyone', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const res = await list(listed.id, owner, { orderBy: 'kycStatus', orderDirection: 'asc', pageSize: 7, page }).expect(200);
        seen.push(...res.body.items.map((item: { userId: string }) => item.userId));
      }
      expect(seen).toEqual(sorted(listRows, 'kycStatus', 'asc'));
    });

    it('defaults the direction to descending when only orderBy is given', async () => {
      const res = await list(listed.id, owner, { orderBy: 'createdAt', pageSize: 250 }).expect(200);
      expect(res.body.items.map((item: { userId: string }) => item.userId)).toEqual(sorted(listRows, 'createdAt', 'desc'));
    });

    it.each([
      [
        'userId prefix',
        'APPLICANT-1',
        [
          'applicant-10',
          'applicant-11',
          'applicant-12',
          'applicant-13',
          'applicant-14',
          'applicant-15',
          'applicant-16',
          'applicant-17',
          'applicant-18',
          'applicant-19',
        ],
      ],
      ['name, anywhere and in any case', 'da SILVA', ['applicant-01', 'applicant-07', 'applicant-13', 'applicant-19']],
      ['document number prefix', 'px05', ['applicant-06']],
      ['a term matching nobody', 'zz-nobody', []],
      ['LIKE wildcards taken literally', '%_%', []],
    ])('searches by %s', async (_case, search, expected) => {
      const res = await list(listed.id, owner, { search, orderBy: 'userId', orderDirection: 'asc', pageSize: 50 }).expect(200);
      expect(res.body.items.map((item: { userId: string }) => item.userId)).toEqual(expected);
      expect(res.body.meta.totalPages).toBe(expected.length === 0 ? 0 : 1);
    });

    it('counts the pages of a search, not of the whole organization', async () => {
      const res = await list(listed.id, owner, { search: 'applicant-1', pageSize: 4 }).expect(200);
      expect(res.body.meta).toEqual({ page: 1, pageLength: 4, totalPages: 3, hasPreviousPage: false, hasNextPage: true });
    });

    it('refuses an orderBy outside the sortable columns with a 400 naming them', async () => {
      const res = await list(listed.id, owner, { orderBy: 'name' }).expect(400);
      expect(res.body.message).toEqual(['orderBy must be one of: userId, kycStatus, documentType, createdAt, updatedAt, submittedAt']);
      await list(listed.id, owner, { orderBy: 'id; DROP TABLE applicants' }).expect(400);
    });

    it.each([
      ['pageSize 251', { pageSize: 251 }, /pageSize must not be greater than 250/],
      ['pageSize 0', { pageSize: 0 }, /pageSize must not be less than 1/],
      ['page 0', { page: 0 }, /page must not be less than 1/],
      ['a page that is not a number', { page: 'two' }, /page must be an integer/],
      ['an orderDirection other than asc/desc', { orderDirection: 'up' }, /orderDirection must be one of: asc, desc/],
      ['a search of 101 characters', { search: 'x'.repeat(101) }, /search must be shorter than or equal to 100 characters/],
      ['a search of 2 characters (it would scan every applicant)', { search: ' ab ' }, /search must be at least 3 characters long/],
      ['a search of 2 characters outside the BMP (counted as characters, not UTF-16 units)', { search: '😀😀' }, /search must be at least 3 characters long/],
      ['a one-character wildcard search', { search: '%' }, /search must be at least 3 characters long/],
      ['an unknown parameter', { color: 'red' }, /property color should not exist/],
    ])('refuses %s with 400', async (_case, query, message) => {
      const res = await list(listed.id, owner, query as Record<string, string | number>).expect(400);
      expect(JSON.stringify(res.body.message)).toMatch(message);
    });

    it('accepts a pageSize of 250', async () => {
      await list(listed.id, owner, { pageSize: 250 }).expect(200);
    });
  });

  describe('GET /api/applicants (every organization of the caller)', () => {
    it('lists applicants of the organizations the caller owns or belongs to, each with its organizationId', async () => {
      const worker = await createUser(t);
      const own = await createOrganization(t, worker);
      const joined = await createOrganization(t, owner);
      await addMember(t, owner, joined.id, worker);
      await seedApplicants(t, own.id, [{ userId: 'mine-1' }, { userId: 'mine-2' }]);
      await seedApplicants(t, joined.id, [{ userId: 'joined-1' }]);

      const res = await request(t.server).get('/api/applicants').query({ orderBy: 'userId', orderDirection: 'asc' }).set(worker.auth).expect(200);
      expect(res.body.items.map((item: { userId: string; organizationId: string }) => [item.userId, item.organizationId])).toEqual([
        ['joined-1', joined.id],
        ['mine-1', own.id],
        ['mine-2', own.id],
      ]);
      expect(res.body.meta).toEqual({ page: 1, pageLength: 3, totalPages: 1, hasPreviousPage: false, hasNextPage: false });

      const one = await request(t.server).get('/api/applicants').query({ organizationId: joined.id }).set(worker.auth).expect(200);
      expect(one.body.items.map((item: { userId: string }) => item.userId)).toEqual(['joined-1']);
    });

    it('answers 404 for an organizationId the caller may not see', async () => {
      const res = await request(t.server).get('/api/applicants').query({ organizationId: listed.id }).set(stranger.auth).expect(404);
      expect(res.body).toEqual(ORGANIZATION_NOT_FOUND);
      await request(t.server).get('/api/applicants').query({ organizationId: 'nope' }).set(stranger.auth).expect(404);
    });

    it("shows a super-admin every organization's applicants (signed in: a super-admin's API key reaches only its own organizations)", async () => {
      const superAdmin = await createUser(t, { role: 'super-admin' });
      const res = await request(t.server)
        .get('/api/applicants')
        .query({ search: 'applicant-', pageSize: 250 })
        .set(await sessionHeaders(t, superAdmin))
        .expect(200);
      expect(res.body.items.filter((item: { organizationId: string }) => item.organizationId === listed.id)).toHaveLength(23);
      const byKey = await request(t.server).get('/api/applicants').query({ search: 'applicant-', pageSize: 250 }).set(superAdmin.auth).expect(200);
      expect(byKey.body.items.filter((item: { organizationId: string }) => item.organizationId === listed.id)).toHaveLength(0);
    });
  });

  describe('details, images and activity', () => {
    let org: TestOrganization;
    let applicant: Row;
    let other: Row;

    beforeAll(async () => {
      org = await createOrganization(t, owner);
      await addMember(t, owner, org.id, member);
      [applicant, other] = await seedApplicants(t, org.id, [{ userId: 'detail-1' }, { userId: 'detail-2' }], { images: true });
    });

    const details = (user: TestUser, userId = applicant.userId) => request(t.server).get(`/api/projects/${org.id}/applicants/${userId}`).set(user.auth);

    it('answers the applicant and the identity with image URLs on the authorized route', async () => {
      const res = await details(owner).expect(200);
      expect(res.body.applicant).toEqual({
        userId: applicant.userId,
        kycStatus: applicant.kycStatus,
        documentType: applicant.documentType,
        reviewAnswer: applicant.reviewAnswer,
        rejectType: applicant.rejectType,
        rejectReason: applicant.rejectReason,
        submittedAt: applicant.submittedAt?.toISOString() ?? null,
        decidedAt: applicant.decidedAt?.toISOString() ?? null,
        createdAt: applicant.createdAt.toISOString(),
        version: 1,
      });
      const { images, ...identity } = res.body.identity;
      expect(identity).toEqual({
        name: applicant.name,
        dateOfBirth: applicant.dateOfBirth,
        sex: applicant.sex,
        placeOfBirth: applicant.placeOfBirth,
        docNumber: applicant.docNumber,
        issuanceDate: applicant.issuanceDate,
        expiryDate: applicant.expiryDate,
        country: applicant.country,
        address: applicant.address,
        height: applicant.height,
        maritalStatus: applicant.maritalStatus,
        issuedIn: applicant.issuedIn,
        fatherName: applicant.fatherName,
        motherName: applicant.motherName,
      });
      // Front before back, then the selfie; a passport has only its data page.
      expect(images.map((image: { docType: string; side: string | null }) => [image.docType, image.side])).toEqual([
        ...sidesOf(applicant.documentType)!.map((side) => [applicant.documentType, side]),
        ['SELFIE', null],
      ]);
      for (const image of images) {
        expect(image.url).toBe(`/api/projects/${org.id}/applicants/${applicant.userId}/images/${image.id}`);
      }
    });

    it('answers what the analysis read from the document, and its checks', async () => {
      const { body } = await details(owner).expect(200);
      expect(body.analysis).toBe('done');
      expect(body.document).toMatchObject({ documentNumber: applicant.docNumber, dateOfBirth: applicant.dateOfBirth, expiryDate: applicant.expiryDate });
      const checks = (await request(t.server).get(`/api/projects/${org.id}/applicants/${applicant.userId}/checks`).set(owner.auth).expect(200)).body;
      expect(checks.map((check: { name: string; verdict: string }) => [check.name, check.verdict])).toEqual([
        ['adult', 'passed'],
        ['data-matches-document', 'passed'],
        ['document-not-expired', applicant.expiryDate! > applicant.submittedAt!.toISOString().slice(0, 10) ? 'passed' : 'failed'],
        ['document-number-unique', 'passed'],
        ['document-read', 'passed'],
        ['images-readable', 'passed'],
      ]);
    });

    it('serves image bytes to members only, as a private JPEG', async () => {
      const { body } = await details(owner).expect(200);
      const url: string = body.identity.images[0].url;
      const res = await request(t.server).get(url).set(member.auth).buffer(true).expect(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect([...(res.body as Buffer).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const denied = await request(t.server).get(url).set(stranger.auth).expect(404);
      expect(denied.body).toEqual(ORGANIZATION_NOT_FOUND);
      await request(t.server).get(url).expect(401);
    });

    it("answers 404 for an image through another applicant's path, or an unknown image", async () => {
      const { body } = await details(owner).expect(200);
      const imageId: string = body.identity.images[0].id;
      const res = await request(t.server).get(`/api/projects/${org.id}/applicants/${other.userId}/images/${imageId}`).set(owner.auth).expect(404);
      expect(res.body.message).toBe('Image not found');
      await request(t.server).get(`/api/projects/${org.id}/applicants/${applicant.userId}/images/${randomUUID()}`).set(owner.auth).expect(404);
      await request(t.server).get(`/api/projects/${org.id}/applicants/${applicant.userId}/images/x`).set(owner.auth).expect(404);
    });

    it('records each view of identity data as applicant.viewed, newest first in the activity', async () => {
      await details(member).expect(200);
      const res = await request(t.server).get(`/api/projects/${org.id}/applicants/${applicant.userId}/activity`).set(owner.auth).expect(200);
      expect(res.body.items[0]).toEqual({
        id: expect.any(String),
        action: 'applicant.viewed',
        actorName: member.user.username,
        detail: null,
        createdAt: expect.any(String),
      });
      const times = res.body.items.map((item: { createdAt: string }) => Date.parse(item.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('pages the activity with the list meta', async () => {
      for (let i = 0; i < 3; i += 1) await details(owner, other.userId).expect(200);
      const res = await request(t.server)
        .get(`/api/projects/${org.id}/applicants/${other.userId}/activity`)
        .query({ page: 2, pageSize: 2 })
        .set(owner.auth)
        .expect(200);
      expect(res.body.items).toHaveLength(1);
      expect(res.body.meta).toEqual({ page: 2, pageLength: 1, totalPages: 2, hasPreviousPage: true, hasNextPage: false });
    });

    it("answers 404 'Applicant not found' for a userId the organization does not have", async () => {
      const res = await details(owner, 'nobody').expect(404);
      expect(res.body.message).toBe('Applicant not found');
    });
  });

  describe('edit, reset and decisions', () => {
    let org: TestOrganization;
    let seq = 0;

    beforeAll(async () => {
      org = await createOrganization(t, owner);
      await addMember(t, owner, org.id, member);
    });

    /** A fresh submitted applicant (with images) for one test. */
    async function freshApplicant(override: Partial<Row> = {}): Promise<Row> {
      seq += 1;
      const [row] = await seedApplicants(t, org.id, [{ userId: `edit-${seq}`, ...override }], { images: true, seed: `edit-${seq}` });
      return row;
    }

    const path = (userId: string, suffix = '') => `/api/projects/${org.id}/applicants/${userId}${suffix}`;
    const activity = async (userId: string) =>
      (await request(t.server).get(path(userId, '/activity')).set(owner.auth).expect(200)).body.items as {
        action: string;
        actorName: string;
        detail: Record<string, unknown> | null;
      }[];

    it('updates the fields sent, trims them, and records each change as { field, from, to }', async () => {
      const row = await freshApplicant({ sex: 'F', maritalStatus: 'Casado', name: 'Ana Souza', height: '1.60' });
      const res = await request(t.server)
        .put(path(row.userId))
        .set(await sessionHeaders(t, member))
        .send({ name: '  Ana Souza Lima ', sex: 'F', maritalStatus: 'Divorciado', height: '1.61' })
        .expect(200);
      expect(res.body.identity).toMatchObject({ name: 'Ana Souza Lima', sex: 'F', maritalStatus: 'Divorciado', height: '1.61' });
      expect(res.body.identity.placeOfBirth).toBe(row.placeOfBirth);

      const [updated] = await activity(row.userId);
      expect(updated).toMatchObject({ action: 'applicant.updated', actorName: member.user.username });
      expect(updated.detail).toEqual({
        changes: [
          { field: 'name', from: 'Ana Souza', to: 'Ana Souza Lima' },
          { field: 'height', from: '1.60', to: '1.61' },
          { field: 'maritalStatus', from: 'Casado', to: 'Divorciado' },
        ],
      });
      const again = await request(t.server).get(path(row.userId)).set(owner.auth).expect(200);
      expect(again.body.identity.maritalStatus).toBe('Divorciado');
    });

    it("clears a field sent as '' (stored as null) and lets kycStatus be set directly", async () => {
      const row = await freshApplicant({ kycStatus: 'completed', reviewAnswer: 'approved', sex: 'M', maritalStatus: 'Solteiro' });
      const res = await request(t.server)
        .put(path(row.userId))
        .set(await sessionHeaders(t, owner))
        .send({ sex: '', maritalStatus: '', fatherName: '', kycStatus: 'pending' })
        .expect(200);
      expect(res.body.identity).toMatchObject({ sex: null, maritalStatus: null, fatherName: null });
      // A review answer describes a completed applicant only.
      expect(res.body.applicant).toMatchObject({ kycStatus: 'pending', reviewAnswer: null });
      const [updated] = await activity(row.userId);
      expect(updated.detail?.changes).toEqual(
        expect.arrayContaining([
          { field: 'sex', from: 'M', to: null },
          { field: 'kycStatus', from: 'completed', to: 'pending' },
          { field: 'reviewAnswer', from: 'approved', to: null },
        ]),
      );
    });

    it.each([
      ['a sex outside M/F', { sex: 'X' }, 'sex must be one of: M, F (or empty)'],
      ['an unknown marital status', { maritalStatus: 'Single' }, 'maritalStatus must be one of: Solteiro, Casado, Divorciado, Viuvo (or empty)'],
      ['an unknown kycStatus', { kycStatus: 'done' }, 'kycStatus must be one of: init, pending, prechecked, queued, completed, onHold'],
      ['a name of 201 characters', { name: 'x'.repeat(201) }, 'name must be shorter than or equal to 200 characters'],
      ['a value that is not text', { height: 175 }, 'height must be a string'],
      ['a field the form does not have', { reviewAnswer: 'approved' }, 'property reviewAnswer should not exist'],
    ])('refuses %s with 400 and records nothing', async (_case, body, message) => {
      const row = await freshApplicant();
      const res = await request(t.server)
        .put(path(row.userId))
        .set(await sessionHeaders(t, owner))
        .send(body)
        .expect(400);
      expect(res.body.message).toContain(message);
      expect((await activity(row.userId)).filter((event) => event.action === 'applicant.updated')).toEqual([]);
    });

    it('records nothing for an edit that changes nothing', async () => {
      const row = await freshApplicant();
      await request(t.server)
        .put(path(row.userId))
        .set(await sessionHeaders(t, owner))
        .send({ name: row.name })
        .expect(200);
      expect(await activity(row.userId)).toEqual([]);
    });

    it('resets an applicant only with a reason: identity, images and review answer gone, kycStatus init, the reason audited', async () => {
      const row = await freshApplicant({ kycStatus: 'completed', reviewAnswer: 'rejected', rejectType: 'final', rejectReason: 'Blurred' });
      const before = await request(t.server).get(path(row.userId)).set(owner.auth).expect(200);
      const imageUrl: string = before.body.identity.images[0].url;
      const staff = await sessionHeaders(t, member);

      // No reason, an empty one, one too long, one of the wrong type: 400, nothing reset.
      for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
        const refused = await request(t.server).post(path(row.userId, '/reset')).set(staff).send(body).expect(400);
        expect(JSON.stringify(refused.body.message)).toMatch(/reason/);
      }
      expect((await request(t.server).get(path(row.userId)).set(owner.auth).expect(200)).body.applicant.kycStatus).toBe('completed');
      expect((await activity(row.userId)).map((event) => event.action)).not.toContain('applicant.reset');

      const res = await request(t.server)
        .post(path(row.userId, '/reset'))
        .set(staff)
        .send({ reason: '  The end user asked to start again with her new passport  ' })
        .expect(200);
      expect(res.body.applicant).toMatchObject({
        kycStatus: 'init',
        documentType: null,
        reviewAnswer: null,
        rejectType: null,
        rejectReason: null,
        submittedAt: null,
        decidedAt: null,
      });
      const after = await request(t.server).get(path(row.userId)).set(owner.auth).expect(200);
      expect(Object.values(after.body.identity).filter((value) => value !== null)).toEqual([[]]);
      await request(t.server).get(imageUrl).set(owner.auth).expect(404);
      const events = await activity(row.userId);
      expect(events.map((event) => event.action)).toContain('applicant.reset');
      expect(events.find((event) => event.action === 'applicant.reset')?.detail).toEqual({
        previousStatus: 'completed',
        imagesRemoved: sidesOf(row.documentType)!.length + 1,
        reason: 'The end user asked to start again with her new passport',
      });
    });

    it('approves: completed with reviewAnswer approved and decidedAt, recorded', async () => {
      const row = await freshApplicant({ kycStatus: 'pending', reviewAnswer: null, decidedAt: null });
      const res = await request(t.server)
        .post(path(row.userId, '/approve'))
        .set(await sessionHeaders(t, member))
        .expect(200);
      expect(res.body.applicant).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'approved', rejectType: null, rejectReason: null });
      expect(Date.now() - Date.parse(res.body.applicant.decidedAt)).toBeLessThan(60_000);
      const [event] = await activity(row.userId);
      expect(event).toMatchObject({ action: 'applicant.approved', actorName: member.user.username, detail: { previousStatus: 'pending' } });
    });

    it('rejects with a reason and a reject type, recorded with the reason', async () => {
      const row = await freshApplicant({ kycStatus: 'queued', reviewAnswer: null });
      const res = await request(t.server)
        .post(path(row.userId, '/reject'))
        .set(await sessionHeaders(t, owner))
        .send({ reason: '  The selfie does not match  ', rejectType: 'resubmission' })
        .expect(200);
      expect(res.body.applicant).toMatchObject({
        kycStatus: 'completed',
        reviewAnswer: 'rejected',
        rejectType: 'resubmission',
        rejectReason: 'The selfie does not match',
        decidedAt: expect.any(String),
      });
      const [event] = await activity(row.userId);
      expect(event).toMatchObject({
        action: 'applicant.rejected',
        detail: { previousStatus: 'queued', reason: 'The selfie does not match', rejectType: 'resubmission' },
      });
    });

    it.each([
      ['without a reason', { rejectType: 'final' }, 'reason must not be empty'],
      ['with a blank reason', { reason: '   ', rejectType: 'final' }, 'reason must not be empty'],
      ['with a reason of 1001 characters', { reason: 'x'.repeat(1001), rejectType: 'final' }, 'reason must be shorter than or equal to 1000 characters'],
      ['without a reject type', { reason: 'Blurred' }, 'rejectType must be one of: final, resubmission'],
    ])('refuses a rejection %s with 400 and records nothing', async (_case, body, message) => {
      const row = await freshApplicant();
      const res = await request(t.server)
        .post(path(row.userId, '/reject'))
        .set(await sessionHeaders(t, owner))
        .send(body)
        .expect(400);
      expect(res.body.message).toContain(message);
      expect(await activity(row.userId)).toEqual([]);
    });

    it('puts on hold, with or without a reason, clearing an earlier review answer', async () => {
      const row = await freshApplicant({ kycStatus: 'completed', reviewAnswer: 'approved' });
      const res = await request(t.server)
        .post(path(row.userId, '/hold'))
        .set(await sessionHeaders(t, owner))
        .send({ reason: 'Proof of address needed' })
        .expect(200);
      expect(res.body.applicant).toMatchObject({ kycStatus: 'onHold', reviewAnswer: null, decidedAt: expect.any(String) });
      await request(t.server)
        .post(path(row.userId, '/hold'))
        .set(await sessionHeaders(t, owner))
        .send({})
        .expect(200);
      const events = await activity(row.userId);
      expect(events.map((event) => [event.action, event.detail])).toEqual([
        ['applicant.held', { previousStatus: 'onHold', reason: null }],
        ['applicant.held', { previousStatus: 'completed', reason: 'Proof of address needed' }],
      ]);
    });

    it('enforces the stored permissions: applicants.update for edits and decisions, applicants.delete for reset', async () => {
      const row = await freshApplicant();
      await setPermissions(t, 'kyc', 'applicants', ['read']);
      try {
        await request(t.server)
          .put(path(row.userId))
          .set(await sessionHeaders(t, owner))
          .send({ name: 'X' })
          .expect(403);
        await request(t.server)
          .post(path(row.userId, '/approve'))
          .set(await sessionHeaders(t, owner))
          .expect(403);
        await request(t.server)
          .post(path(row.userId, '/reset'))
          .set(await sessionHeaders(t, owner))
          .send({ reason: 'Start again' })
          .expect(403);
        await request(t.server).get(path(row.userId)).set(owner.auth).expect(200);
        await setPermissions(t, 'kyc', 'applicants', ['update']);
        await request(t.server).get(path(row.userId)).set(owner.auth).expect(403);
        await request(t.server).get(`/api/projects/${org.id}/applicants`).set(owner.auth).expect(403);
      } finally {
        await setPermissions(t, 'kyc', 'applicants', ['read', 'update', 'delete']);
      }
    });
  });

  describe('tenancy', () => {
    let org: TestOrganization;
    let row: Row;
    let imageId: string;

    beforeAll(async () => {
      org = await createOrganization(t, owner);
      [row] = await seedApplicants(t, org.id, [{ userId: 'tenant-1', kycStatus: 'pending', reviewAnswer: null }], { images: true });
      imageId = (await request(t.server).get(`/api/projects/${org.id}/applicants/${row.userId}`).set(owner.auth).expect(200)).body.identity.images[0].id;
    });

    /** Every applicant route; :org, :userId and :imageId are filled in per call. */
    const ROUTES: [string, string, object?][] = [
      ['GET', '/api/projects/:org/applicants'],
      ['GET', '/api/applicants?organizationId=:org'],
      ['GET', '/api/projects/:org/applicants/:userId'],
      ['PUT', '/api/projects/:org/applicants/:userId', { name: 'Hijacked' }],
      ['POST', '/api/projects/:org/applicants/:userId/reset', { reason: 'Hijacked' }],
      ['POST', '/api/projects/:org/applicants/:userId/approve'],
      ['POST', '/api/projects/:org/applicants/:userId/reject', { reason: 'No', rejectType: 'final' }],
      ['POST', '/api/projects/:org/applicants/:userId/hold', {}],
      ['GET', '/api/projects/:org/applicants/:userId/activity'],
      ['GET', '/api/projects/:org/applicants/:userId/images/:imageId'],
    ];
    const PER_APPLICANT = ROUTES.filter(([, path]) => path.includes(':userId'));

    /** Reads with the user's API key; changes (which an API key may not make) in their session. */
    const send = async (user: TestUser, [method, template, body]: [string, string, object?], organizationId: string, userId = row.userId) => {
      const url = template.replace(':org', organizationId).replace(':userId', userId).replace(':imageId', imageId);
      const headers = method === 'GET' ? user.auth : await sessionHeaders(t, user);
      const call = request(t.server)[method.toLowerCase() as 'get' | 'put' | 'post'](url).set(headers);
      // Wrapped: an async function would otherwise run the (thenable) request itself.
      return { call: body ? call.send(body) : call };
    };

    it.each(ROUTES)('%s %s answers 404 Organization not found to a user of another organization', async (...route) => {
      const res = await (await send(stranger, route, org.id)).call.expect(404);
      expect(res.body).toEqual(ORGANIZATION_NOT_FOUND);
    });

    it('leaves the applicant untouched and unrecorded after all those attempts', async () => {
      const res = await request(t.server).get(`/api/projects/${org.id}/applicants/${row.userId}/activity`).set(owner.auth).expect(200);
      expect(res.body.items.map((item: { actorName: string }) => item.actorName)).not.toContain(stranger.user.username);
      const details = await request(t.server).get(`/api/projects/${org.id}/applicants/${row.userId}`).set(owner.auth).expect(200);
      expect(details.body.applicant.kycStatus).toBe('pending');
      expect(details.body.identity.name).toBe(row.name);
    });

    it.each(ROUTES)('%s %s answers 404 for an unknown or a malformed organization id', async (...route) => {
      for (const organizationId of [randomUUID(), 'not-a-uuid']) {
        const res = await (await send(owner, route, organizationId)).call.expect(404);
        expect(res.body).toEqual(ORGANIZATION_NOT_FOUND);
      }
    });

    it.each(PER_APPLICANT)('%s %s answers 404 for a userId the organization does not have', async (...route) => {
      const res = await (await send(owner, route, org.id, 'not-here')).call.expect(404);
      expect(res.body.message).toBe(route[1].endsWith(':imageId') ? 'Image not found' : 'Applicant not found');
    });

    it('lets a member who does not own the organization work in it', async () => {
      const helper = await createUser(t);
      await addMember(t, owner, org.id, helper);
      await list(org.id, helper).expect(200);
      await request(t.server).get(`/api/projects/${org.id}/applicants/${row.userId}`).set(helper.auth).expect(200);
      await request(t.server)
        .post(`/api/projects/${org.id}/applicants/${row.userId}/hold`)
        .set(await sessionHeaders(t, helper))
        .send({})
        .expect(200);
    });

    it('lets a signed-in super-admin into any organization, not its API key', async () => {
      const superAdmin = await createUser(t, { role: 'super-admin' });
      const session = await sessionHeaders(t, superAdmin);
      await request(t.server).get(`/api/projects/${org.id}/applicants`).set(session).expect(200);
      await request(t.server).get(`/api/projects/${org.id}/applicants/${row.userId}`).set(session).expect(200);
      await list(org.id, superAdmin).expect(404);
    });

    it('answers 401 to a visitor', async () => {
      await request(t.server).get(`/api/projects/${org.id}/applicants`).expect(401);
      await request(t.server).get('/api/applicants').expect(401);
    });
  });
});
