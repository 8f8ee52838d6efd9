import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../api/client';
import { Alert } from './alert';
import { Button } from './button';
import { Loading } from './loading';
import { Magnifier } from './magnifier';
import { Modal } from './modal';
import { useToast } from './toast-context';
import { ToastProvider } from './toast-provider';

describe('<Button>', () => {
  it('applies variant and size classes', () => {
    render(
      <Button variant="danger" size="large">
        Delete account
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete account' });
    expect(button).toHaveClass('btn', 'btn-danger', 'btn-large');
    expect(button).toHaveAttribute('type', 'button');
  });

  it('is disabled while loading', () => {
    render(<Button isLoading>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('<Alert>', () => {
  it('announces danger as an alert and info as a status', () => {
    render(
      <>
        <Alert variant="danger">Broken</Alert>
        <Alert variant="info">Note</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    expect(screen.getByRole('status')).toHaveTextContent('Note');
  });
});

describe('<Loading>', () => {
  it('shows the custom message while loading', () => {
    render(<Loading message="Fetching applicants" />);
    expect(screen.getByText('Fetching applicants')).toBeInTheDocument();
  });

  it("shows 'Loading Failed' on error", () => {
    render(<Loading message="Fetching applicants" error={new Error('boom')} />);
    expect(screen.getByText('Loading Failed')).toBeInTheDocument();
    expect(screen.queryByText('Fetching applicants')).not.toBeInTheDocument();
  });

  it('never leaves a dead end: says what failed and offers Retry and Go back', async () => {
    const retried = vi.fn();
    render(<Loading error={new ApiError(503, 'The database is busy')} onRetry={retried} />);
    expect(screen.getByText('The database is busy')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retried).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });
});

describe('<Modal>', () => {
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Logout
        </button>
        <Modal open={open} onClose={() => setOpen(false)} title="Logout">
          Are you sure you want to log out?
        </Modal>
      </>
    );
  }

  it('opens as a dialog and closes with Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('dialog', { name: 'Logout' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('toasts', () => {
  function Trigger() {
    const toast = useToast();
    return (
      <button type="button" onClick={() => toast.success('Successfully logged out')}>
        Go
      </button>
    );
  }

  it('disappear after 8000 ms', () => {
    vi.useFakeTimers();
    try {
      render(
        <ToastProvider>
          <Trigger />
        </ToastProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Go' }));
      expect(screen.getByText('Successfully logged out')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(7999));
      expect(screen.getByText('Successfully logged out')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('Successfully logged out')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('<Magnifier>', () => {
  function hover(image: HTMLElement) {
    vi.spyOn(image, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 200, 100));
    fireEvent.mouseMove(image, { clientX: 50, clientY: 40 });
  }

  it('shows a 160 px lens at 2.5x by default', () => {
    render(<Magnifier src="/doc.png" alt="Passport front" />);
    hover(screen.getByAltText('Passport front'));
    const lens = screen.getByTestId('magnifier-lens');
    expect(lens.style.width).toBe('160px');
    expect(lens.style.backgroundSize).toBe('500px 250px');
  });

  it('takes the document settings (3x, 180 px) and hides the lens on leave', () => {
    render(<Magnifier src="/doc.png" alt="Passport front" zoom={3} size={180} />);
    const image = screen.getByAltText('Passport front');
    hover(image);
    const lens = screen.getByTestId('magnifier-lens');
    expect(lens.style.width).toBe('180px');
    expect(lens.style.backgroundSize).toBe('600px 300px');
    fireEvent.mouseLeave(image);
    expect(screen.queryByTestId('magnifier-lens')).not.toBeInTheDocument();
  });
});
