import type { WidgetDocumentReadDto, WidgetSessionDto } from '../../../api/generated/types.gen';
import { documentTypeInfo, isDocumentType, type DocumentType } from './document-types';
import { emptyPersonalData, hasRequiredPersonalData, personalDataFromSession, type PersonalDataValues, type PersonalField } from './personal-data';

// The built-in widget as a pure state machine: which step is shown, what the applicant
// has done so far, and where each action leads. Components only dispatch actions.

export type StepId = 'document' | 'front' | 'back' | 'selfie' | 'personal' | 'review';
/**
 * The photos the widget takes. The selfie step takes two: `selfie` facing the camera, then
 * `turned`, the pose challenge's capture with the head turned to the side the session asks.
 */
export type PhotoSlot = 'front' | 'back' | 'selfie' | 'turned';
/** The selfie's two captures, as the upload's `pose` names them. */
export type SelfiePose = 'facing' | 'turned';

export const STEP_LABELS: Record<StepId, string> = {
  document: 'Document',
  front: 'Front',
  back: 'Back',
  selfie: 'Selfie',
  personal: 'Details',
  review: 'Review',
};

/** A photo the server has. `preview` is a local data URL, or null when it was uploaded in an earlier visit. */
export interface SavedPhoto {
  preview: string | null;
}

export interface WidgetState {
  step: StepId;
  documentType: DocumentType | null;
  photos: Partial<Record<PhotoSlot, SavedPhoto>>;
  personal: PersonalDataValues;
  /** The stored personal data is complete (saved on this visit or an earlier one). */
  personalSaved: boolean;
  /** The applicant came from the review's edit link: finishing the step goes back there. */
  returnToReview: boolean;
  /** Fields filled in from what a document photo's machine-readable data says (to be checked by the applicant). */
  prefilled: PersonalField[];
  /** Staff asked to redo this one step: only it (then the review) is shown; the rest is kept on the server. */
  redo?: StepId | null;
}

/** The server's resubmission step as the widget's step. */
export const REDO_STEPS: Readonly<Record<string, StepId>> = {
  'document-front': 'front',
  'document-back': 'back',
  selfie: 'selfie',
  'personal-data': 'personal',
};

const READ_FIELDS = ['name', 'dateOfBirth', 'sex', 'docNumber', 'expiryDate'] as const satisfies readonly (keyof WidgetDocumentReadDto & PersonalField)[];

/** Fills the empty fields the document photo gave a value for; what the applicant typed is never replaced. */
function prefill(state: WidgetState, read: WidgetDocumentReadDto | null | undefined): Pick<WidgetState, 'personal' | 'prefilled'> {
  if (!read) return state;
  const personal = { ...state.personal };
  const prefilled = [...state.prefilled];
  for (const field of READ_FIELDS) {
    const value = read[field];
    if (value && personal[field].trim() === '') {
      personal[field] = value;
      if (!prefilled.includes(field)) prefilled.push(field);
    }
  }
  return { personal, prefilled };
}

export type WidgetAction =
  | { type: 'chooseDocument'; documentType: DocumentType }
  | { type: 'photoSaved'; slot: PhotoSlot; preview: string; read?: WidgetDocumentReadDto | null }
  | { type: 'personalSaved'; values: PersonalDataValues }
  | { type: 'personalChanged'; values: PersonalDataValues }
  | { type: 'continue' }
  | { type: 'back' }
  | { type: 'edit'; step: StepId }
  | { type: 'restart'; session: WidgetSessionDto };

/** The steps for a document type; before one is chosen the longer path is shown. A resubmission shows its one step and the review. */
export function stepsFor(documentType: DocumentType | null, redo: StepId | null = null): StepId[] {
  if (redo) return [redo, 'review'];
  const info = documentTypeInfo(documentType);
  const hasBack = !info || info.sides.includes('back');
  return ['document', 'front', ...(hasBack ? (['back'] as const) : []), 'selfie', 'personal', 'review'];
}

