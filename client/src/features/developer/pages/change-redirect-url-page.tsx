import { useNavigate } from 'react-router-dom';

import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useWebhookSettings } from '../api/get-webhook-settings';
import { useUpdateRedirectUrl } from '../api/update-redirect-url';
import { DeveloperPage } from '../components/developer-page';
import { UrlForm } from '../components/url-form';
import { REDIRECT_URL_INVALID, redirectUrlErrorMessage, validateHttpUrl } from '../lib/url-field';

export const REDIRECT_URL_SAVED = 'Successfully registered a redirect url';

export function ChangeRedirectUrlPage() {
  const settings = useWebhookSettings();
  const update = useUpdateRedirectUrl();
  const toast = useToast();
  const navigate = useNavigate();

  // The title says "Add" or "Change": wait for the settings rather than flicker.
  if (settings.isPending) return <Loading />;

  return (
    <DeveloperPage
      title={settings.data?.redirectUrl ? 'Change redirect URL' : 'Add redirect URL'}
      lead="Where should the verification page send your end users when they are done?"
    >
      <Card>
        <UrlForm
          label="Redirect URL"
          name="redirectUrl"
          initialValue={settings.data?.redirectUrl ?? ''}
          placeholder="https://www.example.com/verification-done"
          hint="An http:// or https:// URL, usually a page of your site that thanks the user and shows what happens next."
          submitLabel="Save redirect URL"
          cancelTo={paths.developer.redirectUrl}
          isPending={update.isPending}
          validate={(value) => validateHttpUrl(value, REDIRECT_URL_INVALID)}
          errorMessage={redirectUrlErrorMessage}
          onSubmit={async (redirectUrl) => {
            await update.mutateAsync({ redirectUrl });
            toast.success(REDIRECT_URL_SAVED);
            navigate(paths.developer.redirectUrl);
          }}
        />
      </Card>
    </DeveloperPage>
  );
}
