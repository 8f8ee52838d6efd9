import { DEMO_ACCOUNT_LIFETIME_HOURS } from '../../../config/constants';

import './demo-contents.css';

// What POST /api/demo/register seeds (server/demo/demo-seed.ts), in a visitor's words.
const CONTENTS = [
  'Two sample organizations with about 60 applicants',
  'Identity data, document photos to zoom into and what the analysis read from them',
  'Decisions, an audit trail and a webhook delivery log',
] as const;

function CheckIcon() {
  return (
    <svg className="demo-contents-icon" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M5 10.5l3.2 3.2L15 6.8" />
    </svg>
  );
}

/** The list of what a demo account holds. */
export function DemoContents() {
  return (
    <ul className="demo-contents" aria-label="What the demo account contains">
      {CONTENTS.map((item) => (
        <li key={item}>
          <CheckIcon />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Spec §6 and §9: deleted at logout or after 24 hours, fields locked, no API key. */
export function DemoLimits() {
  return (
    <div className="demo-limits">
      <p>
        The demo account is <strong>deleted when you log out</strong>, or after {DEMO_ACCOUNT_LIFETIME_HOURS} hours at the latest.
      </p>
      <p>Its username and e-mail are locked, and it has no API key.</p>
    </div>
  );
}
