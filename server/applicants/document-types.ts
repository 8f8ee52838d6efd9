/** The document types the built-in widget offers, with the sides each needs. */
export const WIDGET_DOCUMENT_TYPES = {
  PASSPORT: ['front'],
  ID_CARD: ['front', 'back'],
  DRIVERS: ['front', 'back'],
  RESIDENCE_PERMIT: ['front', 'back'],
} as const;
export type WidgetDocumentType = keyof typeof WIDGET_DOCUMENT_TYPES;
export const WIDGET_DOC_TYPES = [...Object.keys(WIDGET_DOCUMENT_TYPES), 'SELFIE'] as const;

/** The sides a document type needs, or undefined for a type the widget does not offer. */
export function sidesOf(documentType: string | null): readonly string[] | undefined {
  return documentType && documentType in WIDGET_DOCUMENT_TYPES ? WIDGET_DOCUMENT_TYPES[documentType as WidgetDocumentType] : undefined;
}

/**
 * A selfie's two captures: facing the camera, and the pose challenge's second one with
 * the head turned. Stored as the selfie's side: null (facing) or 'turned'.
 */
export const SELFIE_POSES = ['facing', 'turned'] as const;
export type SelfiePose = (typeof SELFIE_POSES)[number];
export const TURNED_SELFIE_SIDE = 'turned';

/**
 * The side the session's end user must turn their head to for the `turned` capture:
 * from the session id's last hex digit (random, as the id is a random UUID), so it needs
 * no storage and stays the same for the whole session.
 */
export function selfieTurnOf(sessionId: string): 'left' | 'right' {
  return Number.parseInt(sessionId.slice(-1), 16) % 2 === 0 ? 'left' : 'right';
}
