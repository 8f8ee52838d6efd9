import { STEP_LABELS, type StepId } from '../../model/widget-steps';
import { CheckIcon } from './icons';

import './step-indicator.css';

export function StepIndicator({ steps, current, isComplete }: { steps: readonly StepId[]; current: StepId; isComplete: (step: StepId) => boolean }) {
  const index = steps.indexOf(current);
  return (
    <nav className="kyc-steps" aria-label="Verification progress">
      <p className="kyc-steps-summary">
        Step {index + 1} of {steps.length}
        <span aria-hidden="true"> · </span>
        <span className="kyc-steps-summary-label">{STEP_LABELS[current]}</span>
      </p>
      <ol className="kyc-steps-list">
        {steps.map((step, position) => {
          const state = step === current ? 'current' : isComplete(step) ? 'done' : 'todo';
          return (
            <li key={step} className={`kyc-step kyc-step-${state}`} aria-current={step === current ? 'step' : undefined}>
              <span className="kyc-step-marker" aria-hidden="true">
                {state === 'done' ? <CheckIcon /> : position + 1}
              </span>
              <span className="kyc-step-label">
                {STEP_LABELS[step]}
                {state === 'done' && <span className="visually-hidden"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="kyc-steps-bar" aria-hidden="true">
        <div className="kyc-steps-bar-fill" style={{ width: `${((index + 1) / steps.length) * 100}%` }} />
      </div>
    </nav>
  );
}
