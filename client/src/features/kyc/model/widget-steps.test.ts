import { describe, expect, it } from 'vitest';

import type { WidgetSessionDto } from '../../../api/generated/types.gen';
import { buildSession } from '../testing/fake-kyc-server';
import { emptyPersonalData } from './personal-data';
import { firstIncompleteStep, isStepComplete, stateFromSession, stepsFor, widgetReducer, type WidgetState } from './widget-steps';

/** The kyc fixture's session, without a redirect URL. */
function session(overrides: Partial<WidgetSessionDto> = {}): WidgetSessionDto {
  return buildSession({ redirectUrl: null, ...overrides });
}

const fullPersonalData = {
  ...session().personalData,
  name: 'Ana Souza',
  dateOfBirth: '1990-05-17',
  docNumber: 'X1234567',
  expiryDate: '2031-01-01',
  country: 'Brazil',
};

function run(state: WidgetState, ...actions: Parameters<typeof widgetReducer>[1][]): WidgetState {
  return actions.reduce(widgetReducer, state);
}

describe('the widget step machine', () => {
  it('has no back photo for a passport, and front and back for the other documents', () => {
    expect(stepsFor('PASSPORT')).toEqual(['document', 'front', 'selfie', 'personal', 'review']);
    for (const type of ['ID_CARD', 'DRIVERS', 'RESIDENCE_PERMIT'] as const) {
      expect(stepsFor(type)).toEqual(['document', 'front', 'back', 'selfie', 'personal', 'review']);
    }
  });

  it('after a resubmission request shows only the step to redo and the review', () => {
    const redo = stateFromSession(
      session({
        documentType: 'ID_CARD',
        images: [
          { docType: 'ID_CARD', side: 'front' },
          { docType: 'SELFIE', side: null },
          { docType: 'SELFIE', side: 'turned' },
        ],
        resubmission: { step: 'document-back', message: 'Blurred', fields: [] },
      }),
    );
    expect(redo).toMatchObject({ redo: 'back', step: 'back', personalSaved: true });
    expect(stepsFor(redo.documentType, redo.redo)).toEqual(['back', 'review']);
    expect(run(redo, { type: 'photoSaved', slot: 'back', preview: 'data:back' }).step).toBe('review');
    const personal = stateFromSession(session({ resubmission: { step: 'personal-data', message: 'Check', fields: [] } }));
    expect(personal).toMatchObject({ redo: 'personal', step: 'personal', personalSaved: false });
    // Filled in with the data sent before, it still asks for it to be checked and saved again.
    const filledIn = stateFromSession(session({ personalData: fullPersonalData, resubmission: { step: 'personal-data', message: 'Check', fields: ['name'] } }));
    expect(filledIn).toMatchObject({ redo: 'personal', step: 'personal', personalSaved: false, personal: { name: fullPersonalData.name } });
  });

  it('goes from the passport front straight to the selfie', () => {
    const state = run(
      stateFromSession(session()),
      { type: 'chooseDocument', documentType: 'PASSPORT' },
      { type: 'photoSaved', slot: 'front', preview: 'data:front' },
    );
    expect(state.step).toBe('selfie');
  });

  it('walks an ID card through every step in order', () => {
    let state = stateFromSession(session());
    expect(state.step).toBe('document');
    state = run(state, { type: 'chooseDocument', documentType: 'ID_CARD' });
    expect(state.step).toBe('front');
    state = run(state, { type: 'photoSaved', slot: 'front', preview: 'data:front' });
    expect(state.step).toBe('back');
    state = run(state, { type: 'photoSaved', slot: 'back', preview: 'data:back' });
    expect(state.step).toBe('selfie');
    state = run(state, { type: 'photoSaved', slot: 'selfie', preview: 'data:selfie' });
    expect(state.step).toBe('selfie');
    state = run(state, { type: 'photoSaved', slot: 'turned', preview: 'data:turned' });
    expect(state.step).toBe('personal');
    const values = { ...emptyPersonalData(), name: 'Ana' };
    state = run(state, { type: 'personalSaved', values });
    expect(state.step).toBe('review');
    expect(state.personal.name).toBe('Ana');
  });

  it('pre-fills the empty personal fields from what a document photo says, never over typed values', () => {
    const read = { name: 'Ana Souza', dateOfBirth: '1990-05-17', sex: 'F' as const, docNumber: 'X1234567', expiryDate: null };
    let state = run(stateFromSession(session()), { type: 'chooseDocument', documentType: 'ID_CARD' });
    state = run(state, { type: 'personalChanged', values: { ...state.personal, docNumber: 'typed-1' } });
    state = run(state, { type: 'photoSaved', slot: 'front', preview: 'data:front', read: null });
    expect(state.prefilled).toEqual([]);
    state = run(state, { type: 'photoSaved', slot: 'back', preview: 'data:back', read });
    expect(state.personal).toMatchObject({ name: 'Ana Souza', dateOfBirth: '1990-05-17', sex: 'F', docNumber: 'typed-1', expiryDate: '' });
    expect(state.prefilled).toEqual(['name', 'dateOfBirth', 'sex']);
  });

  it('steps back one step at a time and not before the first', () => {
    let state = run(stateFromSession(session()), { type: 'chooseDocument', documentType: 'PASSPORT' });
    state = run(state, { type: 'back' });
    expect(state.step).toBe('document');
    expect(run(state, { type: 'back' }).step).toBe('document');
  });

  it('returns to the review after an edit made from it', () => {
    const complete = stateFromSession(
      session({
        documentType: 'ID_CARD',
        images: [
          { docType: 'ID_CARD', side: 'front' },
          { docType: 'ID_CARD', side: 'back' },
          { docType: 'SELFIE', side: null },
          { docType: 'SELFIE', side: 'turned' },
        ],
        personalData: fullPersonalData,
      }),
    );
    expect(complete.step).toBe('review');
    const edited = run(complete, { type: 'edit', step: 'back' }, { type: 'photoSaved', slot: 'back', preview: 'data:new-back' });
    expect(edited.step).toBe('review');
    expect(edited.photos.back).toEqual({ preview: 'data:new-back' });
  });

  it('drops the old document photos when another document type is chosen, keeping the selfie', () => {
    const state = run(
      stateFromSession(session()),
      { type: 'chooseDocument', documentType: 'ID_CARD' },
      { type: 'photoSaved', slot: 'front', preview: 'data:front' },
      { type: 'photoSaved', slot: 'back', preview: 'data:back' },
      { type: 'photoSaved', slot: 'selfie', preview: 'data:selfie' },
      { type: 'photoSaved', slot: 'turned', preview: 'data:turned' },
      { type: 'edit', step: 'document' },
      { type: 'chooseDocument', documentType: 'PASSPORT' },
    );
    expect(state.photos).toEqual({ selfie: { preview: 'data:selfie' }, turned: { preview: 'data:turned' } });
    expect(state.step).toBe('front');
  });

  describe('the selfie with its pose challenge', () => {
    const atSelfie = () =>
      run(stateFromSession(session()), { type: 'chooseDocument', documentType: 'PASSPORT' }, { type: 'photoSaved', slot: 'front', preview: 'data:front' });

    it('stays on the selfie step after the facing capture until the turned one is saved', () => {
      const facing = run(atSelfie(), { type: 'photoSaved', slot: 'selfie', preview: 'data:facing' });
      expect(facing.step).toBe('selfie');
      expect(isStepComplete(facing, 'selfie')).toBe(false);
      expect(run(facing, { type: 'continue' }).step).toBe('selfie');
      const both = run(facing, { type: 'photoSaved', slot: 'turned', preview: 'data:turned' });
      expect(isStepComplete(both, 'selfie')).toBe(true);
      expect(both.step).toBe('personal');
    });

    it('drops the turned capture when the facing one is retaken', () => {
      const retaken = run(
        atSelfie(),
        { type: 'photoSaved', slot: 'selfie', preview: 'data:facing-1' },
        { type: 'photoSaved', slot: 'turned', preview: 'data:turned-1' },
        { type: 'edit', step: 'selfie' },
        { type: 'photoSaved', slot: 'selfie', preview: 'data:facing-2' },
      );
      expect(retaken.photos).toEqual({ front: { preview: 'data:front' }, selfie: { preview: 'data:facing-2' } });
      expect(retaken.step).toBe('selfie');
      expect(isStepComplete(retaken, 'selfie')).toBe(false);
    });

    it('goes back to the review once both captures are retaken from it', () => {
      const complete = stateFromSession(
        session({
          documentType: 'PASSPORT',
          images: [
            { docType: 'PASSPORT', side: 'front' },
            { docType: 'SELFIE', side: null },
            { docType: 'SELFIE', side: 'turned' },
          ],
          personalData: fullPersonalData,
        }),
      );
      const facing = run(complete, { type: 'edit', step: 'selfie' }, { type: 'photoSaved', slot: 'selfie', preview: 'data:facing' });
      expect(facing.step).toBe('selfie');
      expect(run(facing, { type: 'photoSaved', slot: 'turned', preview: 'data:turned' }).step).toBe('review');
    });
  });

  describe('resuming from the session', () => {
    it('starts at the document type when nothing was done', () => {
      expect(stateFromSession(session()).step).toBe('document');
    });

    it('resumes at the back when only the front of an ID card is stored', () => {
      const state = stateFromSession(session({ documentType: 'ID_CARD', images: [{ docType: 'ID_CARD', side: 'front' }] }));
      expect(state).toMatchObject({ step: 'back', documentType: 'ID_CARD', photos: { front: { preview: null } } });
    });

    it('resumes at the selfie after a passport front', () => {
      const state = stateFromSession(session({ documentType: 'PASSPORT', images: [{ docType: 'PASSPORT', side: 'front' }] }));
      expect(state.step).toBe('selfie');
    });

    it('resumes at the personal data when the photos are stored but the data is incomplete', () => {
      const state = stateFromSession(
        session({
          documentType: 'PASSPORT',
          images: [
            { docType: 'PASSPORT', side: 'front' },
            { docType: 'SELFIE', side: null },
            { docType: 'SELFIE', side: 'turned' },
          ],
          personalData: { ...fullPersonalData, country: null },
        }),
      );
      expect(state.step).toBe('personal');
      expect(state.personal.name).toBe('Ana Souza');
    });

    it('resumes at the review when everything is stored', () => {
      const state = stateFromSession(
        session({
          documentType: 'PASSPORT',
          images: [
            { docType: 'PASSPORT', side: 'front' },
            { docType: 'SELFIE', side: null },
            { docType: 'SELFIE', side: 'turned' },
          ],
          personalData: fullPersonalData,
        }),
      );
      expect(state.step).toBe('review');
      expect(firstIncompleteStep(state)).toBe('review');
    });

    it('shows the selfie step as done only when both poses are stored', () => {
      const facingOnly = stateFromSession(
        session({
          documentType: 'PASSPORT',
          images: [
            { docType: 'PASSPORT', side: 'front' },
            { docType: 'SELFIE', side: null },
          ],
        }),
      );
      expect(facingOnly.step).toBe('selfie');
      expect(facingOnly.photos).toEqual({ front: { preview: null }, selfie: { preview: null } });
      expect(isStepComplete(facingOnly, 'selfie')).toBe(false);

      const both = stateFromSession(
        session({
          documentType: 'PASSPORT',
          images: [
            { docType: 'PASSPORT', side: 'front' },
            { docType: 'SELFIE', side: null },
            { docType: 'SELFIE', side: 'turned' },
          ],
        }),
      );
      expect(both.step).toBe('personal');
      expect(both.photos).toEqual({ front: { preview: null }, selfie: { preview: null }, turned: { preview: null } });
      expect(isStepComplete(both, 'selfie')).toBe(true);
    });

    it('ignores photos of another document type than the stored one', () => {
      const state = stateFromSession(session({ documentType: 'ID_CARD', images: [{ docType: 'PASSPORT', side: 'front' }] }));
      expect(state.step).toBe('front');
    });
  });
});
