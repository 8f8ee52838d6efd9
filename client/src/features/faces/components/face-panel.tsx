import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { urlOf } from '../../../api/endpoints';
import type { ApplicantCheckDto, FaceBlocklistEntryDto } from '../../../api/generated/types.gen';
import { faceCropsBlocklistCrop, faceCropsCrop } from '../../../api/sdk';
import { Panel } from '../../../components/panel';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import {
  formatScore,
  hasFaceChecks,
  hasStoredFace,
  missingFaceText,
  noFaceOnSelfie,
  type DuplicateEvidence,
  type FaceCheck,
  type FaceChecks,
  type FaceMatchEvidence,
  type FaceOutcome,
  type LivenessEvidence,
} from '../lib/face-checks';
import { FaceBlocklistStatus, MarkFaceFraudulentButton } from './face-blocklist-actions';
import { LivenessSignals } from './liveness-signals';

import './face-panel.css';

const VERDICTS: Readonly<Record<ApplicantCheckDto['verdict'], { text: string; variant: BadgeVariant }>> = {
  passed: { text: 'Passed', variant: 'success' },
  failed: { text: 'Failed', variant: 'danger' },
  'needs-review': { text: 'Needs a person to look', variant: 'warning' },
  unavailable: { text: 'Could not run', variant: 'neutral' },
};

function VerdictBadge({ check, text: said }: { check: ApplicantCheckDto; text?: string }) {
  const { text, variant } = VERDICTS[check.verdict];
  return <Badge variant={variant}>{said ?? text}</Badge>;
}

/** A titled part of the panel: one check, its verdict beside the title (or `verdict`, what it means here), and what it says. */
function FaceSection({ title, check, verdict, children }: { title: string; check: ApplicantCheckDto; verdict?: string; children?: ReactNode }) {
  const titleId = useId();
  return (
    <section className="face-section" aria-labelledby={titleId}>
      <div className="face-section-heading">
        <h3 id={titleId}>{title}</h3>
        <VerdictBadge check={check} text={verdict} />
      </div>
      {check.detail && <p className="face-detail">{check.detail}</p>}
      {children}
    </section>
  );
}

/** Where the browser fetches the crops: this server's authorised routes (the evidence holds only ids). */
interface CropUrls {
  /** One of the applicant's crops (its own faces, and copies of other applicants' faces its checks show). */
  crop(cropId: string | null): string | null;
  /** The face of a blocklist entry of the organization. */
  blocklisted(entryId: number | null): string | null;
}

function cropUrls(organizationId: string, userId: string): CropUrls {
  return {
    crop: (cropId) => (cropId ? urlOf(faceCropsCrop, { path: { id: organizationId, userId, cropId } }) : null),
    blocklisted: (entryId) => (entryId === null ? null : urlOf(faceCropsBlocklistCrop, { path: { id: organizationId, entryId: String(entryId) } })),
  };
}

