import type { LabelKind } from './decision-label.entity.js';

/** How long a reviewer may undo a decision; its webhook and status wait this long. */
export const UNDO_WINDOW_MS = 30_000;

/**
 * The undo window in force: UNDO_WINDOW_MS, unless DECISION_UNDO_WINDOW_SECONDS sets
 * another (0 turns undo off: decisions are sent at once, as before undo existed).
 */
export function undoWindowMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DECISION_UNDO_WINDOW_SECONDS;
  if (raw === undefined || raw === '') return UNDO_WINDOW_MS;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 3600)
    throw new Error('DECISION_UNDO_WINDOW_SECONDS must be a whole number of seconds from 0 to 3600');
  return seconds * 1000;
}

export interface LabelDefinition {
  kind: LabelKind;
  code: string;
  title: string;
  endUserText: string;
}

/** The labels every organization starts with (it may edit, archive or add to them). */
export const DEFAULT_LABELS: readonly LabelDefinition[] = [
  {
    kind: 'reject',
    code: 'DOCUMENT_EXPIRED',
    title: 'Document expired',
    endUserText: 'Your document has expired. Please verify again with a document that is still valid.',
  },
  {
    kind: 'reject',
    code: 'PHOTO_UNREADABLE',
    title: 'Photo unreadable',
    endUserText: 'We could not read the photo of your document. Please take a sharp photo without glare, showing the whole document.',
  },
  { kind: 'reject', code: 'SELFIE_MISMATCH', title: 'Selfie does not match', endUserText: 'Your selfie does not match the photo on your document.' },
  { kind: 'reject', code: 'SUSPECTED_FRAUD', title: 'Suspected fraud', endUserText: 'We could not verify your identity.' },
  { kind: 'reject', code: 'DATA_MISMATCH', title: 'Data does not match the document', endUserText: 'The details you entered do not match your document.' },
  {
    kind: 'hold',
    code: 'ADDITIONAL_CHECK',
    title: 'Additional check needed',
    endUserText: 'Your verification needs an additional check. We will let you know the outcome.',
  },
  { kind: 'hold', code: 'SCREENING_REVIEW', title: 'Screening review', endUserText: 'Your verification is being reviewed. We will let you know the outcome.' },
  {
    kind: 'resubmission',
    code: 'PHOTO_BLURRED',
    title: 'Photo blurred',
    endUserText: 'The photo was blurred. Please take it again in good light, holding the camera still.',
  },
  {
    kind: 'resubmission',
    code: 'DOCUMENT_CUT_OFF',
    title: 'Document cut off',
    endUserText: 'Part of the document was cut off. Please take the photo again showing all four corners.',
  },
  {
    kind: 'resubmission',
    code: 'SELFIE_UNCLEAR',
    title: 'Selfie unclear',
    endUserText: 'We could not see your face clearly. Please take the selfie again facing the camera in good light.',
  },
  {
    kind: 'resubmission',
    code: 'DATA_CORRECTION',
    title: 'Details need correcting',
    endUserText: 'Some of your details do not match your document. Please check and correct them.',
  },
];
