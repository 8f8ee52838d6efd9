import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ShortcutsHelp } from '../components/shortcuts-help';
import { useShortcuts } from './use-shortcuts';

function Page({ onApprove }: { onApprove: () => void }) {
  useShortcuts({ a: onApprove });
  return <input aria-label="Note" />;
}

describe('single-key shortcuts', () => {
  afterEach(() => window.localStorage.clear());

  it('can be turned off, and back on, from the shortcuts dialog (WCAG 2.1.4), and the choice is kept', async () => {
    const user = userEvent.setup();
    const approve = vi.fn();
    const { rerender } = render(
      <>
        <Page onApprove={approve} />
        <ShortcutsHelp open={false} onClose={() => undefined} />
      </>,
    );
    await user.keyboard('a');
    expect(approve).toHaveBeenCalledTimes(1);
    // Typing in a field is never a shortcut.
    await user.type(screen.getByLabelText('Note'), 'a');
    expect(approve).toHaveBeenCalledTimes(1);
    (screen.getByLabelText('Note') as HTMLInputElement).blur();

    rerender(
      <>
        <Page onApprove={approve} />
        <ShortcutsHelp open onClose={() => undefined} />
      </>,
    );
    const toggle = screen.getByRole('checkbox', { name: /Use single-key shortcuts/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    rerender(
      <>
        <Page onApprove={approve} />
        <ShortcutsHelp open={false} onClose={() => undefined} />
      </>,
    );
    await user.keyboard('a');
    expect(approve).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('kyc.single-key-shortcuts')).toBe('off');

    rerender(
      <>
        <Page onApprove={approve} />
        <ShortcutsHelp open onClose={() => undefined} />
      </>,
    );
    await user.click(screen.getByRole('checkbox', { name: /Use single-key shortcuts/ }));
    rerender(
      <>
        <Page onApprove={approve} />
        <ShortcutsHelp open={false} onClose={() => undefined} />
      </>,
    );
    await user.keyboard('a');
    expect(approve).toHaveBeenCalledTimes(2);
  });
});
