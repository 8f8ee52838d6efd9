import { useState } from 'react';
import { Link } from 'react-router-dom';

import { getErrorMessage } from '../../../api/client';
import type { WebhookEventDto, WebhookSettingsDto } from '../../../api/generated/types.gen';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useWebhookSettings } from '../api/get-webhook-settings';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DeliveryLog } from '../components/delivery-log';
import { DeveloperPage } from '../components/developer-page';
import { RefreshIcon, SendIcon } from '../components/icons';
import { SecretField } from '../components/secret-field';

export const WEBHOOK_MESSAGES = {
  secretCopied: 'Copied signing secret to clipboard',
  secretRotated: 'Successfully rotated the webhook signing secret',
  noWebhook: 'No webhook configured',
} as const;

export function testEventToast(event: WebhookEventDto): { ok: boolean; message: string } {
  if (event.status === 'delivered') {
    return { ok: true, message: `Test event delivered: your endpoint answered ${event.lastResponseCode}` };
  }
  return { ok: false, message: `Test event not delivered: ${event.lastError ?? 'no answer from your endpoint'}` };
}

function EndpointCard({ settings }: { settings: WebhookSettingsDto }) {
  const toast = useToast();
  const sendTest = useSendTestWebhook();
  const hasWebhook = settings.webhook !== null;

  const onSendTest = () =>
    sendTest.mutate(undefined, {
      onSuccess: (event) => {
        const { ok, message } = testEventToast(event);
        if (ok) toast.success(message);
        else toast.error(message);
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });

  return (
    <Card
      title="Endpoint"
      description="Signed POST requests about every applicant change go to this URL."
      footer={
        <>
          <ButtonLink to={paths.developer.changeWebhook} variant={hasWebhook ? 'outline' : 'primary'}>
            {hasWebhook ? 'Change webhook' : 'Add webhook'}
          </ButtonLink>
          <Button variant="secondary" onClick={onSendTest} isLoading={sendTest.isPending} disabled={!hasWebhook}>
            {!sendTest.isPending && <SendIcon />}
            Send test event
          </Button>
        </>
      }
    >
      <dl className="dev-setting">
        <dt>Webhook URL</dt>
        <dd>
          {hasWebhook ? (
            <code className="dev-setting-url" data-testid="webhook-url">
              {settings.webhook}
            </code>
          ) : (
            <span className="dev-empty-value" data-testid="webhook-url">
              {WEBHOOK_MESSAGES.noWebhook}
            </span>
          )}
        </dd>
      </dl>
      {!hasWebhook && (
        <p className="dev-hint">Verification links answer with an error until a webhook is configured: add one before sending end users to verification.</p>
      )}
    </Card>
  );
}

function SigningSecretCard({ secret }: { secret: string | null }) {
  const toast = useToast();
  const rotate = useRotateWebhookSecret();
  const [confirming, setConfirming] = useState(false);

  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(WEBHOOK_MESSAGES.secretRotated);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(getErrorMessage(error));
      },
    });

  return (
    <Card
      title="Signing secret"
      description={
        <>
          Verify the <code>webhook-signature</code> header of every request with this secret (Standard Webhooks).{' '}
          <Link to={`${paths.developer.root}#verify-webhooks`}>How to verify</Link>
        </>
      }
      footer={
        secret ? (
          <>
            <p className="dev-card-footer-note">Rotate it if it may have leaked.</p>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <RefreshIcon />
              Rotate secret
            </Button>
          </>
        ) : undefined
      }
    >
      {secret ? (
        <SecretField label="Secret" value={secret} noun="signing secret" copyMessage={WEBHOOK_MESSAGES.secretCopied} />
      ) : (
        <p className="dev-empty-value">A signing secret is created when you save your first webhook URL.</p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Rotate signing secret?"
        confirmLabel="Rotate secret"
        isPending={rotate.isPending}
        onConfirm={onRotate}
        onClose={() => setConfirming(false)}
      >
        <p>
          A new secret is created and <strong>the current secret stops verifying immediately</strong>: every delivery from now on, retries included, is signed
          with the new one. Update your endpoint right after rotating.
        </p>
      </ConfirmDialog>
    </Card>
  );
}

export function WebhooksPage() {
  const settings = useWebhookSettings();

  return (
    <DeveloperPage title="Webhooks" lead="Your server hears about every verification result through signed webhooks, retried until it acknowledges them.">
      {settings.isPending ? (
        <Loading message="Loading webhook settings..." />
      ) : settings.isError ? (
        <Loading error={settings.error} />
      ) : (
        <>
          <EndpointCard settings={settings.data} />
          <SigningSecretCard secret={settings.data.secret} />
        </>
      )}
      <Card
        title="Delivery log"
        description="Every event sent to your endpoint, with each attempt. Failed attempts are retried with backoff for about a day."
        id="delivery-log"
      >
        <DeliveryLog />
      </Card>
    </DeveloperPage>
  );
}
