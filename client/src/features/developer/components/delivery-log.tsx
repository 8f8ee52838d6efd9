import { Fragment, useState } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { WebhookEventDto } from '../../../api/generated/types.gen';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-context';
import { DEFAULT_DATA_PAGE_SIZE } from '../../../config/constants';
import { useWebhookEvents } from '../api/get-webhook-events';
import { useRedeliverWebhookEvent } from '../api/redeliver-webhook-event';
import { formatDateTime, formatRelativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { DeliveryAttempts } from './delivery-attempts';
import { EventStatusBadge, ResponseCode } from './event-status-badge';
import { ChevronIcon, RefreshIcon } from './icons';

import './delivery-log.css';

export const DELIVERY_LOG_EMPTY = 'No events yet. Send a test event to see your first delivery here.';

const COLUMNS = ['Event', 'Status', 'Attempts', 'Last response', 'Next retry', 'Created'] as const;

export function redeliveryToast(event: WebhookEventDto): { ok: boolean; message: string } {
  if (event.status === 'delivered') {
    return { ok: true, message: `Event redelivered: your endpoint answered ${event.lastResponseCode}` };
  }
  return { ok: false, message: `Redelivery failed: ${event.lastError ?? 'no answer from your endpoint'}` };
}

export function DeliveryLog() {
  const toast = useToast();
  const tick = useNow(15_000);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_DATA_PAGE_SIZE);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const events = useWebhookEvents({ page, pageSize });
  const redeliver = useRedeliverWebhookEvent();

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const onRedeliver = (event: WebhookEventDto) => {
    redeliver.mutate(event.id, {
      onSuccess: (result) => {
        const { ok, message } = redeliveryToast(result);
        if (ok) toast.success(message);
        else toast.error(message);
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  };

  if (events.isPending) return <Loading message="Loading deliveries..." />;
  if (events.isError) return <Loading error={events.error} />;

  const { items, meta } = events.data;
  // Relative times count from the later of the clock tick and the moment this data arrived.
  const now = Math.max(tick, events.dataUpdatedAt);

  return (
    <div className="delivery-log">
      <div className="delivery-log-toolbar">
        <p className="dev-muted delivery-log-summary">
          {items.length === 0 ? 'Newest first' : `Page ${meta.page} of ${Math.max(meta.totalPages, 1)}, newest first`}
        </p>
        <Button
          variant="outline"
          onClick={() => void events.refetch()}
          isLoading={events.isFetching && !events.isPlaceholderData}
          aria-label="Refresh delivery log"
        >
          {!(events.isFetching && !events.isPlaceholderData) && <RefreshIcon />}
          <span className="delivery-log-refresh-text">Refresh</span>
        </Button>
      </div>
      <div className="delivery-log-wrapper">
        <table className={['delivery-log-table', events.isPlaceholderData ? 'delivery-log-fetching' : ''].filter(Boolean).join(' ')}>
          <caption className="visually-hidden">Webhook delivery log</caption>
          <thead>
            <tr>
              <th scope="col" className="delivery-log-expander-cell">
                <span className="visually-hidden">Details</span>
              </th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td className="delivery-log-empty" colSpan={COLUMNS.length + 2}>
                  {DELIVERY_LOG_EMPTY}
                </td>
              </tr>
            ) : (
              items.map((event) => {
                const open = expanded.has(event.id);
                const detailsId = `delivery-details-${event.id}`;
                const isRedelivering = redeliver.isPending && redeliver.variables === event.id;
                return (
                  <Fragment key={event.id}>
                    <tr className="delivery-log-row" data-testid="delivery-log-row" data-event-id={event.id}>
                      <td className="delivery-log-expander-cell">
                        <button
                          type="button"
                          className="delivery-log-expander"
                          aria-expanded={open}
                          aria-controls={open ? detailsId : undefined}
                          aria-label={`${open ? 'Hide' : 'Show'} attempts of ${event.type}`}
                          onClick={() => toggle(event.id)}
                        >
                          <ChevronIcon open={open} />
                        </button>
                      </td>
                      <td data-label="Event">
                        <code className="delivery-log-type">{event.type}</code>
                        {event.applicantUserId && <span className="delivery-log-subject">userId {event.applicantUserId}</span>}
                      </td>
                      <td data-label="Status">
                        <EventStatusBadge event={event} />
                      </td>
                      <td data-label="Attempts" className="delivery-log-number" data-testid="event-attempts">
                        {event.attempts}
                      </td>
                      <td data-label="Last response">
                        {event.attempts === 0 ? <span className="dev-muted">—</span> : <ResponseCode code={event.lastResponseCode} error={event.lastError} />}
                      </td>
                      <td data-label="Next retry">
                        {event.nextAttemptAt ? (
                          <time dateTime={event.nextAttemptAt} title={formatDateTime(event.nextAttemptAt)}>
                            {formatRelativeTime(event.nextAttemptAt, now)}
                          </time>
                        ) : (
                          <span className="dev-muted">—</span>
                        )}
                      </td>
                      <td data-label="Created">
                        <time dateTime={event.createdAt} title={formatDateTime(event.createdAt)}>
                          {formatRelativeTime(event.createdAt, now)}
                        </time>
                      </td>
                      <td className="delivery-log-actions">
                        <Button
                          variant="outline"
                          onClick={() => onRedeliver(event)}
                          isLoading={isRedelivering}
                          disabled={redeliver.isPending && !isRedelivering}
                          aria-label={`Redeliver ${event.type} event from ${formatDateTime(event.createdAt)}`}
                        >
                          Redeliver
                        </Button>
                      </td>
                    </tr>
                    {open && (
                      <tr className="delivery-log-details" id={detailsId}>
                        <td colSpan={COLUMNS.length + 2}>
                          <DeliveryAttempts event={event} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {meta.totalPages > 1 || pageSize !== DEFAULT_DATA_PAGE_SIZE ? (
        <Pager
          page={page}
          totalPages={meta.totalPages}
          pageSize={pageSize}
          hasPreviousPage={meta.hasPreviousPage}
          hasNextPage={meta.hasNextPage}
          disabled={events.isPlaceholderData}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      ) : null}
    </div>
  );
}
