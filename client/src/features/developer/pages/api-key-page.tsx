import { useState } from 'react';
import { Link } from 'react-router-dom';

import { getErrorMessage, isApiError } from '../../../api/client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useApiKey } from '../api/get-api-key';
import { useRegenerateApiKey } from '../api/regenerate-api-key';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DeveloperPage } from '../components/developer-page';
import { RefreshIcon } from '../components/icons';
import { SecretField } from '../components/secret-field';

export const API_KEY_MESSAGES = {
  copied: 'Copied API Key to clipboard',
  regenerated: 'Successfully re-generated API key',
  loadFailed: 'Failed to get API key',
  demo: 'API keys are not available for demo accounts. Create a free account to integrate.',
} as const;

function DemoNotice() {
  return (
    <Alert variant="info" title="No API key for demo accounts">
      <p>{API_KEY_MESSAGES.demo}</p>
    </Alert>
  );
}

export function ApiKeyPage() {
  const { user } = useAuth();
  const isDemo = user?.isDemo ?? false;
  const toast = useToast();
  // Only once we know who this is: a demo account never asks (the server would refuse).
  const apiKey = useApiKey({ enabled: user !== null && !isDemo });
  const regenerate = useRegenerateApiKey();
  const [confirming, setConfirming] = useState(false);

  const onRegenerate = () => {
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(API_KEY_MESSAGES.regenerated);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(getErrorMessage(error));
      },
    });
  };

  // A demo account the server knows better about than our cached user.
  const refusedAsDemo = isApiError(apiKey.error) && apiKey.error.status === 403;

  let content;
  if (isDemo || refusedAsDemo) {
    content = <DemoNotice />;
  } else if (apiKey.isPending) {
    content = <Loading message="Loading your API key..." />;
  } else if (apiKey.isError) {
    content = (
      <Alert variant="danger" title={API_KEY_MESSAGES.loadFailed}>
        <p>{getErrorMessage(apiKey.error)}</p>
      </Alert>
    );
  } else {
    content = <SecretField label="Secret key" value={apiKey.data.apiKey} noun="API key" copyMessage={API_KEY_MESSAGES.copied} />;
  }

  const canRegenerate = !isDemo && !refusedAsDemo && !apiKey.isPending;

  return (
    <DeveloperPage
      title="API Key"
      lead="Your secret key authenticates your servers with the API. Send it as a bearer token; never put it in a browser or mobile app."
    >
      <Card
        title="Secret API key"
        description={
          <>
            Use it as <code>Authorization: Bearer &lt;key&gt;</code>. See the <Link to={paths.developer.root}>documentation</Link> for examples.
          </>
        }
        footer={
          canRegenerate ? (
            <>
              <p className="dev-card-footer-note">The current key stops working the moment you regenerate.</p>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                <RefreshIcon />
                Regenerate key
              </Button>
            </>
          ) : undefined
        }
      >
        {content}
      </Card>

      <Card title="Keep it safe">
        <ul className="dev-list">
          <li>Store the key in your server's secret store or environment, not in source control.</li>
          <li>Anyone with the key can act as your account through the API: regenerate it if it leaks.</li>
          <li>The key identifies your account; the organization's public companyKey is what goes into verification links.</li>
        </ul>
      </Card>

      <ConfirmDialog
        open={confirming}
        title="Regenerate API key?"
        confirmLabel="Regenerate key"
        isPending={regenerate.isPending}
        onConfirm={onRegenerate}
        onClose={() => setConfirming(false)}
      >
        <p>
          A new key is created and <strong>the current key stops working immediately</strong>. Every server or script still using it will get 401 Unauthorized
          until you give it the new key.
        </p>
      </ConfirmDialog>
    </DeveloperPage>
  );
}
