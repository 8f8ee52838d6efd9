import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AnalysisJob } from '../applicants/analysis/analysis-job.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { documentNationality } from '../applicants/analysis/document-data.js';
import { RESCREENING, SCREENING_ANALYSIS } from '../applicants/analysis/analysis-kinds.js';
import { ScreeningChanges } from '../applicant-screening/screening-changes.js';
import { VerificationPolicies } from '../policy/verification-policies.js';
import { matchedFields, MAX_HIT_ALIASES, screeningFingerprint, type ScreenedData, type ScreeningOutcome } from '../applicant-screening/screening-check.js';
import { ScreeningMonitor } from '../applicant-screening/screening-monitor.js';
import { countryCode } from '../screening/index.js';
import { AnalysisHandlers, type AnalysisHandler } from './analysis-handlers.js';
import { ScreeningIndexCache } from './screening-index.cache.js';

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Sanctions screening: the applicant's declared name and date of birth, and the
 * nationality their document states (the country they gave while the document is not
 * read), against the listed persons of every active list, at the
 * organization's threshold. Queued at submission (`screening`, recorded as the
 * `sanctions-screening` check) and by ongoing monitoring after a list changed
 * (`rescreening`: a new hit puts a verified applicant on hold).
 */
@Injectable()
export class ScreeningAnalysisHandler implements AnalysisHandler, OnModuleInit {
  constructor(
    private readonly handlers: AnalysisHandlers,
    private readonly cache: ScreeningIndexCache,
    private readonly policies: VerificationPolicies,
    private readonly screening: ScreeningChanges,
    private readonly monitor: ScreeningMonitor,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.handlers.register(SCREENING_ANALYSIS, this);
    this.handlers.register(RESCREENING, this);
  }

  async run(job: AnalysisJob): Promise<void> {
    const applicant = await this.dataSource.getRepository(Applicant).findOne({
      where: { id: job.applicantId },
      select: { id: true, organizationId: true, name: true, dateOfBirth: true, country: true, documentData: true, submittedAt: true },
    });
    if (!applicant?.submittedAt) return; // removed or reset since: nothing to screen
    const outcome = await this.screen(applicant);
    if (job.kind === RESCREENING) {
      const raised = await this.screening.recordRescreening(applicant.id, outcome);
      await this.monitor.recordHits(raised.length);
    } else {
      await this.screening.recordScreening(applicant.id, outcome);
    }
  }

  async giveUp(job: AnalysisJob, reason: string): Promise<void> {
    if (job.kind === RESCREENING) return; // the check of the last screening stands
    await this.screening.recordScreening(job.applicantId, { status: 'error', threshold: 0, lists: [], fingerprint: null, hits: [], error: reason });
  }

  private async screen(applicant: Pick<Applicant, 'organizationId' | 'name' | 'dateOfBirth' | 'country' | 'documentData'>): Promise<ScreeningOutcome> {
    const { screeningThreshold: threshold } = await this.policies.forOrganization(applicant.organizationId);
    const { screener, lists } = await this.cache.inForce();
    // The document's nationality once it was read; the country the applicant gave until then.
    const nationality = documentNationality(applicant.documentData) ?? countryCode(applicant.country);
    const screened: ScreenedData = { name: applicant.name, dateOfBirth: applicant.dateOfBirth, nationality };
    const fingerprint = screeningFingerprint(screened);
    if (!screener) return { status: 'no-lists', threshold, lists, fingerprint, screened, hits: [] };
    if (!applicant.name?.trim()) return { status: 'no-name', threshold, lists, fingerprint, screened, hits: [] };
    const [hits] = await screener.screen([{ name: applicant.name, dateOfBirth: applicant.dateOfBirth, nationality }], {
      kinds: ['person'],
      threshold,
      limit: 10,
    });
    return {
      status: 'screened',
      threshold,
      lists,
      fingerprint,
      screened,
      hits: hits.map((hit) => ({
        key: `${hit.entity.source}:${hit.entity.externalId}`,
        list: hit.entity.source,
        externalId: hit.entity.externalId,
        name: hit.entity.name,
        matchedName: hit.matchedName,
        aliases: hit.entity.aliases.slice(0, MAX_HIT_ALIASES),
        datesOfBirth: hit.entity.datesOfBirth,
        nationalities: hit.entity.nationalities,
        programmes: hit.entity.programmes,
        score: round(hit.score),
        nameScore: round(hit.nameScore),
        dateOfBirth: hit.dateOfBirth,
        nationality: hit.nationality,
        matchedFields: matchedFields(hit),
      })),
    };
  }
}
