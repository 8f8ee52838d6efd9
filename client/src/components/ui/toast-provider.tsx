import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { TOAST_DURATION_MS } from '../../config/constants';
import { ToastContext, type ToastApi, type ToastVariant } from './toast-context';

import './toast.css';

interface ToastItem {
  id: number;
  variant: ToastVariant;
  message: string;
}

function ToastMessage({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);

  return (
    <div className={`toast toast-${toast.variant}`} role={toast.variant === 'error' ? 'alert' : 'status'}>
      <svg className="toast-icon" viewBox="0 0 24 24" aria-hidden="true">
        {toast.variant === 'success' ? (
          <path d="M8.5 12.5l2.5 2.5 4.5-5M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" />
        ) : (
          <path d="M12 8v4.5m0 3.5h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" />
        )}
      </svg>
      <p className="toast-message">{toast.message}</p>
      <button type="button" className="toast-close" onClick={() => onDismiss(toast.id)} aria-label="Dismiss notification">
        <svg viewBox="0 0 20 20" aria-hidden="true">
          <path d="M5 5l10 10M15 5 5 15" />
        </svg>
      </button>
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const push = (variant: ToastVariant, message: string) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, variant, message }]);
    };
    return {
      success: (message) => push('success', message),
      error: (message) => push('error', message),
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" aria-live="polite">
        {toasts.map((toast) => (
          <ToastMessage key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}
