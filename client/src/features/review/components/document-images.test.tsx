import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApplicantCheckDto } from '../../../api/generated/types.gen';
import { documentSignalMarks } from '../lib/document-signals';
import { zoneDoubtMarks } from '../lib/zone-doubt-marks';
import { DocumentImages, facesToCompare, measuresLine, orderImages } from './document-images';

const image = (docType: string, side: string | null) => ({ id: `${docType}-${side}`, docType, side, url: '/x', quality: null });

describe('orderImages', () => {
  it('puts documents first, front before back, and the selfie last', () => {
    const ordered = orderImages([image('SELFIE', null), image('ID_CARD', 'back'), image('ID_CARD', 'front')]);
    expect(ordered.map((item) => item.id)).toEqual(['ID_CARD-front', 'ID_CARD-back', 'SELFIE-null']);
  });

  it("puts the pose challenge's turned selfie after the one facing the camera", () => {
    const ordered = orderImages([image('SELFIE', 'turned'), image('PASSPORT', 'front'), image('SELFIE', null)]);
    expect(ordered.map((item) => item.id)).toEqual(['PASSPORT-front', 'SELFIE-null', 'SELFIE-turned']);
  });
});

describe('measuresLine', () => {
  it('says how sharp, glared, bright and large the photo was at upload', () => {
    expect(measuresLine({ width: 1250, height: 880, sharpness: 1638.4, glare: 0.0146, brightness: 210.2 })).toBe(
      'Sharpness 1638 · glare 1.5% · brightness 210 · 1250 × 880 px',
    );
  });
});