export function isStepComplete(state: WidgetState, step: StepId): boolean {
  switch (step) {
    case 'document':
      return state.documentType !== null;
    case 'front':
    case 'back':
      return state.photos[step] !== undefined;
    case 'selfie':
      // Both poses: the pose challenge is part of the step.
      return state.photos.selfie !== undefined && state.photos.turned !== undefined;
    case 'personal':
      return state.personalSaved;
    case 'review':
      return false;
  }
}

/** Where a returning applicant resumes: the first step not done yet. */
export function firstIncompleteStep(state: Omit<WidgetState, 'step'>): StepId {
  const withStep = { ...state, step: 'document' } as WidgetState;
  return stepsFor(state.documentType, state.redo).find((step) => !isStepComplete(withStep, step)) ?? 'review';
}

function nextAfter(state: WidgetState, step: StepId): StepId {
  if (state.returnToReview) return firstIncompleteStep(state);
  const steps = stepsFor(state.documentType, state.redo);
  return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)];
}

export function previousStep(state: WidgetState): StepId | null {
  const steps = stepsFor(state.documentType, state.redo);
  const index = steps.indexOf(state.step);
  return index > 0 ? steps[index - 1] : null;
}

/** The widget's state from the server's session: what is stored counts as done. */
export function stateFromSession(session: WidgetSessionDto | undefined): WidgetState {
  const documentType = isDocumentType(session?.documentType) ? session.documentType : null;
  const photos: WidgetState['photos'] = {};
  for (const image of session?.images ?? []) {
    if (image.docType === 'SELFIE') photos[image.side === 'turned' ? 'turned' : 'selfie'] = { preview: null };
    else if (image.docType === documentType && (image.side === 'front' || image.side === 'back')) {
      photos[image.side] = { preview: null };
    }
  }
  const personal = session ? personalDataFromSession(session.personalData) : emptyPersonalData();
  const redo = session?.resubmission ? (REDO_STEPS[session.resubmission.step] ?? null) : null;
  // A resubmission of a photo keeps the personal data on the server (this page never reads it back);
  // one of the personal data brings it back filled in, to be corrected and saved again.
  const personalSaved = redo === 'personal' ? false : hasRequiredPersonalData(personal) || redo !== null;
  const base = { documentType, photos, personal, personalSaved, returnToReview: false, prefilled: [], redo };
  return { ...base, step: firstIncompleteStep(base) };
}

function pick<T extends object, K extends keyof T>(source: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]])) as Pick<T, K>;
}

export function widgetReducer(state: WidgetState, action: WidgetAction): WidgetState {
  switch (action.type) {
    case 'chooseDocument': {
      const changed = action.documentType !== state.documentType;
      // The server drops the other document's photos on the first upload of the new one.
      const photos = changed ? pick(state.photos, 'selfie', 'turned') : state.photos;
      const next = { ...state, documentType: action.documentType, photos };
      return { ...next, step: nextAfter(next, 'document') };
    }
    case 'photoSaved': {
      const photos = { ...state.photos, [action.slot]: { preview: action.preview } };
      if (action.slot === 'selfie') {
        // The server drops the turned capture with a new facing one: the pair is retaken
        // together, and the step goes on to the turned capture.
        delete photos.turned;
        return { ...state, photos, step: 'selfie' };
      }
      const next = { ...state, ...prefill(state, action.read), photos };
      return { ...next, step: nextAfter(next, action.slot === 'turned' ? 'selfie' : action.slot) };
    }
    case 'personalSaved': {
      const next = { ...state, personal: action.values, personalSaved: true };
      return { ...next, step: nextAfter(next, 'personal') };
    }
    case 'personalChanged':
      return { ...state, personal: action.values };
    case 'continue':
      // A step already done (a photo from an earlier visit) is kept as it is.
      return isStepComplete(state, state.step) ? { ...state, step: nextAfter(state, state.step) } : state;
    case 'back': {
      const previous = previousStep(state);
      return previous ? { ...state, step: previous, returnToReview: false } : state;
    }
    case 'edit':
      return { ...state, step: action.step, returnToReview: true };
    case 'restart': {
      const restarted = stateFromSession(action.session);
      return { ...restarted, step: restarted.redo ?? 'document' };
    }
  }
}
