import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, In, Not } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { isUuid, OrganizationAccessService } from '../organizations/organization-access.service.js';
import type { User } from '../users/user.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { APPLICANT_ERRORS } from '../applicants/applicants.errors.js';
import { ApplicantsQueryService } from '../applicants/applicants-query.service.js';
import { ApplicantFace } from './applicant-face.entity.js';
import { FaceBlocklistEntry } from './face-blocklist-entry.entity.js';
import { FaceCrop, type NewFaceCrop } from './face-crop.entity.js';

export type { NewFaceCrop };
import { toFaceBlocklistEntryDto, type FaceBlocklistEntryDto } from './face-blocklist.dto.js';
import { differentIdentity, type BlocklistMatch, type DuplicateMatch } from './face-checks.js';
import type { FaceModel } from '../face-reading/index.js';

/** The largest id a blocklist entry can have (a 32-bit integer column). */
const MAX_ENTRY_ID = 2_147_483_647;

/** A search hit: a stored row's id, how similar its face is, and the model both embeddings are of. */
interface Hit {
  id: number;
  similarity: number;
  model: FaceModel;
}

/** A match as its evidence records it, with the model both faces were compared under. */
export type ModelMatch = DuplicateMatch & { model: FaceModel };

/** A stored face's embedding under one model (packEmbedding()). */
export interface ModelEmbedding {
  model: FaceModel;
  embedding: Buffer;
}

/**
 * The other side of a duplicate: an earlier applicant whose stored face a selfie matched,
 * the match as that applicant's check names it (the later applicant), and the copy of the
 * later applicant's face its evidence shows (AnalysisOutcomes.recordFaceAnalysis).
 */
export interface EarlierDuplicate {
  applicantId: string;
  match: ModelMatch;
  crop: NewFaceCrop;
}

/** The crop bytes a reviewer's browser fetches: always JPEG (the face reader encodes them). */
export interface FaceCropBytes {
  contentType: 'image/jpeg';
  data: Buffer;
}

const cropNotFound = () => APPLICANT_ERRORS.error('IMAGE_NOT_FOUND');

/**
 * Applicants' stored faces (the duplicate search's data) and the organization's blocklist
 * of faces staff marked fraudulent, each listing and removal audited.
 */
