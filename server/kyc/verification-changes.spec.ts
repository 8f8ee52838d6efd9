import { rerunFor } from './verification-changes.js';

describe('what a new attempt runs again', () => {
  it('runs everything for a first submission, a new document photo or new data', () => {
    for (const step of [null, 'document-front', 'document-back', 'personal-data']) {
      expect(rerunFor(step)).toEqual({ analyses: ['document', 'face', 'screening'], kept: [] });
    }
  });

  it('runs only the faces for a new selfie, keeping the document, its dates and the screening', () => {
    const { analyses, kept } = rerunFor('selfie');
    expect(analyses).toEqual(['face']);
    expect(kept).toEqual(expect.arrayContaining(['document-read', 'data-matches-document', 'document-not-expired', 'adult', 'sanctions-screening']));
    expect(kept).not.toContain('images-readable');
    expect(kept).not.toContain('face-match');
  });
});
