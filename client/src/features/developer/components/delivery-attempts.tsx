import type { WebhookEventDto } from '../../../api/generated/types.gen';
import { CopyButton } from '../../../components/ui/copy-button';
import { Loading } from '../../../components/ui/loading';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { formatDateTime } from '../../../lib/relative-time';
import { ResponseCode } from './event-status-badge';

function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** The expanded part of a delivery-log row: every attempt, then the exact body sent. */
export function DeliveryAttempts({ event }: { event: WebhookEventDto }) {
  const deliveries = useWebhookDeliveries(event.id);

  return (
    <div className="delivery-attempts">
      <div className="delivery-attempts-section">
        <h3 className="delivery-attempts-title">Attempts</h3>
        {deliveries.isPending ? (
          <Loading message="Loading attempts..." />
        ) : deliveries.isError ? (
          <Loading error={deliveries.error} />
        ) : deliveries.data.length === 0 ? (
          <p className="dev-muted">No attempt has been made yet.</p>
        ) : (
          <ol className="delivery-attempts-list" aria-label={`Attempts of ${event.type}`}>
            {deliveries.data.map((delivery) => (
              <li key={delivery.id} className="delivery-attempt" data-testid="delivery-attempt">
                <span className="delivery-attempt-number">#{delivery.attempt}</span>
                <ResponseCode code={delivery.responseCode} error={delivery.error} />
                <span className="delivery-attempt-duration">{delivery.durationMs} ms</span>
                <time className="delivery-attempt-time" dateTime={delivery.createdAt}>
                  {formatDateTime(delivery.createdAt)}
                </time>
                {delivery.error && <span className="delivery-attempt-error">{delivery.error}</span>}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="delivery-attempts-section">
        <div className="delivery-attempts-heading">
          <h3 className="delivery-attempts-title">Payload</h3>
          <span className="delivery-attempts-id">
            webhook-id <code>{event.id}</code>
          </span>
        </div>
        <div className="delivery-payload">
          <pre>
            <code>{prettyPayload(event.payload)}</code>
          </pre>
          <CopyButton text={event.payload} label="Copy payload" iconOnly className="delivery-payload-copy" />
        </div>
      </div>
    </div>
  );
}
