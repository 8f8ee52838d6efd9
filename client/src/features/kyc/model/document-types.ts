import type { UploadDocumentDto } from '../../../api/generated/types.gen';

export type DocumentType = Exclude<UploadDocumentDto['docType'], 'SELFIE'>;
export type DocumentSide = NonNullable<UploadDocumentDto['side']>;

export interface DocumentTypeInfo {
  type: DocumentType;
  label: string;
  /** "the front of your {noun}" */
  noun: string;
  description: string;
  sides: readonly DocumentSide[];
}

/** The documents the built-in widget accepts; a passport needs its photo page only. */
export const DOCUMENT_TYPES: readonly DocumentTypeInfo[] = [
  {
    type: 'PASSPORT',
    label: 'Passport',
    noun: 'passport',
    description: 'The photo page only',
    sides: ['front'],
  },
  {
    type: 'ID_CARD',
    label: 'ID card',
    noun: 'ID card',
    description: 'Front and back',
    sides: ['front', 'back'],
  },
  {
    type: 'DRIVERS',
    label: 'Driving licence',
    noun: 'driving licence',
    description: 'Front and back',
    sides: ['front', 'back'],
  },
  {
    type: 'RESIDENCE_PERMIT',
    label: 'Residence permit',
    noun: 'residence permit',
    description: 'Front and back',
    sides: ['front', 'back'],
  },
];

export function documentTypeInfo(type: string | null | undefined): DocumentTypeInfo | undefined {
  return DOCUMENT_TYPES.find((info) => info.type === type);
}

export function isDocumentType(type: string | null | undefined): type is DocumentType {
  return documentTypeInfo(type) !== undefined;
}