describe('<DocumentImages>', () => {
  it('opens a photo full screen in the image viewer; the magnifier stays on the page', async () => {
    const user = userEvent.setup();
    render(<DocumentImages images={[image('PASSPORT', 'front')]} />);
    expect(screen.getByRole('img', { name: 'Passport, front' })).toHaveClass('magnifier-image');
    await user.click(screen.getByRole('button', { name: 'Full screen: Passport, front' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passport, front' });
    expect(within(dialog).getByRole('slider', { name: 'Brightness' })).toBeInTheDocument();
    // Only a document with a selfie can be compared.
    expect(screen.queryByRole('button', { name: 'Compare faces' })).not.toBeInTheDocument();
  });

  it("compares the selfie facing the camera with the document's front, side by side", async () => {
    const user = userEvent.setup();
    const images = [
      { ...image('SELFIE', 'turned'), url: '/turned' },
      { ...image('SELFIE', null), url: '/selfie' },
      { ...image('ID_CARD', 'back'), url: '/back' },
      { ...image('ID_CARD', 'front'), url: '/front' },
    ];
    expect(facesToCompare(orderImages(images))?.document.id).toBe('ID_CARD-front');
    render(<DocumentImages images={images} />);
    await user.click(screen.getByRole('button', { name: 'Compare faces' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare faces' });
    const photos = within(dialog).getAllByRole('img');
    expect(photos.map((photo) => photo.getAttribute('src'))).toEqual(['/front', '/selfie']);
    expect(photos.map((photo) => photo.getAttribute('alt'))).toEqual(['ID card, front', 'Selfie']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('document liveness signals on the photos', () => {
  const liveness = (photos: unknown[]): ApplicantCheckDto => ({
    name: 'document-liveness',
    verdict: 'needs-review',
    passed: false,
    score: 0.2,
    detail: 'Suspected screen capture (front): a signal for a person to look at, not a certification',
    evidence: { suspected: ['screen'], photos },
    createdAt: '2026-11-29T09:00:00.000Z',
  });
  const front = {
    side: 'front',
    analysed: true,
    reason: '',
    signals: [
      { kind: 'screen', score: 0.21, suspected: true, region: { x: 0.1, y: 0.2, width: 0.5, height: 0.4 }, detail: '' },
      { kind: 'print', score: 0.1, suspected: false, region: { x: 0, y: 0, width: 1, height: 1 }, detail: '' },
      { kind: 'edited', score: 1, suspected: true, region: null, detail: 'Adobe Photoshop' },
    ],
  };

  it('names a suspected signal under its photo as a signal, and outlines the region that raised it', () => {
    const marks = documentSignalMarks([liveness([front])]);
    render(<DocumentImages images={[image('ID_CARD', 'front'), image('ID_CARD', 'back'), image('SELFIE', null)]} signals={marks} />);
    const list = screen.getByRole('list', { name: 'Document liveness signals on the ID card, front' });
    expect(within(list).getByText('Suspected screen capture — a signal, not a certification (outlined on the photo)')).toBeInTheDocument();
    expect(within(list).getByText('Suspected edited image — a signal, not a certification (in the file’s metadata)')).toBeInTheDocument();
    // A signal measured but not suspected is not shown; neither is one on another side.
    expect(screen.queryByText(/Suspected print/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('list')).toHaveLength(1);
    const region = screen.getByTestId('signal-region-screen');
    expect(region).toHaveStyle({ left: '10%', top: '20%', width: '50%', height: '40%' });
  });

  it('shows nothing when no signal is suspected, or the evidence is not the shape expected', () => {
    expect(documentSignalMarks([liveness([{ ...front, signals: front.signals.map((signal) => ({ ...signal, suspected: false })) }])])).toEqual([]);
    expect(documentSignalMarks([liveness([{ side: 'front', signals: [{ kind: 'nonsense', suspected: true }] }, 'junk'])])).toEqual([]);
    expect(documentSignalMarks(undefined)).toEqual([]);
  });
});

describe('characters of the zone in doubt on the photo', () => {
  const read = (evidence: Record<string, unknown>): ApplicantCheckDto => ({
    name: 'document-read',
    verdict: 'needs-review',
    passed: false,
    score: null,
    detail: 'TD1 machine-readable zone read; every check digit passed, but 2 characters no check digit guards are in doubt',
    evidence,
    createdAt: '2026-11-29T09:00:00.000Z',
  });
  const evidence = {
    source: 'mrz',
    format: 'TD1',
    side: 'back',
    zone: ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'],
    doubtful: [
      { line: 2, column: 12, read: 'N', rivals: ['W'], region: { x: 0.43, y: 0.84, width: 0.028, height: 0.05 } },
      { line: 0, column: 1, read: '<', rivals: ['C'], region: { x: 0.09, y: 0.7, width: 0.028, height: 0.05 } },
      // Written before reads carried their place: listed in the zone, not drawn.
      { line: 1, column: 7, read: 'F', rivals: [] },
    ],
  };

  it('outlines and numbers each character in doubt on the side it was read from, and lists it under that photo', () => {
    const marks = zoneDoubtMarks([read(evidence)]);
    expect(marks.map((mark) => mark.label)).toEqual(['line 1, column 2: read <, or C', 'line 3, column 13: read N, or W']);
    render(<DocumentImages images={[image('ID_CARD', 'front'), image('ID_CARD', 'back')]} doubts={marks} />);
    const list = screen.getByRole('list', { name: 'Characters in doubt on the ID card, back' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['line 1, column 2: read <, or C', 'line 3, column 13: read N, or W']);
    const regions = screen.getAllByTestId('doubt-region');
    expect(regions).toHaveLength(2);
    expect(regions[1]).toHaveStyle({ left: '43%', top: '84%' });
    expect(within(regions[1]).getByText('2')).toBeInTheDocument();
  });

  it('draws nothing for a read with no place on the photo, or evidence not of the shape expected', () => {
    expect(zoneDoubtMarks([read({ ...evidence, doubtful: [{ line: 0, column: 1, read: '<', rivals: [] }] })])).toEqual([]);
    expect(zoneDoubtMarks([read({ doubtful: [{ line: 'x', region: { x: 2 } }, 'junk'] })])).toEqual([]);
    expect(zoneDoubtMarks(undefined)).toEqual([]);
  });
});
