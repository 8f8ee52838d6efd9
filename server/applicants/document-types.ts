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
