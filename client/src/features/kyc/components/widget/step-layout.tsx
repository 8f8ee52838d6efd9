import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

/** True once the applicant moved between steps: only then does a new step take the focus. */
export const StepFocusContext = createContext(false);

/**
 * The heading of a step. It takes the focus when a step opens (not on first load), so
 * a screen reader announces the new step and a phone starts at its top.
 */
export function StepHeader({ title, description }: { title: string; description?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const takeFocus = useContext(StepFocusContext);
  useEffect(() => {
    if (!takeFocus) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.closest('.kyc-widget')?.scrollIntoView({ block: 'start' });
  }, [takeFocus]);
  return (
    <header className="kyc-step-header">
      <h2 ref={heading} tabIndex={-1} className="kyc-step-title">
        {title}
      </h2>
      {description && <p className="kyc-step-description">{description}</p>}
    </header>
  );
}

/** The buttons under a step: Back on the left, the way forward on the right. */
export function StepActions({ onBack, children }: { onBack?: () => void; children?: ReactNode }) {
  return (
    <div className="kyc-step-actions">
      {onBack && (
        <button type="button" className="kyc-back-button" onClick={onBack}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 6l-6 6 6 6" />
          </svg>
          Back
        </button>
      )}
      <div className="kyc-step-actions-main">{children}</div>
    </div>
  );
}
