import { useNavigate } from 'react-router-dom';

import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useWebhookSettings } from '../api/get-webhook-settings';
import { useUpdateWebhook } from '../api/update-webhook';
import { DeveloperPage } from '../components/developer-page';
import { UrlForm } from '../components/url-form';
import { validateHttpUrl } from '../lib/url-field';

export const WEBHOOK_SAVED = 'Successfully created webhook';

export function ChangeWebhookPage() {
  const settings = useWebhookSettings();
  const update = useUpdateWebhook();
  const toast = useToast();
  const navigate = useNavigate();

  // The title says "Add" or "Change": wait for the settings rather than flicker.
  if (settings.isPending) return <Loading />;

  return (
    <DeveloperPage
      title={settings.data?.webhook ? 'Change webhook' : 'Add webhook'}
      lead="Where should we send verification results? Your endpoint must answer with a 2xx status within 15 seconds."
    >
      <Card>
        <UrlForm
          label="Webhook URL"
          name="webhook"
          initialValue={settings.data?.webhook ?? ''}
          placeholder="https://api.example.com/kyc-webhook"
          hint="An http:// or https:// URL on a public address. Requests are signed with your signing secret."
          submitLabel="Save webhook"
          cancelTo={paths.developer.webhooks}
          isPending={update.isPending}
          validate={(value) => validateHttpUrl(value)}
          onSubmit={async (webhook) => {
            await update.mutateAsync({ webhook });
            toast.success(WEBHOOK_SAVED);
            navigate(paths.developer.webhooks);
          }}
        />
      </Card>
    </DeveloperPage>
  );
}
