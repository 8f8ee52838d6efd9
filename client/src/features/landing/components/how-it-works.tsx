import './how-it-works.css';

const STEPS = [
  {
    title: 'Connect',
    text: 'Create an organization, copy your API key and register a webhook and a redirect URL for verification results.',
  },
  {
    title: 'Verify',
    text: 'Send each customer to the hosted verification page with your company key and their user id. They finish on their own device in minutes.',
  },
  {
    title: 'Review and decide',
    text: 'Your team checks extracted data beside the document images and sets the final status. Your systems hear about it straight away.',
  },
] as const;

export function HowItWorks() {
  return (
    <section className="landing-section how" aria-labelledby="how-title">
      <div className="container how-grid">
        <div>
          <p className="section-eyebrow">How it works</p>
          <h2 id="how-title" className="section-title how-title">
            Live in an afternoon, not a quarter
          </h2>
          <ol className="how-steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="how-step">
                <span className="how-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className="how-step-title">{step.title}</h3>
                  <p className="how-step-text">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>

        <figure className="how-code">
          <figcaption className="how-code-bar">
            <span className="how-code-dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            Webhook sent to your server
          </figcaption>
          {/* Focusable so a keyboard user can scroll the sample sideways on a phone (WCAG 2.1.1). */}
          <pre tabIndex={0} aria-label="Example webhook payload">
            <code>
              <span className="tok-comment">{'// POST https://api.your-company.com/kyc-webhook\n'}</span>
              {'{\n'}
              <JsonLine indent={1} name="type" value="applicant.decided" />
              {'  '}
              <span className="tok-key">&quot;data&quot;</span>
              {': {\n'}
              <JsonLine indent={2} name="userId" value="usr_48213" />
              <JsonLine indent={2} name="kycStatus" value="completed" />
              <JsonLine indent={2} name="reviewAnswer" value="approved" last />
              {'  }\n}\n\n'}
              <span className="tok-comment">{'// signed with webhook-signature: v1,…'}</span>
            </code>
          </pre>
        </figure>
      </div>
    </section>
  );
}

/** One `"name": "value"` line of the sample webhook body. */
function JsonLine({ indent, name, value, last = false }: { indent: number; name: string; value: string; last?: boolean }) {
  return (
    <>
      {'  '.repeat(indent)}
      <span className="tok-key">&quot;{name}&quot;</span>
      {': '}
      <span className="tok-string">&quot;{value}&quot;</span>
      {last ? '\n' : ',\n'}
    </>
  );
}