@Injectable()
export class ApplicantFaces {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly applicants: ApplicantsQueryService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Keeps the applicant's selfie face, one row per model (replacing an earlier submission's),
   * before it is searched for, so that two concurrent submissions find each other.
   */
  async store(applicant: Pick<Applicant, 'id' | 'organizationId'>, embeddings: ModelEmbedding[], crop: Buffer): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(ApplicantFace, { applicantId: applicant.id });
      if (embeddings.length === 0) return;
      await manager.insert(
        ApplicantFace,
        embeddings.map(({ model, embedding }) => ({ applicantId: applicant.id, organizationId: applicant.organizationId, model, embedding, crop })),
      );
    });
  }

  /**
   * The other applicants behind face hits (removed ones drop out), compared with this
   * applicant's identity; each match names a copy of that applicant's face, returned in
   * `crops` to be stored with this applicant's checks (the evidence never holds the bytes).
   * `earlier`: the same matches seen from the other applicants' side, each with a copy of
   * this applicant's face (`selfieCrop`), to flag them too. Hits come from each model's
   * search (the target model's first): an applicant found under two models is one match.
   */
  async describeMatches(
    applicant: Pick<Applicant, 'id' | 'organizationId' | 'userId' | 'name' | 'dateOfBirth'>,
    hits: Hit[],
    selfieCrop: Buffer,
  ): Promise<{ matches: ModelMatch[]; crops: NewFaceCrop[]; earlier: EarlierDuplicate[] }> {
    if (hits.length === 0) return { matches: [], crops: [], earlier: [] };
    const rows = await this.dataSource
      .getRepository(ApplicantFace)
      .createQueryBuilder('f')
      .innerJoinAndSelect('f.applicant', 'a')
      .where('f.id IN (:...ids)', { ids: hits.map((hit) => hit.id) })
      .andWhere('f.organizationId = :organizationId', { organizationId: applicant.organizationId })
      .andWhere('f.applicantId != :self', { self: applicant.id })
      .getMany();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const crops: NewFaceCrop[] = [];
    const earlier: EarlierDuplicate[] = [];
    const seen = new Set<string>();
    const matches = hits.flatMap((hit): ModelMatch[] => {
      const row = byId.get(hit.id);
      if (!row?.applicant || seen.has(row.applicantId)) return [];
      seen.add(row.applicantId);
      const other = row.applicant;
      const similarity = Math.round(hit.similarity * 1000) / 1000;
      const different = differentIdentity(applicant, other);
      const crop: NewFaceCrop = { id: randomUUID(), applicantId: applicant.id, faceOfApplicantId: other.id, data: row.crop };
      crops.push(crop);
      const back: NewFaceCrop = { id: randomUUID(), applicantId: other.id, faceOfApplicantId: applicant.id, data: selfieCrop };
      earlier.push({
        applicantId: other.id,
        match: {
          userId: applicant.userId,
          name: applicant.name,
          dateOfBirth: applicant.dateOfBirth,
          similarity,
          differentIdentity: different,
          cropId: back.id,
          model: hit.model,
        },
        crop: back,
      });
      return [
        { userId: other.userId, name: other.name, dateOfBirth: other.dateOfBirth, similarity, differentIdentity: different, cropId: crop.id, model: hit.model },
      ];
    });
    return { matches, crops, earlier };
  }

  /** The blocklist entries behind blocklist hits (entries removed since drop out; a face listed once per model is one match). */
  async describeBlocklistMatches(organizationId: string, hits: Hit[]): Promise<BlocklistMatch[]> {
    if (hits.length === 0) return [];
    const rows = await this.dataSource.getRepository(FaceBlocklistEntry).findBy({ id: In(hits.map((hit) => hit.id)), organizationId });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const seen = new Set<string>();
    return hits.flatMap((hit): (BlocklistMatch & { model: FaceModel })[] => {
      const row = byId.get(hit.id);
      if (!row || seen.has(row.userId)) return [];
      seen.add(row.userId);
      return [{ entryId: row.id, userId: row.userId, reason: row.reason, similarity: Math.round(hit.similarity * 1000) / 1000, model: hit.model }];
    });
  }

  /**
   * A face crop the applicant's checks show (its evidence names it by id), for a member
   * of the organization who may see the applicant; 404 IMAGE_NOT_FOUND once it is gone
   * (a new analysis, reset, retention, erasure).
   */
  async crop(user: User, organizationId: string, userId: string, cropId: string): Promise<FaceCropBytes> {
    const { organization } = await this.access.requireMember(user, organizationId);
    if (!isUuid(cropId)) throw cropNotFound();
    const crop = await this.dataSource
      .getRepository(FaceCrop)
      .createQueryBuilder('c')
      .innerJoin(Applicant, 'a', 'a.id = c.applicantId')
      .select(['c.id', 'c.data'])
      .where('c.id = :cropId', { cropId: cropId.toLowerCase() })
      .andWhere('a.organizationId = :organizationId', { organizationId: organization.id })
      .andWhere('a.userId = :userId', { userId })
      .getOne();
    if (!crop) throw cropNotFound();
    return { contentType: 'image/jpeg', data: crop.data };
  }

  /** The face of one of the organization's blocklist entries, for its members (a duplicate-face check names the entry). */
  async blocklistCrop(user: User, organizationId: string, entryId: string): Promise<FaceCropBytes> {
    const { organization } = await this.access.requireMember(user, organizationId);
    // The entries' ids are 32-bit integers: a larger number names no entry (PostgreSQL would refuse it with a 500).
    if (!/^[1-9][0-9]{0,9}$/.test(entryId) || Number(entryId) > MAX_ENTRY_ID) throw cropNotFound();
    const entry = await this.dataSource
      .getRepository(FaceBlocklistEntry)
      .findOne({ where: { id: Number(entryId), organizationId: organization.id }, select: { id: true, crop: true } });
    if (!entry) throw cropNotFound();
    return { contentType: 'image/jpeg', data: entry.crop };
  }

  /** How many applicants' faces the organization has stored (what a search looked through; a face stored under two models counts once). */
  async count(organizationId: string, exceptApplicantId: string): Promise<number> {
    const row = await this.dataSource
      .getRepository(ApplicantFace)
      .createQueryBuilder('f')
      .select('COUNT(DISTINCT f.applicantId)', 'count')
      .where({ organizationId, applicantId: Not(exceptApplicantId) })
      .getRawOne<{ count: string | number }>();
    return Number(row?.count ?? 0);
  }

  /** Puts the applicant's stored selfie face on the organization's blocklist (audited). */
  async block(user: User, organizationId: string, userId: string, reason: string): Promise<FaceBlocklistEntryDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const applicant = await this.applicants.findApplicant(organization.id, userId);
    return this.dataSource.transaction(async (manager) => {
      // One entry per model the face is stored under (two while stored faces move to a new model).
      const faces = await manager.find(ApplicantFace, { where: { applicantId: applicant.id }, order: { id: 'ASC' } });
      if (faces.length === 0) throw APPLICANT_ERRORS.error('FACE_NOT_ANALYSED');
      if (await manager.existsBy(FaceBlocklistEntry, { applicantId: applicant.id })) throw APPLICANT_ERRORS.error('FACE_ALREADY_BLOCKLISTED');
      const entries = faces.map((face) =>
        manager.create(FaceBlocklistEntry, {
          organizationId: organization.id,
          applicantId: applicant.id,
          userId: applicant.userId,
          model: face.model,
          embedding: face.embedding,
          crop: face.crop,
          reason,
          createdById: user.id,
        }),
      );
      await manager.save(entries);
      const [entry] = entries;
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        applicantId: applicant.id,
        action: 'applicant.face_blocklisted',
        detail: { reason, entryId: entry.id },
      });
      return toFaceBlocklistEntryDto(entry);
    });
  }

  /** Takes the applicant's face off the blocklist (audited). */
  async unblock(user: User, organizationId: string, userId: string): Promise<void> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const applicant = await this.applicants.findApplicant(organization.id, userId);
    await this.dataSource.transaction(async (manager) => {
      const entries = await manager.findBy(FaceBlocklistEntry, { applicantId: applicant.id });
      if (entries.length === 0) throw APPLICANT_ERRORS.error('FACE_NOT_BLOCKLISTED');
      await manager.delete(FaceBlocklistEntry, { id: In(entries.map((entry) => entry.id)) });
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        applicantId: applicant.id,
        action: 'applicant.face_unblocklisted',
        detail: { entryIds: entries.map((entry) => entry.id) },
      });
    });
  }
}
