import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ImageViewer } from './image-viewer';

function renderViewer() {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<ImageViewer src="/front.jpg" alt="ID card, front" open onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'ID card, front' });
  return { user, onClose, dialog, photo: within(dialog).getByRole('img', { name: 'ID card, front' }) };
}

describe('<ImageViewer>', () => {
  it('applies the brightness and contrast sliders to the photo as CSS filters, and resets them', () => {
    const { dialog, photo } = renderViewer();
    expect(photo.style.filter).toBe('brightness(100%) contrast(100%)');
    const reset = within(dialog).getByRole('button', { name: 'Reset brightness & contrast' });
    expect(reset).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Brightness' }), { target: { value: '150' } });
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Contrast' }), { target: { value: '70' } });
    expect(photo.style.filter).toBe('brightness(150%) contrast(70%)');
    expect(within(dialog).getByRole('slider', { name: 'Brightness' })).toHaveAttribute('aria-valuetext', '150 %');
    fireEvent.click(reset);
    expect(photo.style.filter).toBe('brightness(100%) contrast(100%)');
  });

  it('moves the photo with the arrow keys and zooms with + and −, within reach, once the photo has the focus', async () => {
    const { user, dialog, photo } = renderViewer();
    const stage = within(dialog).getByRole('region', { name: /ID card, front/ });
    expect(stage).toHaveAccessibleDescription(/arrow keys/);
    // The close button has the focus on opening; the photo is next.
    await user.tab();
    expect(stage).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(photo.style.transform).toBe('translate(20%, -10%) scale(1) rotate(0deg)');
    // Shift moves further; the photo's centre never leaves its own half-size (50 % at 100 %).
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(photo.style.transform).toBe('translate(50%, -10%) scale(1) rotate(0deg)');
    await user.keyboard('++');
    expect(within(dialog).getByText('200 %')).toBeInTheDocument();
    expect(photo.style.transform).toBe('translate(50%, -10%) scale(2) rotate(0deg)');
    // Zooming out brings the photo back within reach of the smaller size.
    await user.keyboard('{-}{-}{-}');
    expect(photo.style.transform).toBe('translate(37.5%, -10%) scale(0.75) rotate(0deg)');
    await user.keyboard('0');
    expect(photo.style.transform).toBe('translate(0%, 0%) scale(1) rotate(0deg)');
  });

  it('zooms and fits again with its buttons, and turns the photo in quarter turns', async () => {
    const { user, dialog, photo } = renderViewer();
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('150 %')).toBeInTheDocument();
    expect(photo.style.transform).toContain('scale(1.5)');
    await user.click(within(dialog).getByRole('button', { name: 'Reset zoom' }));
    expect(photo.style.transform).toContain('scale(1)');
    for (let press = 0; press < 2; press += 1) await user.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate right' }));
    expect(photo).toHaveAttribute('data-rotation', '90');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate left' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rotate left' }));
    expect(photo).toHaveAttribute('data-rotation', '270');
    expect(photo.style.transform).toBe('translate(0%, 0%) scale(0.5) rotate(270deg)');
  });

  it('closes on Escape', async () => {
    const { user, onClose } = renderViewer();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
