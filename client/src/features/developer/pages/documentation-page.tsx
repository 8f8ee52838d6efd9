import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { API_REFERENCE_PATH, endpointOf, pathTemplate, type SdkOperation } from '../../../api/endpoints';
import {
  applicantErasureErase,
  applicantsDetails,
  applicantsList,
  kycCreateSession,
  kycExchange,
  kycIssueForCompanyKey,
  kycRevokeSession,
  kycStatus,
  organizationsList,
  usersMe,
  webhooksListDeliveries,
  webhooksListEvents,
  webhooksSendTest,
} from '../../../api/sdk';
import { Card } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { paths } from '../../../config/paths';
import { CodeBlock } from '../components/code-block';
import { DeveloperPage } from '../components/developer-page';
import { ExternalIcon } from '../components/icons';
import { endpointLabel, integrationExamples } from '../lib/integration-examples';

import './documentation-page.css';

const SECTIONS = [
  ['how-it-works', 'How it works'],
  ['authenticate', 'Authenticate'],
  ['organization', 'Organization'],
  ['verification-sessions', 'Verification links'],
  ['company-key-link', 'companyKey link'],
  ['verification-token', 'Token'],
  ['live-status', 'Live status'],
  ['applicants', 'Applicants'],
  ['webhooks', 'Webhooks'],
  ['verify-webhooks', 'Verify webhooks'],
] as const;

const WEBHOOK_EVENTS: readonly [string, string][] = [
  ['applicant.submitted', 'The end user finished the verification widget.'],
  ['applicant.prechecked', 'Automatic checks finished (kycStatus prechecked).'],
  [
    'applicant.decided',
    'Staff, or your verification policy, approved or rejected: kycStatus completed, reviewAnswer approved or rejected (with rejectType and rejectReason). An automatic decision adds decision: { automatic: true, rule, reason }.',
  ],
  ['applicant.on_hold', 'Staff, or ongoing sanctions monitoring, put the applicant on hold (kycStatus onHold).'],
  [
    'applicant.screening_hit',
    'A sanctions list changed and a verified applicant now matches a listed person: screening.hits gives the list, its id, the listed name and the score. The applicant is on hold.',
  ],
  ['applicant.resubmission_requested', 'Staff asked the end user to redo one step: resubmission.step names it, label says why.'],
  [
    'applicant.duplicate_found',
    'A later applicant’s selfie has the face of this applicant, already decided: duplicate gives the later userId, the similarity and whether the name or date of birth differs. The status stays.',
  ],
  ['applicant.reset', 'Staff reset the applicant (kycStatus init, review cleared).'],
  ['applicant.updated', "Staff edited the applicant's data or status."],
  ['webhook.test', `Sent by the Send test event button (or ${endpointLabel(webhooksSendTest)}).`],
];

const WEBHOOK_HEADERS: readonly [string, string][] = [
  ['webhook-id', "The event's id, the same on every retry: use it to ignore duplicates."],
  ['webhook-timestamp', 'When this attempt was signed, in seconds since the Unix epoch.'],
  ['webhook-signature', 'v1, followed by the base64 HMAC-SHA256 of "<id>.<timestamp>.<body>", keyed with your signing secret.'],
];

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="docs-step">
      <span className="docs-step-number" aria-hidden="true">
        {number}
      </span>
      <div className="docs-step-body">
        <h3 className="docs-step-title">{title}</h3>
        <div className="docs-step-text">{children}</div>
      </div>
    </li>
  );
}

/** An SDK operation's method and path; `parameters` names its placeholders, `query` is shown after it. */
function Endpoint({ operation, parameters, query }: { operation: SdkOperation; parameters?: Record<string, string>; query?: string }) {
  const { method } = endpointOf(operation);
  const path = `${pathTemplate(operation, parameters)}${query ? `?${query}` : ''}`;
  return (
    <p className="docs-endpoint">
      <span className={`docs-method docs-method-${method.toLowerCase()}`}>{method}</span>
      <code>{path}</code>
    </p>
  );
}

