import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import type { AnalysisJob } from '../applicants/analysis/analysis-job.entity.js';
import { ApplicantImage } from '../applicants/applicant-image.entity.js';
import { submittedPhotos } from '../applicants/submitted-photos.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { selfieTurnOf, TURNED_SELFIE_SIDE } from '../applicants/document-types.js';
import { ApplicantFaces, type EarlierDuplicate, type NewFaceCrop } from '../faces/applicant-faces.js';
import { duplicateFaceCheck, faceMatchCheck, livenessCheck, type FaceAnalysis, type FaceOutcome } from '../faces/face-checks.js';
import type { AnalysisCheck } from '../applicants/applicant-check.entity.js';
import { AnalysisOutcomes } from './analysis-outcomes.js';
import { FACE_ANALYSIS } from '../applicants/analysis/analysis-kinds.js';
import { faceSimilarity, faceThreshold, packEmbedding, type FaceModel } from '../face-reading/index.js';
import { FaceModels } from '../faces/face-models.js';
import { AnalysisHandlers, type AnalysisHandler } from './analysis-handlers.js';
import { AnalysisPool } from './analysis-pool.js';
import type { FaceSummary } from './face-reader.js';
import { FaceSearch } from './face-search.js';

/** Cosine similarity of two faces under one model; null when either lacks that model's embedding. */
const similarityOf = (a: Float32Array | undefined, b: Float32Array | undefined): number | null => (a && b ? faceSimilarity(a, b) : null);

/**
 * A worker's face summary as a check records it, without the embedding: the crop, when
 * kept (`keep`), becomes an encrypted face_crops row of the applicant, named by its id.
 */
function outcomeOf(summary: FaceSummary | null, keep?: { applicantId: string; crops: NewFaceCrop[] }): FaceOutcome | null {
  if (!summary) return null;
  if (!summary.found) return summary;
  const { box, size, yaw, antispoof, liveness, crop, presentation } = summary;
  let cropId: string | null = null;
  if (keep) {
    cropId = randomUUID();
    keep.crops.push({ id: cropId, applicantId: keep.applicantId, faceOfApplicantId: keep.applicantId, data: Buffer.from(crop) });
  }
  return { found: true, box, size, yaw: Math.round(yaw * 10) / 10, antispoof, liveness, cropId, presentation: presentation ?? null };
}

/**
 * The face analysis queued at submission: reads the faces of the document's portrait
 * and of both selfie captures (on the background threads), compares them, stores the
 * selfie's face and searches the organization's faces and blocklist for it, and records
 * `face-match`, `liveness` and `duplicate-face` — flagging, in the same transaction, the
 * earlier applicants whose face it found. Running it again replaces its results.
 */
@Injectable()
export class FaceAnalysisHandler implements AnalysisHandler, OnModuleInit {
  constructor(
    private readonly handlers: AnalysisHandlers,
    private readonly pool: AnalysisPool,
    private readonly search: FaceSearch,
    private readonly faces: ApplicantFaces,
    private readonly outcomes: AnalysisOutcomes,
    private readonly dataSource: DataSource,
    private readonly models: FaceModels,
  ) {}

  onModuleInit(): void {
    this.handlers.register(FACE_ANALYSIS, this);
  }

