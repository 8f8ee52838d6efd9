import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderPage } from '../testing/render-page';
import { buildDelivery, buildWebhookEvent, page } from '../testing/webhook-events';
import { DeliveryLog } from './delivery-log';

const PATH = '/dashboard/user/me/developer/webhooks';
const EVENTS_URL = '/api/webhooks/events?page=1&pageSize=10';

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
  const row = screen
    .getAllByTestId('delivery-log-row')
    .find((candidate) => within(candidate).queryByText(type) !== null);
  if (!row) throw new Error(`no row for ${type}`);
  return row;
}

describe('<DeliveryLog>', () => {
  it('lists events with type, status badge, attempts, last response code, next retry and age', async () => {
    renderPage(<DeliveryLog />, {
      path: PATH,
      api: (method, url) => (method === 'GET' && url === EVENTS_URL ? { body: page([pending, delivered, failed]) } : undefined),
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
    expect(within(pendingRow).getByText('Pending')).toBeInTheDocument();
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
    expect(within(failedRow).getByText('No response')).toBeInTheDocument();
    expect(within(failedRow).getByTestId('event-attempts')).toHaveTextContent('8');
  });

  it('says so when there are no events yet', async () => {
    renderPage(<DeliveryLog />, {
      path: PATH,
      api: (method, url) => (method === 'GET' && url === EVENTS_URL ? { body: page([]) } : undefined),
    });
    expect(
      await screen.findByText('No events yet. Send a test event to see your first delivery here.'),
    ).toBeInTheDocument();
  });

  it('expands a row into its attempts and the payload sent', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(<DeliveryLog />, {
      path: PATH,
      api: (method, url) => {
        if (method === 'GET' && url === EVENTS_URL) return { body: page([pending]) };
        if (method === 'GET' && url === `/api/webhooks/events/${pending.id}/deliveries`) {
          return {
            body: [
              buildDelivery({ attempt: 1, responseCode: null, error: 'No answer within 15 seconds', durationMs: 15001 }),
              buildDelivery({ id: 'a0000000-0000-4000-8000-000000000002', attempt: 2, responseCode: 503, error: 'The receiver answered 503' }),
            ],
          };
        }
        return undefined;
      },
    });

    const toggle = await screen.findByRole('button', { name: 'Show attempts of applicant.decided' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls('GET', `/api/webhooks/events/${pending.id}/deliveries`)).toHaveLength(0);

    await user.click(toggle);

    const attempts = await screen.findAllByTestId('delivery-attempt');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toHaveTextContent('#1');
    expect(attempts[0]).toHaveTextContent('No answer within 15 seconds');
    expect(attempts[1]).toHaveTextContent('#2');
    expect(attempts[1]).toHaveTextContent('503');
    expect(screen.getByText(/"type": "webhook.test"/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide attempts of applicant.decided' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('redelivers an event and refreshes the log', async () => {
    const user = userEvent.setup();
    let redelivered = false;
    const { calls } = renderPage(<DeliveryLog />, {
      path: PATH,
      api: (method, url) => {
        if (method === 'GET' && url === EVENTS_URL) {
          return { body: page([redelivered ? { ...failed, status: 'delivered', attempts: 9, lastResponseCode: 200 } : failed]) };
        }
        if (method === 'POST' && url === `/api/webhooks/events/${failed.id}/redeliver`) {
          redelivered = true;
          return { body: { ...failed, status: 'delivered', attempts: 9, lastResponseCode: 200, lastError: null } };
        }
        return undefined;
      },
    });

    await user.click(await screen.findByRole('button', { name: /^Redeliver applicant\.reset event/ }));

    expect(await screen.findByText('Event redelivered: your endpoint answered 200')).toBeInTheDocument();
    expect(calls('POST', `/api/webhooks/events/${failed.id}/redeliver`)).toHaveLength(1);
    await waitFor(() => expect(within(rowOf('applicant.reset')).getByTestId('event-attempts')).toHaveTextContent('9'));
    expect(within(rowOf('applicant.reset')).getByText('Delivered')).toBeInTheDocument();
  });

  it('tells when a redelivery failed', async () => {
    const user = userEvent.setup();
    renderPage(<DeliveryLog />, {
      path: PATH,
      api: (method, url) => {
        if (method === 'GET' && url === EVENTS_URL) return { body: page([failed]) };
        if (method === 'POST' && url === `/api/webhooks/events/${failed.id}/redeliver`) {
          return { body: { ...failed, status: 'pending', attempts: 9, lastResponseCode: 500, lastError: 'The receiver answered 500' } };
        }
        return undefined;
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
      api: (method, url) => {
        if (method === 'GET' && url === EVENTS_URL) return { body: page([delivered], { page: 1, totalPages: 2 }) };
        if (method === 'GET' && url === '/api/webhooks/events?page=2&pageSize=10') {
          return { body: page([second], { page: 2, totalPages: 2 }) };
        }
        return undefined;
      },
    });

    await screen.findByText('webhook.test');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('applicant.submitted')).toBeInTheDocument();
    expect(screen.queryByText('webhook.test')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});
