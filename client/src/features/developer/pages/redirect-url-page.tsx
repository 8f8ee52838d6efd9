import { ButtonLink } from '../../../components/ui/button-link';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { paths } from '../../../config/paths';
import { useWebhookSettings } from '../api/get-webhook-settings';
import { DeveloperPage } from '../components/developer-page';

export const NO_REDIRECT_URL = 'No redirect URL configured';

export function RedirectUrlPage() {
  const settings = useWebhookSettings();
  const redirectUrl = settings.data?.redirectUrl ?? null;

  return (
    <DeveloperPage title="Redirect URL" lead="When an end user finishes verification, the verification page sends them back to your site.">
      <Card
        title="Redirect link"
        description="Used for every organization you own, two seconds after the verification completes."
        footer={
          settings.isSuccess ? (
            <ButtonLink to={paths.developer.changeRedirectUrl} variant={redirectUrl ? 'outline' : 'primary'}>
              {redirectUrl ? 'Change redirect URL' : 'Add redirect URL'}
            </ButtonLink>
          ) : undefined
        }
      >
        {settings.isPending ? (
          <Loading />
        ) : settings.isError ? (
          <Loading error={settings.error} />
        ) : (
          <dl className="dev-setting">
            <dt>Redirect URL</dt>
            <dd>
              {redirectUrl ? (
                <code className="dev-setting-url" data-testid="redirect-url">
                  {redirectUrl}
                </code>
              ) : (
                <span className="dev-empty-value" data-testid="redirect-url">
                  {NO_REDIRECT_URL}
                </span>
              )}
            </dd>
          </dl>
        )}
      </Card>

      <Card title="Good to know">
        <ul className="dev-list">
          <li>
            Anyone can open a URL: identify the end user with your own session, and trust only the signed webhook (or the API with your key) for the
            verification result.
          </li>
          <li>
            The live status stream carries the same value as <code>redirectUrl</code>, so a status listener of your own can use it too.
          </li>
          <li>Use https in production so the hand-over cannot be tampered with.</li>
        </ul>
      </Card>
    </DeveloperPage>
  );
}