export function DocumentationPage() {
  const origin = window.location.origin;
  const examples = useMemo(() => integrationExamples(origin), [origin]);

  return (
    <DeveloperPage
      title="Documentation"
      lead="Everything your developers need to send end users to verification and hear back about the result."
      actions={
        <a className="btn btn-outline btn-regular" href={API_REFERENCE_PATH} target="_blank" rel="noopener noreferrer">
          API reference (OpenAPI)
          <ExternalIcon />
        </a>
      }
    >
      <nav className="docs-toc" aria-label="On this page">
        {SECTIONS.map(([id, label]) => (
          <a key={id} href={`#${id}`} className="docs-toc-link">
            {label}
          </a>
        ))}
      </nav>

      <Card id="how-it-works" title="How it works" description="Six steps from an API key to a signed verification result.">
        <div className="docs-base-url">
          <span className="docs-base-url-label">Base URL</span>
          <code className="docs-base-url-value" data-testid="docs-base-url">
            {origin}
          </code>
          <CopyButton text={origin} label="Copy base URL" iconOnly />
        </div>
        <ol className="docs-steps">
          <Step number={1} title="Get your API key">
            Your <Link to={paths.developer.keys}>secret API key</Link> authenticates your servers as your account. Keep it on the server.
          </Step>
          <Step number={2} title="Take your organization's id">
            <Link to={paths.dashboard.create}>Create an organization</Link>; you name it by its <code>id</code> in API calls. Its public <code>companyKey</code>{' '}
            identifies it on the verification page.
          </Step>
          <Step number={3} title="Configure a webhook and a redirect URL">
            A <Link to={paths.developer.webhooks}>webhook</Link> is required before verification starts; the{' '}
            <Link to={paths.developer.redirectUrl}>redirect URL</Link> is where end users land afterwards.
          </Step>
          <Step number={4} title="Send the end user to a verification link">
            Your server creates a link for each end user, with your own id for them, and sends them to it. They photograph their document, take a selfie and
            confirm their data.
          </Step>
          <Step number={5} title="Follow the status live, then redirect">
            The page streams the status (pending → processing → completed or failed) and, when it completes, sends the end user to your redirect URL after two
            seconds.
          </Step>
          <Step number={6} title="Receive signed webhooks">
            Every change to the applicant is POSTed to your webhook, signed with your secret and retried until you acknowledge it. Read details through the API
            with your key.
          </Step>
        </ol>
        <p className="docs-note">The examples below read your secrets from shell variables, so a copied command never contains a real key:</p>
        <CodeBlock title="Shell setup" code={examples.shellSetup} exampleId="shell-setup" />
      </Card>

      <Card
        id="authenticate"
        title="Authenticate with your API key"
        description={
          <>
            Send the key as a bearer token from your server. A wrong or regenerated key answers <code>401 Unauthorized</code>.
          </>
        }
      >
        <Endpoint operation={usersMe} />
        <CodeBlock title="Request" code={examples.usersMe} exampleId="users-me" />
        <CodeBlock title="Response" language="json" code={examples.usersMeResponse} />
      </Card>

      <Card
        id="organization"
        title="Find your organization's id and companyKey"
        description="Lists the organizations you own or belong to, with the id you use in API calls and the public companyKey."
      >
        <Endpoint operation={organizationsList} />
        <CodeBlock title="Request" code={examples.organizations} exampleId="organizations" />
        <CodeBlock title="Response" language="json" code={examples.organizationsResponse} />
      </Card>

      <Card
        id="verification-sessions"
        title="Create a verification link (recommended)"
        description={
          <>
            Your server asks for a link for one end user, with its API key, and sends the user to the answer's <code>url</code>. Its secret works for that one
            applicant only and opens nothing else, for 24 hours unless <code>expiresInMinutes</code> (5 to 10080) says otherwise. <code>userId</code> is your
            own id for the end user: 1–128 letters, digits or <code>. _ : @ | + -</code>, unique within the organization.
          </>
        }
      >
        <Endpoint operation={kycCreateSession} />
        <CodeBlock title="Request" code={examples.createSession} exampleId="create-session" />
        <CodeBlock title="201 response" language="json" code={examples.createSessionResponse} />
        <ul className="dev-list docs-facts">
          <li>
            <code>name</code> and <code>dateOfBirth</code> (optional) are shown to the end user prefilled.
          </li>
          <li>
            <code>redirectUrl</code> (optional) is where this link's user lands when verified; it must start with an origin on the organization's allowed list
            (its Integration page). Without it, your redirect URL is used.
          </li>
          <li>
            A new link for the same <code>userId</code> ends the older one. The page exchanges the link's secret for 15-minute widget tokens itself (
            <code>{endpointLabel(kycExchange)}</code>); a wrong, expired or revoked link answers <code>401 SESSION_LINK_INVALID</code>.
          </li>
          <li>
            Retries are safe with an <code>Idempotency-Key</code> header (any unique string, such as your order id or a UUID): within 24 hours the same key and
            body answer the first link (header <code>Idempotent-Replayed: true</code>) and create nothing; the same key with another body is{' '}
            <code>409 IDEMPOTENCY_KEY_REUSED</code>.
          </li>
        </ul>
        <h3 className="docs-subheading">Revoke a link</h3>
        <Endpoint operation={kycRevokeSession} parameters={{ id: '{sessionId}' }} />
        <CodeBlock title="Request (204 No Content)" code={examples.revokeSession} exampleId="revoke-session" />
      </Card>

      <Card
        id="company-key-link"
        title="Or: the public companyKey link"
        description={
          <>
            As the specification has it: anyone can build it from the public companyKey and a <code>userId</code>. It starts a <strong>new</strong> applicant
            only (the browser that started it continues with its resume secret); any other applicant that is not submitted — under way, given a server-created
            link (even one revoked or expired), or asked to redo a step — answers <code>409 VERIFICATION_IN_PROGRESS</code>, and a submitted one only shows its
            status. Each organization can turn these links off on its Integration page (then <code>403 COMPANY_KEY_LINKS_DISABLED</code>).
          </>
        }
      >
        <CodeBlock title="Verification link" language="url" code={examples.verificationLink} exampleId="verification-link" />
      </Card>

      <Card
        id="verification-token"
        title="Get a verification token"
        description={
          <>
            The verification page of a companyKey link calls this itself; you can call it to check that everything is configured. The token is bound to this one
            applicant and valid for 15 minutes. For a new applicant the answer also carries <code>resumeSecret</code>, which the page keeps to continue later;
            for a submitted one the token's <code>scope</code> is <code>status</code>.
          </>
        }
      >
        <Endpoint operation={kycIssueForCompanyKey} query="userId=…" />
        <CodeBlock title="Request" code={examples.getNewToken} exampleId="get-new-token" />
        <CodeBlock title="Response" language="json" code={examples.getNewTokenResponse} />
        <p className="docs-note">
          Until the organization's owner has configured a webhook, the answer is <code>409</code> with code <code>WEBHOOK_NOT_CONFIGURED</code> (and the
          verification page shows the same message). An unknown companyKey answers <code>401</code>.
        </p>
        <CodeBlock title="409 response" language="json" code={examples.webhookNotConfigured} />
      </Card>

      <Card
        id="live-status"
        title="Follow the status live"
        description={
          <>
            A server-sent event stream: the current status at once, then every change. Statuses are <code>pending</code>, <code>processing</code>,{' '}
            <code>completed</code> and <code>failed</code>; each event also carries the <code>redirectUrl</code> (the link's own, else yours). It needs a widget
            token, <code>KYC_TOKEN</code>; <code>companyKey</code> is sent only for a companyKey link. When the token has expired the stream answers{' '}
            <code>401</code>: get a new one.
          </>
        }
      >
        <Endpoint operation={kycStatus} query="userId=…&token=…[&companyKey=…]" />
        <CodeBlock title="Request" code={examples.statusStream} exampleId="status-stream" />
        <CodeBlock title="Stream" language="text" code={examples.statusStreamOutput} />
        <CodeBlock title="In a browser" language="javascript" code={examples.statusEventSource} />
      </Card>

      <Card
        id="applicants"
        title="Read your organization's applicants"
        description={
          <>
            Paged and sorted on the server (<code>pageSize</code> up to 250; <code>orderBy</code> userId by default; <code>search</code> matches userId,
            document number or name). Reads are recorded in the organization's audit trail.
          </>
        }
      >
        <Endpoint operation={applicantsList} parameters={{ id: '{organizationId}' }} />
        <CodeBlock title="List request" code={examples.applicantsList} exampleId="applicants-list" />
        <CodeBlock title="List response" language="json" code={examples.applicantsListResponse} />
        <Endpoint operation={applicantsDetails} parameters={{ id: '{organizationId}' }} />
        <CodeBlock title="Details request" code={examples.applicantDetails} exampleId="applicant-details" />
        <CodeBlock title="Details response" language="json" code={examples.applicantDetailsResponse} />
        <p className="docs-note">
          Document images are served to the same key at each image's <code>url</code>; they never appear in webhooks.
        </p>
        <h3 className="docs-subheading">Erase an applicant</h3>
        <p className="docs-note">
          When a person asks for erasure, their identity data, photos, checks and notes are removed for good and the answer is the tombstone.{' '}
          <code>confirmUserId</code> must repeat the userId; only the organization's owner may erase. No webhook is sent.
        </p>
        <Endpoint operation={applicantErasureErase} parameters={{ id: '{organizationId}' }} />
        <CodeBlock title="Request" code={examples.eraseApplicant} exampleId="erase-applicant" />
        <CodeBlock title="Response" language="json" code={examples.eraseApplicantResponse} />
      </Card>

      <Card
        id="webhooks"
        title="Webhooks"
        description={
          <>
            Set the URL and see every delivery on the <Link to={paths.developer.webhooks}>Webhooks</Link> page, or through the API. Events go to the webhook of
            the organization's owner.
          </>
        }
      >
        <CodeBlock title="Set the webhook URL" code={examples.setWebhook} exampleId="set-webhook" />
        <CodeBlock title="Set the redirect URL" code={examples.setRedirectUrl} exampleId="set-redirect-url" />
        <CodeBlock title="Send a test event" code={examples.sendTestEvent} exampleId="send-test-event" />
        <p className="docs-note">
          The test event is sent at once; with an <code>Idempotency-Key</code>, a retry answers the first event instead of sending another.
        </p>
        <h3 className="docs-subheading">Delivery log</h3>
        <Endpoint operation={webhooksListEvents} query="page=1&pageSize=25" />
        <CodeBlock title="Events, newest first" code={examples.webhookEvents} exampleId="webhook-events" />
        <CodeBlock title="Response" language="json" code={examples.webhookEventsResponse} />
        <Endpoint operation={webhooksListDeliveries} parameters={{ id: '{eventId}' }} />
        <CodeBlock title="One event's attempts" code={examples.webhookDeliveries} exampleId="webhook-deliveries" />
        <CodeBlock title="Response" language="json" code={examples.webhookDeliveriesResponse} />
        <h3 className="docs-subheading">What arrives</h3>
        <CodeBlock title="Webhook request" language="http" code={examples.webhookRequest} />
        <div className="docs-table-wrapper">
          <table className="docs-table">
            <caption className="visually-hidden">Webhook headers</caption>
            <thead>
              <tr>
                <th scope="col">Header</th>
                <th scope="col">Meaning</th>
              </tr>
            </thead>
            <tbody>
              {WEBHOOK_HEADERS.map(([name, meaning]) => (
                <tr key={name}>
                  <td>
                    <code>{name}</code>
                  </td>
                  <td>{meaning}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="docs-table-wrapper">
          <table className="docs-table">
            <caption className="visually-hidden">Webhook event types</caption>
            <thead>
              <tr>
                <th scope="col">Event type</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {WEBHOOK_EVENTS.map(([type, when]) => (
                <tr key={type}>
                  <td>
                    <code>{type}</code>
                  </td>
                  <td>{when}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="dev-list docs-facts">
          <li>
            Answer with any <strong>2xx</strong> within <strong>15 seconds</strong>. Redirects are not followed; any other answer, a timeout or a connection
            error is a failed attempt.
          </li>
          <li>
            Failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; after the 8th failure the event is marked failed. You can redeliver
            any event from the delivery log.
          </li>
          <li>
            Delivery is at least once and may be out of order: deduplicate by <code>webhook-id</code> and order by the body's <code>timestamp</code>. Payloads
            carry status only, never identity data.
          </li>
        </ul>
      </Card>

      <Card
        id="verify-webhooks"
        title="Verify webhooks in Node.js"
        description={
          <>
            Webhooks follow the Standard Webhooks specification, so the <code>standardwebhooks</code> library checks the signature and the timestamp for you.
            Copy your signing secret from the <Link to={paths.developer.webhooks}>Webhooks</Link> page.
          </>
        }
      >
        <CodeBlock title="Install" code={examples.installVerifier} exampleId="install-verifier" />
        <CodeBlock title="server.mjs" language="javascript" code={examples.verifyWebhook} exampleId="verify-webhook" />
      </Card>

      <Card
        title="Full API reference"
        description="Every route, parameter and response of this installation, generated from the server's code."
        footer={
          <a className="btn btn-primary btn-regular" href={API_REFERENCE_PATH} target="_blank" rel="noopener noreferrer">
            Open the OpenAPI reference
            <ExternalIcon />
          </a>
        }
      />
    </DeveloperPage>
  );
}
