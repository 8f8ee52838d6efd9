import { Link, useParams } from 'react-router-dom';

import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { Alert } from '../../../components/ui/alert';
import { CopyField } from '../../../components/ui/copy-field';
import { Loading } from '../../../components/ui/loading';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useOrganization } from '../api/get-organization';
import { VerificationLinksPanel } from '../components/verification-links-panel';
import { canChangeSettings } from '../lib/organization-role';

import './integration-page.css';

/** The /kyc link an integrator sends an end user to. */
export function verificationLink(origin: string, companyKey: string, userId: string): string {
  const query = new URLSearchParams({ companyKey, userId });
  return `${origin}${paths.kyc}?${query.toString()}`;
}

/** /dashboard/:organizationId/integration: what an integrator needs to send users to verification. */
export function IntegrationPage() {
  const { organizationId = '' } = useParams();
  const { user } = useAuth();
  const { data: organization, error, isPending } = useOrganization(organizationId);

  if (isPending || error) return <Loading error={error} />;

  const exampleUserId = user ? String(user.id) : 'USER_ID';
  const link = verificationLink(window.location.origin, organization.companyKey, exampleUserId);
  const template = `${window.location.origin}${paths.kyc}?companyKey=${organization.companyKey}&userId={YOUR_USER_ID}`;
  const canChange = user?.role === 'super-admin' || canChangeSettings(organization.role);
  const { allowCompanyKeyLinks } = organization.verificationSettings;

  return (
    <>
      <PageHeader title="Integration" description="Send your users to verification with a link; results reach you by webhook and redirect." />
      <VerificationLinksPanel organizationId={organization.id} settings={organization.verificationSettings} canChange={canChange} />
      <Panel
        title="Verification policy"
        description="Which checks a verification must pass, and whether the platform approves clean applicants and rejects hard failures by itself or leaves every decision to a person."
      >
        <p>
          <Link to={paths.dashboard.verificationPolicy(organizationId)}>Open the verification policy</Link>
        </p>
      </Panel>
      <Panel
        title="Company key"
        description="Identifies this organization on the verification page. It is publishable: it is safe in a link or in your front end, and it is not a secret."
      >
        <CopyField label="Company key" value={organization.companyKey} copyLabel="Copy company key" copiedMessage="Copied company key to clipboard" />
      </Panel>
      <Panel
        title="Public companyKey link"
        description="A working link to try verification yourself, with your own user id as the applicant. Open it in a private window: the verification page is for signed-out visitors."
      >
        <div className="integration-body">
          {!allowCompanyKeyLinks && (
            <Alert variant="warning" title="Public companyKey links are turned off">
              This link is refused until you allow them under Verification links. Links your server creates keep working.
            </Alert>
          )}
          <CopyField label="Ready link" value={link} copyLabel="Copy verification link" copiedMessage="Copied verification link to clipboard" />
          <div className="integration-howto">
            <h3 className="integration-howto-title">How integrators use it</h3>
            <ol className="integration-steps">
              <li>
                Build the link for each of your users, putting <em>your own</em> id for that user in <code>userId</code>:
                <pre className="integration-code">{template}</pre>
                The id must be stable: the same user always gets the same id, and it is how you find the applicant here and in webhooks.
              </li>
              <li>
                Send the user to the link (a redirect, a button or an e-mail). They take photos of their document and a selfie there, and appear under{' '}
                <Link to={paths.dashboard.applicants(organizationId)}>Applicants</Link>.
              </li>
              <li>
                Receive the result: configure a <Link to={paths.developer.webhooks}>webhook</Link> (required — the verification page refuses to start without
                one) and optionally a <Link to={paths.developer.redirectUrl}>redirect URL</Link> where the user lands when verification is complete.
              </li>
            </ol>
          </div>
        </div>
      </Panel>
    </>
  );
}
