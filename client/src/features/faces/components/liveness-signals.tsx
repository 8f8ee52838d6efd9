import { INJECTION_LABELS, livenessSignalsOf, PRESENTATION_LABELS } from '../lib/liveness-signals';

const CAPTURES = { selfie: 'selfie', turned: 'turned selfie' } as const;

/**
 * The liveness check's passive presentation signals (a screen, a print, around the face of
 * each capture) and the verification page's injection signals (a virtual camera, a file
 * chosen, frame timing): flagged ones first in words, each with what was measured.
 */
export function LivenessSignals({ evidence }: { evidence: unknown }) {
  const { presentation, injection } = livenessSignalsOf(evidence);
  if (presentation.length === 0 && injection.length === 0) return null;
  return (
    <>
      {presentation.length > 0 && (
        <div className="face-facts-group">
          <h4>
            Presentation signals <span className="face-signals-note">signals, not a certification</span>
          </h4>
          <dl className="face-facts">
            {presentation.map((signal) => (
              <div key={`${signal.capture}-${signal.kind}`} className={signal.suspected ? 'face-fact face-fact-flagged' : 'face-fact'}>
                <dt>
                  {PRESENTATION_LABELS[signal.kind]}, {CAPTURES[signal.capture]}
                </dt>
                <dd>
                  {signal.suspected ? 'Suspected' : 'Not suspected'}
                  {signal.score !== null && ` (score ${signal.score.toFixed(2)}, suspected from 1)`}
                  <span className="face-signal-detail">{signal.detail}</span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {injection.length > 0 && (
        <div className="face-facts-group">
          <h4>
            Injection signals <span className="face-signals-note">reported by the verification page: signals, not a certification</span>
          </h4>
          <dl className="face-facts">
            {injection.map((signal) => (
              <div key={signal.kind} className={signal.suspected ? 'face-fact face-fact-flagged' : 'face-fact'}>
                <dt>{INJECTION_LABELS[signal.kind]}</dt>
                <dd>
                  {signal.suspected ? 'Suspected' : 'Not suspected'}
                  <span className="face-signal-detail">{signal.detail}</span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </>
  );
}
