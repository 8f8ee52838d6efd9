import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { WebhookEventPageDto } from '../../../api/generated/types.gen';
import type { ApiHandler } from '../../../testing/mock-api';
import { renderPage } from '../testing/render-page';
import { buildDelivery, buildWebhookEvent, page } from '../testing/webhook-events';
import { DeliveryLog } from './delivery-log';

const PATH = '/dashboard/user/me/developer/webhooks';

/** Answers the first page, 10 per page as the log asks for it. */
function events(first: () => WebhookEventPageDto): ApiHandler<'webhooksListEvents'> {
  return ({ query }) => (query.page === '1' && query.pageSize === '10' ? { body: first() } : undefined);
}

const delivered = buildWebhookEvent();
const pending = buildWebhookEvent({
  id: '7e57e57e-0000-4000-8000-000000000002',
  type: 'applicant.decided',
  status: 'pending',
  attempts: 2,
  lastResponseCode: 503,
  lastError: 'The receiver answered 503',
  nextAttemptAt: new Date(Date.now() + 5 * 60_000 + 20_000).toISOString(),
  applicantUserId: 'customer-42',
});
const failed = buildWebhookEvent({
  id: '7e57e57e-0000-4000-8000-000000000003',
  type: 'applicant.reset',
  status: 'failed',
  attempts: 8,
  lastResponseCode: null,
  lastError: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9',
});

function rowOf(type: string) {
  const row = screen.getAllByTestId('delivery-log-row').find((candidate) => within(candidate).queryByText(type) !== null);
  if (!row) throw new Error(`no row for ${type}`);
  return row;
}

describe('<DeliveryLog>', () => {
  it('lists events with type, status badge, attempts, last response code, next retry and age', async () => {
    renderPage(<DeliveryLog />, {
      path: PATH,
      api: { webhooksListEvents: events(() => page([pending, delivered, failed])) },
    });

    await screen.findAllByTestId('delivery-log-row');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Details',
      'Event',
      'Status',
      'Attempts',
      'Last response',
      'Next retry',
      'Created',
      'Actions',
    ]);

    const pendingRow = rowOf('applicant.decided');
    // Two attempts failed: failed, and retrying — never merely 'Pending'.
    expect(within(pendingRow).getByText('Failed · retrying')).toBeInTheDocument();
    expect(within(pendingRow).getByText('userId customer-42')).toBeInTheDocument();
    expect(within(pendingRow).getByTestId('event-attempts')).toHaveTextContent('2');
    expect(within(pendingRow).getByText('503')).toBeInTheDocument();
    expect(within(pendingRow).getByText('in 5 minutes')).toBeInTheDocument();

    const deliveredRow = rowOf('webhook.test');
    expect(within(deliveredRow).getByText('Delivered')).toBeInTheDocument();
    expect(within(deliveredRow).getByText('200')).toBeInTheDocument();
    expect(within(deliveredRow).getByText('3 minutes ago')).toBeInTheDocument();

    const failedRow = rowOf('applicant.reset');
    expect(within(failedRow).getByText('Failed')).toBeInTheDocument();
    expect(within(failedRow).getByText('Connection refused')).toHaveAttribute('title', 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9');
    expect(within(failedRow).getByTestId('event-attempts')).toHaveTextContent('8');
  });

  it('says so when there are no events yet', async () => {
    renderPage(<DeliveryLog />, {
      path: PATH,
      api: { webhooksListEvents: events(() => page([])) },
    });
    expect(await screen.findByText('No events yet. Send a test event to see your first delivery here.')).toBeInTheDocument();
  });

  it('expands a row into its attempts and the payload sent', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderPage(<DeliveryLog />, {
      path: PATH,
      api: {
        webhooksListEvents: events(() => page([pending])),
        webhooksListDeliveries: ({ path }) =>
          path.id === pending.id
            ? {
                body: [
                  buildDelivery({ attempt: 1, responseCode: null, error: 'No answer within 15 seconds', durationMs: 15001 }),
                  buildDelivery({ id: 'a0000000-0000-4000-8000-000000000002', attempt: 2, responseCode: 503, error: 'The receiver answered 503' }),
                ],
              }
            : undefined,
      },
    });

    const toggle = await screen.findByRole('button', { name: 'Show attempts of applicant.decided' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(callsTo('webhooksListDeliveries')).toHaveLength(0);

    await user.click(toggle);

    const attempts = await screen.findAllByTestId('delivery-attempt');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toHaveTextContent('#1');
    expect(attempts[0]).toHaveTextContent('No answer within 15 seconds');
    expect(attempts[1]).toHaveTextContent('#2');
    expect(attempts[1]).toHaveTextContent('503');
    expect(screen.getByText(/"type": "webhook.test"/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide attempts of applicant.decided' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('redelivers an event and refreshes the log', async () => {
    const user = userEvent.setup();
    let redelivered = false;
    const { callsTo } = renderPage(<DeliveryLog />, {
      path: PATH,
      api: {
        webhooksListEvents: events(() => page([redelivered ? { ...failed, status: 'delivered', attempts: 9, lastResponseCode: 200 } : failed])),
        webhooksRedeliver: () => {
          redelivered = true;
          return { body: { ...failed, status: 'delivered', attempts: 9, lastResponseCode: 200, lastError: null } };
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: /^Redeliver applicant\.reset event/ }));

    expect(await screen.findByText('Event redelivered: your endpoint answered 200')).toBeInTheDocument();
    expect(callsTo('webhooksRedeliver').map((call) => call.path)).toEqual([{ id: failed.id }]);
    await waitFor(() => expect(within(rowOf('applicant.reset')).getByTestId('event-attempts')).toHaveTextContent('9'));
    expect(within(rowOf('applicant.reset')).getByText('Delivered')).toBeInTheDocument();
  });

  it('tells when a redelivery failed', async () => {
    const user = userEvent.setup();
    renderPage(<DeliveryLog />, {
      path: PATH,
      api: {
        webhooksListEvents: events(() => page([failed])),
        webhooksRedeliver: ({ path }) =>
          path.id === failed.id
            ? { body: { ...failed, status: 'pending', attempts: 9, lastResponseCode: 500, lastError: 'The receiver answered 500' } }
            : undefined,
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Redeliver/ }));
    expect(await screen.findByText('Redelivery failed: The receiver answered 500')).toBeInTheDocument();
  });

  it('pages through the log', async () => {
    const user = userEvent.setup();
    const second = buildWebhookEvent({ id: '7e57e57e-0000-4000-8000-000000000009', type: 'applicant.submitted' });
    renderPage(<DeliveryLog />, {
      path: PATH,
      api: {
        webhooksListEvents: ({ query }) =>
          query.pageSize !== '10'
            ? undefined
            : query.page === '1'
              ? { body: page([delivered], { page: 1, totalPages: 2 }) }
              : query.page === '2'
                ? { body: page([second], { page: 2, totalPages: 2 }) }
                : undefined,
      },
    });

    await screen.findByText('webhook.test');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('applicant.submitted')).toBeInTheDocument();
    expect(screen.queryByText('webhook.test')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});