/** One face crop with its caption; a placeholder saying why there is none (or that it is gone: retention, a new analysis). */
function FaceCrop({ src, alt, caption, missing }: { src: string | null; alt: string; caption: ReactNode; missing?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const gone = src !== null && failedSrc === src;
  const why = gone ? 'Picture no longer kept' : missing;
  return (
    <figure className="face-crop">
      {src && !gone ? (
        <img src={src} alt={alt} onError={() => setFailedSrc(src)} />
      ) : (
        <div className="face-crop-missing" role="img" aria-label={`${alt}: ${why ?? 'no picture'}`}>
          {why ?? 'No picture'}
        </div>
      )}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

function outcomeCrop(outcome: FaceOutcome | null | undefined, urls: CropUrls): { src: string | null; missing?: string } {
  if (!outcome) return { src: null, missing: 'No photo' };
  if (!outcome.found) return { src: null, missing: missingFaceText(outcome) };
  const src = urls.crop(outcome.cropId);
  return { src, missing: src ? undefined : 'No crop recorded' };
}

/** A similarity against its threshold: the number, and a bar with the threshold marked. */
function SimilarityMeter({ label, similarity, threshold }: { label: string; similarity: number | null; threshold: number | null }) {
  const position = (value: number) => `${Math.round(Math.min(1, Math.max(0, value)) * 100)}%`;
  return (
    <div className="face-similarity">
      <p>
        <span className="face-similarity-label">{label}</span> <strong>{formatScore(similarity)}</strong>
        {threshold !== null && <span className="face-similarity-threshold"> · threshold {formatScore(threshold)}</span>}
      </p>
      {similarity !== null && (
        <div className={`face-meter ${threshold !== null && similarity >= threshold ? 'face-meter-above' : 'face-meter-below'}`} aria-hidden="true">
          <span className="face-meter-fill" style={{ width: position(similarity) }} />
          {threshold !== null && <span className="face-meter-threshold" style={{ left: position(threshold) }} />}
        </div>
      )}
    </div>
  );
}

function FaceMatchSection({ faceMatch, urls }: { faceMatch: FaceCheck<FaceMatchEvidence>; urls: CropUrls }) {
  const evidence = faceMatch.evidence;
  const selfie = outcomeCrop(evidence?.selfie, urls);
  const portrait = outcomeCrop(evidence?.portrait, urls);
  return (
    <FaceSection title="Selfie against the document portrait" check={faceMatch.check}>
      {evidence && (
        <div className="face-comparison">
          <div className="face-pair">
            <FaceCrop src={selfie.src} missing={selfie.missing} alt="Selfie face" caption="Selfie" />
            <FaceCrop src={portrait.src} missing={portrait.missing} alt="Document portrait" caption="Document portrait" />
          </div>
          <SimilarityMeter label="Similarity" similarity={evidence.similarity} threshold={evidence.threshold} />
        </div>
      )}
    </FaceSection>
  );
}

const turnText = (turn: 'left' | 'right' | null) => (turn === null ? 'unknown' : `To the ${turn}`);
const yesNo = (value: boolean | null) => (value === null ? 'unknown' : value ? 'Yes' : 'No');

function Row({ label, children, flagged = false }: { label: string; children: ReactNode; flagged?: boolean }) {
  return (
    <div className={flagged ? 'face-fact face-fact-flagged' : 'face-fact'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function LivenessSection({ liveness }: { liveness: FaceCheck<LivenessEvidence> }) {
  const evidence = liveness.evidence;
  const low = (value: number | null) => value !== null && evidence?.lowSignal != null && value < evidence.lowSignal;
  const signal = (value: number | null) => (
    <>
      {formatScore(value)}
      {low(value) && <span className="face-flag"> (low)</span>}
    </>
  );
  return (
    <FaceSection title="Liveness" check={liveness.check}>
      {evidence && (
        <div className="face-liveness">
          <div className="face-facts-group">
            <h4>
              Liveness signals <span className="face-signals-note">signals, not a certification</span>
            </h4>
            <dl className="face-facts">
              <Row label="Anti-spoofing" flagged={low(evidence.signals.antispoof)}>
                {signal(evidence.signals.antispoof)}
              </Row>
              <Row label="Liveness" flagged={low(evidence.signals.liveness)}>
                {signal(evidence.signals.liveness)}
              </Row>
            </dl>
          </div>
          <PoseChallenge evidence={evidence} />
          <LivenessSignals evidence={liveness.check.evidence} />
        </div>
      )}
    </FaceSection>
  );
}

function PoseChallenge({ evidence }: { evidence: LivenessEvidence }) {
  const { challenge, minTurnDegrees, threshold } = evidence;
  const degrees = challenge.turnDegrees === null ? null : Math.abs(challenge.turnDegrees);
  const tooLittle = degrees !== null && minTurnDegrees !== null && degrees < minTurnDegrees;
  const wrongSide = challenge.turnedTo !== null && challenge.requestedTurn !== null && challenge.turnedTo !== challenge.requestedTurn;
  const otherFace = challenge.sameFace !== null && threshold !== null && challenge.sameFace < threshold;
  return (
    <div className="face-facts-group">
      <h4>Pose challenge</h4>
      <dl className="face-facts">
        <Row label="Asked to turn">{turnText(challenge.requestedTurn)}</Row>
        <Row label="Measured turn" flagged={tooLittle || wrongSide}>
          {degrees === null
            ? 'not measured'
            : `${degrees}°${challenge.turnedTo ? ` to the ${challenge.turnedTo}` : ''}${minTurnDegrees !== null ? ` (at least ${minTurnDegrees}° needed)` : ''}`}
        </Row>
        <Row label="Same face in both captures" flagged={otherFace}>
          {challenge.sameFace === null
            ? 'unknown'
            : `${otherFace ? 'No' : 'Yes'} (similarity ${formatScore(challenge.sameFace)}${threshold !== null ? `, threshold ${formatScore(threshold)}` : ''})`}
        </Row>
        <Row label="Identical frames" flagged={challenge.framesIdentical === true}>
          {challenge.framesIdentical ? 'Yes: the same picture twice' : yesNo(challenge.framesIdentical)}
        </Row>
      </dl>
    </div>
  );
}

function DuplicatesSection({
  duplicates,
  selfieCrop,
  noFace,
  organizationId,
  urls,
}: {
  duplicates: FaceCheck<DuplicateEvidence>;
  selfieCrop: string | null;
  /** No face on the selfie: nothing was searched for (not a duplicate). */
  noFace: boolean;
  organizationId: string;
  urls: CropUrls;
}) {
  const evidence = duplicates.evidence;
  return (
    <FaceSection title="Duplicate faces" check={duplicates.check} verdict={noFace && duplicates.check.verdict === 'unavailable' ? 'No face found' : undefined}>
      {evidence && (
        <>
          <p className="face-searched">
            {evidence.searched !== null && `${evidence.searched} stored face${evidence.searched === 1 ? '' : 's'} of the organization searched`}
            {evidence.threshold !== null && ` · threshold ${formatScore(evidence.threshold)}`}
          </p>
          {evidence.blocklist.length > 0 && (
            <ul className="face-matches" aria-label="Blocklisted faces matching the selfie">
              {evidence.blocklist.map((hit) => (
                <li key={hit.entryId ?? hit.userId} className="face-match face-match-blocklisted">
                  <div className="face-pair">
                    <FaceCrop src={selfieCrop} alt="Selfie face" caption="This selfie" />
                    <FaceCrop src={urls.blocklisted(hit.entryId)} alt={`Face of ${hit.userId}`} caption="Blocklisted face" />
                  </div>
                  <div className="face-match-info">
                    <p className="face-match-flag">
                      <Badge variant="danger">Blocklisted</Badge>
                    </p>
                    <p>
                      <Link to={paths.dashboard.applicant(organizationId, hit.userId)} className="face-match-link">
                        {hit.userId}
                      </Link>
                    </p>
                    <p className="face-match-reason">Reason: {hit.reason || 'none given'}</p>
                    <p>Similarity {formatScore(hit.similarity)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {evidence.matches.length > 0 && (
            <ul className="face-matches" aria-label="Applicants with the same face">
              {evidence.matches.map((match) => (
                <li key={match.userId} className={match.differentIdentity ? 'face-match face-match-different' : 'face-match'}>
                  <div className="face-pair">
                    <FaceCrop src={selfieCrop} alt="Selfie face" caption="This selfie" />
                    <FaceCrop src={urls.crop(match.cropId)} alt={`Face of ${match.userId}`} caption={match.userId} />
                  </div>
                  <div className="face-match-info">
                    <p className="face-match-flag">
                      {match.differentIdentity ? (
                        <Badge variant="danger">Different identity</Badge>
                      ) : (
                        <Badge variant="warning">Same name and date of birth</Badge>
                      )}
                    </p>
                    <p>
                      <Link to={paths.dashboard.applicant(organizationId, match.userId)} className="face-match-link">
                        Open {match.userId}
                      </Link>
                    </p>
                    {match.foundLater && <p className="face-match-later">Submitted later: found when its selfie was analysed</p>}
                    <dl className="face-facts">
                      <Row label="Name">{match.name ?? 'not provided'}</Row>
                      <Row label="Date of birth">{match.dateOfBirth ?? 'not provided'}</Row>
                      <Row label="Similarity">{formatScore(match.similarity)}</Row>
                    </dl>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </FaceSection>
  );
}

/**
 * The face analysis for a reviewer: the selfie beside the document portrait with their
 * similarity, the liveness signals and pose challenge, other applicants (and blocklisted
 * faces) with the same face, and the blocklist action.
 */
export function FacePanel({
  organizationId,
  userId,
  checks,
  blocklist,
  analysing,
  canUpdate,
}: {
  organizationId: string;
  userId: string;
  checks: FaceChecks;
  blocklist: FaceBlocklistEntryDto | null;
  /** The face analysis of the last submission has not recorded its results yet. */
  analysing: boolean;
  /** applicants:update: may mark the face fraudulent or take it off the blocklist. */
  canUpdate: boolean;
}) {
  if (!hasFaceChecks(checks) && !blocklist && !analysing) return null;
  const { faceMatch, liveness, duplicates } = checks;
  const urls = cropUrls(organizationId, userId);
  const selfie = faceMatch?.evidence?.selfie;
  const selfieCrop = selfie?.found ? urls.crop(selfie.cropId) : null;
  const canMark = canUpdate && !blocklist && hasStoredFace(checks);
  return (
    <Panel
      title="Face"
      id="face-panel"
      className="face-panel"
      description={
        analysing ? (
          <span className="applicant-analysing" role="status">
            Analysing… the faces are being compared; the results will appear here.
          </span>
        ) : (
          'The selfie against the document portrait, liveness signals and the same face among the organization’s applicants.'
        )
      }
      aside={canMark && <MarkFaceFraudulentButton organizationId={organizationId} userId={userId} />}
    >
      {blocklist || hasFaceChecks(checks) ? (
        <>
          {blocklist && <FaceBlocklistStatus organizationId={organizationId} userId={userId} entry={blocklist} canUpdate={canUpdate} />}
          {faceMatch && <FaceMatchSection faceMatch={faceMatch} urls={urls} />}
          {liveness && <LivenessSection liveness={liveness} />}
          {duplicates && (
            <DuplicatesSection duplicates={duplicates} selfieCrop={selfieCrop} noFace={noFaceOnSelfie(checks)} organizationId={organizationId} urls={urls} />
          )}
        </>
      ) : undefined}
    </Panel>
  );
}
