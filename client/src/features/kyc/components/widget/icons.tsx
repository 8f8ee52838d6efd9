import type { DocumentType } from '../../model/document-types';

// Line icons drawn on a 48×48 grid; they take the colour of the text around them.

export function DocumentIcon({ type }: { type: DocumentType }) {
  return (
    <svg className="kyc-icon" viewBox="0 0 48 48" aria-hidden="true">
      {type === 'PASSPORT' && (
        <>
          <rect x="11" y="5" width="26" height="38" rx="3" />
          <circle cx="24" cy="20" r="7" />
          <path d="M17 20h14M24 13c-2.5 2-2.5 12 0 14M24 13c2.5 2 2.5 12 0 14M17 33h14M19 37h10" />
        </>
      )}
      {type === 'ID_CARD' && (
        <>
          <rect x="4" y="10" width="40" height="28" rx="4" />
          <circle cx="16" cy="21" r="4" />
          <path d="M9.5 32c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5M27 19h11M27 25h11M27 31h7" />
        </>
      )}
      {type === 'DRIVERS' && (
        <>
          <rect x="4" y="10" width="40" height="28" rx="4" />
          <path d="M4 17h40" />
          <path d="M10 31l2.2-6.2c.3-.8 1-1.3 1.9-1.3h7.8c.9 0 1.6.5 1.9 1.3L26 31M9 31h18v3H9zM28 24h10M28 29h7" />
        </>
      )}
      {type === 'RESIDENCE_PERMIT' && (
        <>
          <rect x="4" y="10" width="40" height="28" rx="4" />
          <path d="M9 25.5l8-6.5 8 6.5M11 24v8h12v-8M15.5 32v-4.5h3V32M29 19h9M29 25h9M29 31h6" />
        </>
      )}
    </svg>
  );
}

export function CameraIcon() {
  return (
    <svg className="kyc-icon-inline" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 8h3l1.5-2h7L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}

export function UploadIcon() {
  return (
    <svg className="kyc-icon-inline" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 15V4m0 0L7.5 8.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg className="kyc-icon-inline" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

export function TipIcon() {
  return (
    <svg className="kyc-icon-tip" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M6.5 12.5l3.5 3.5 7.5-8" />
    </svg>
  );
}

/** The picture on a photo step before a photo is taken: a card, or a face, inside a frame. */
export function PhotoGuideIllustration({ guide }: { guide: 'document' | 'face' }) {
  return (
    <svg className="kyc-guide-illustration" viewBox="0 0 160 110" aria-hidden="true">
      <path className="kyc-guide-corners" d="M14 24V12h12M134 12h12v12M146 86v12h-12M26 98H14V86" />
      {guide === 'document' ? (
        <>
          <rect className="kyc-guide-shape" x="30" y="24" width="100" height="62" rx="7" />
          <circle className="kyc-guide-detail" cx="54" cy="50" r="9" />
          <path className="kyc-guide-detail" d="M40 74c2-7 7-10 14-10s12 3 14 10M78 44h38M78 56h38M78 68h26" />
        </>
      ) : (
        <>
          <ellipse className="kyc-guide-shape" cx="80" cy="55" rx="30" ry="38" />
          <path className="kyc-guide-detail" d="M69 50h.01M91 50h.01M70 68c6 5 14 5 20 0" />
        </>
      )}
    </svg>
  );
}

/**
 * The pose challenge's picture: a face turned to one side with an arrow. It is drawn as
 * the end user sees themselves in the mirrored camera preview, so turning to their own
 * left points to the left of the screen.
 */
export function HeadTurnIllustration({ turn }: { turn: 'left' | 'right' }) {
  return (
    <svg className="kyc-guide-illustration" viewBox="0 0 160 110" aria-hidden="true">
      <g transform={turn === 'right' ? 'matrix(-1 0 0 1 160 0)' : undefined}>
        <path className="kyc-guide-corners" d="M14 24V12h12M134 12h12v12M146 86v12h-12M26 98H14V86" />
        <ellipse className="kyc-guide-shape" cx="84" cy="58" rx="27" ry="36" />
        <path className="kyc-guide-detail" d="M68 52h.01M84 52h.01M67 57l-6 10h7M66 76c4 3 9 3 13 0M109 50c4 1 5 10 0 12" />
        <path className="kyc-guide-arrow" d="M112 18C96 8 70 8 54 20M54 20l10 .5M54 20l3.5-9.5" />
      </g>
    </svg>
  );
}

/** A bold arrow pointing left or right, for the live camera picture. */
export function TurnArrowIcon({ turn }: { turn: 'left' | 'right' }) {
  return (
    <svg className="kyc-turn-arrow" viewBox="0 0 24 24" aria-hidden="true">
      <path d={turn === 'left' ? 'M19 12H5m0 0l6-6m-6 6l6 6' : 'M5 12h14m0 0l-6-6m6 6l-6 6'} />
    </svg>
  );
}
