import { describe, expect, it } from 'vitest';

import { orderImages } from './document-images';

const image = (docType: string, side: string | null) => ({ id: `${docType}-${side}`, docType, side, url: '/x' });

describe('orderImages', () => {
  it('puts documents first, front before back, and the selfie last', () => {
    const ordered = orderImages([image('SELFIE', null), image('ID_CARD', 'back'), image('ID_CARD', 'front')]);
    expect(ordered.map((item) => item.id)).toEqual(['ID_CARD-front', 'ID_CARD-back', 'SELFIE-null']);
  });
});