  async run(job: AnalysisJob): Promise<void> {
    const applicant = await this.dataSource.getRepository(Applicant).findOne({
      where: { id: job.applicantId },
      select: { id: true, organizationId: true, userId: true, documentType: true, dataSessionId: true, attempt: true, name: true, dateOfBirth: true },
    });
    if (!applicant?.documentType) return; // removed since, or reset: nothing to read
    // The submission's photos, as the document analysis reads them.
    const submitted = submittedPhotos(applicant);
    const photos = await this.dataSource.getRepository(ApplicantImage).find({
      where: [
        { ...submitted, docType: applicant.documentType, side: 'front' },
        { ...submitted, docType: 'SELFIE', side: TURNED_SELFIE_SIDE },
        { ...submitted, docType: 'SELFIE', side: IsNull() },
      ],
    });
    const photo = (docType: string, side: string | null) => photos.find((candidate) => candidate.docType === docType && candidate.side === side) ?? null;
    const selfiePhoto = photo('SELFIE', null);
    // The configured model first; while stored faces move to it, the one they still have too.
    const models = await this.models.active();
    const [model] = models;
    const threshold = faceThreshold(model);
    const read = await this.pool.readFaces(
      {
        portrait: photo(applicant.documentType, 'front')?.data ?? null,
        selfie: selfiePhoto?.data ?? null,
        turned: photo('SELFIE', TURNED_SELFIE_SIDE)?.data ?? null,
      },
      models,
    );
    const { portrait, selfie, turned } = read;
    // Stored with the checks, in their transaction: the evidence names them by id.
    const crops: NewFaceCrop[] = [];
    const keep = { applicantId: applicant.id, crops };
    const analysis: FaceAnalysis = {
      portrait: outcomeOf(portrait, keep),
      selfie: outcomeOf(selfie, keep),
      turned: outcomeOf(turned),
      framesIdentical: read.framesIdentical,
      similarity: portrait?.found && selfie?.found ? similarityOf(portrait.embeddings[model], selfie.embeddings[model]) : null,
      poseSimilarity: selfie?.found && turned?.found ? similarityOf(selfie.embeddings[model], turned.embeddings[model]) : null,
      requestedTurn: selfieTurnOf(selfiePhoto?.sessionId ?? applicant.dataSessionId ?? applicant.id),
      captures: { selfie: selfiePhoto?.capture ?? null, turned: photo('SELFIE', TURNED_SELFIE_SIDE)?.capture ?? null },
      threshold,
      poseThreshold: faceThreshold(model, 'pose'),
    };
    const results: AnalysisCheck[] = [faceMatchCheck(analysis), livenessCheck(analysis)];
    // The earlier applicants whose face the selfie has: flagged in the same transaction.
    let earlier: EarlierDuplicate[] = [];
    if (selfie?.found) {
      // Stored before searching, so that two submissions analysed at once find each other.
      // Searched under each model in use, among the faces of that model only, each with its own threshold;
      // stored under the configured one (another only if that one could not be computed: the move then takes it).
      const embeddings = models.flatMap((name: FaceModel) => {
        const embedding = selfie.embeddings[name];
        return embedding ? [{ model: name, embedding, threshold: faceThreshold(name) }] : [];
      });
      const kept = embeddings.slice(0, 1).map(({ model: name, embedding }) => ({ model: name, embedding: packEmbedding(embedding) }));
      await this.faces.store(applicant, kept, Buffer.from(selfie.crop));
      const hits = await this.search.search(applicant.organizationId, embeddings);
      const duplicates = await this.faces.describeMatches(applicant, hits.faces, Buffer.from(selfie.crop));
      crops.push(...duplicates.crops);
      earlier = duplicates.earlier;
      const blocklist = await this.faces.describeBlocklistMatches(applicant.organizationId, hits.blocklist);
      results.push(
        duplicateFaceCheck(analysis.selfie, duplicates.matches, blocklist, await this.faces.count(applicant.organizationId, applicant.id), threshold),
      );
    } else {
      results.push(duplicateFaceCheck(analysis.selfie, [], [], 0, threshold));
    }
    await this.outcomes.recordFaceAnalysis(applicant.id, results, crops, earlier);
  }

  async giveUp(job: AnalysisJob, reason: string): Promise<void> {
    const detail = `The faces could not be analysed: ${reason}`.slice(0, 500);
    const names = ['face-match', 'liveness', 'duplicate-face'];
    // No crops: the earlier run's go with the checks it replaces.
    await this.outcomes.recordFaceAnalysis(
      job.applicantId,
      names.map((name) => ({ name, verdict: 'unavailable', score: null, detail, evidence: null })),
      [],
    );
  }
}
