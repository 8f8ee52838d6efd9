import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { DocumentImages, measuresLine, orderImages } from './document-images';

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
  it('opens a photo to turn it in quarter turns and zoom it in steps', async () => {
    const user = userEvent.setup();
    render(<DocumentImages images={[image('PASSPORT', 'front')]} />);
    await user.click(screen.getByRole('button', { name: /Rotate & zoom/ }));
    const dialog = await screen.findByRole('dialog');
    const photo = within(dialog).getByRole('img');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate right' }));
    expect(photo).toHaveAttribute('data-rotation', '90');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate left' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rotate left' }));
    expect(photo).toHaveAttribute('data-rotation', '270');
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('150 %')).toBeInTheDocument();
    expect(photo.style.width).toBe('150%');
  });
});
