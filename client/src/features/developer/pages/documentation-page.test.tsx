import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { API_REFERENCE_PATH } from '../../../api/endpoints';
import { renderPage } from '../testing/render-page';
import { DocumentationPage } from './documentation-page';

const PATH = '/dashboard/user/me/developer';

function example(id: string): HTMLElement {
  const figure = document.querySelector<HTMLElement>(`[data-example="${id}"]`);
  if (!figure) throw new Error(`no example ${id}`);
  return figure;
}

describe('Documentation page', () => {
  it('has a curl example, on this origin, for every integrator call', async () => {
    renderPage(<DocumentationPage />, { path: PATH });
    await screen.findByRole('heading', { name: 'Documentation', level: 1 });
    const origin = window.location.origin;

    const expected: Record<string, RegExp> = {
      'users-me': /curl "[^"]+\/api\/users\/me"[\s\\]+-H "Authorization: Bearer \$KYC_API_KEY"/,
      'create-session':
        /curl -X POST "[^"]+\/api\/kyc\/sessions"[\s\\]+-H "Authorization: Bearer \$KYC_API_KEY"[\s\\]+-H "Content-Type: application\/json"[\s\\]+-H "Idempotency-Key: order-1001"[\s\\]+-d '\{"organizationId":"'"\$KYC_ORGANIZATION_ID"'","userId":"customer-42"/,
      'revoke-session': /curl -X DELETE "[^"]+\/api\/kyc\/sessions\/\$KYC_SESSION_ID"[\s\\]+-H "Authorization: Bearer \$KYC_API_KEY"/,
      organizations: /\/api\/projects" /,
      'get-new-token': /\/api\/kyc\/get-new-token\?userId=customer-42"[\s\\]+-H "Authorization: Bearer \$KYC_COMPANY_KEY"/,
      'status-stream': /curl -N "[^"]+\/api\/kyc\/status\?userId=customer-42&companyKey=\$KYC_COMPANY_KEY&token=\$KYC_TOKEN"/,
      'applicants-list': /\/api\/projects\/\$KYC_ORGANIZATION_ID\/applicants\?page=1/,
      'applicant-details': /\/api\/projects\/\$KYC_ORGANIZATION_ID\/applicants\/customer-42"/,
      'erase-applicant': /curl -X DELETE "[^"]+\/api\/projects\/\$KYC_ORGANIZATION_ID\/applicants\/customer-42"[\s\S]+"confirmUserId":"customer-42"/,
      'send-test-event': /curl -X POST "[^"]+\/api\/webhooks\/test"[\s\\]+-H "Authorization: Bearer \$KYC_API_KEY"[\s\\]+-H "Idempotency-Key: test-1001"/,
      'webhook-events': /curl "[^"]+\/api\/webhooks\/events\?page=1&pageSize=25"/,
      'webhook-deliveries': /curl "[^"]+\/api\/webhooks\/events\/\$KYC_EVENT_ID\/deliveries"/,
    };
    for (const [id, pattern] of Object.entries(expected)) {
      const code = example(id).querySelector('code')?.textContent ?? '';
      expect(code).toMatch(pattern);
      expect(code).toContain(`"${origin}/api/`);
    }
    expect(example('verification-link')).toHaveTextContent(`${origin}/kyc?companyKey=$KYC_COMPANY_KEY&userId=customer-42`);
    expect(screen.getByTestId('docs-base-url')).toHaveTextContent(origin);
  });

  it('shows the server-created verification link first, then the public companyKey link', async () => {
    renderPage(<DocumentationPage />, { path: PATH });
    const sessions = await screen.findByRole('heading', { name: 'Create a verification link (recommended)' });
    const companyKey = screen.getByRole('heading', { name: 'Or: the public companyKey link' });
    expect(sessions.compareDocumentPosition(companyKey) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(example('create-session').compareDocumentPosition(example('verification-link')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The answer's url is a /kyc?session=… link on this installation.
    const card = sessions.closest('section')!;
    expect(card).toHaveTextContent(`"url": "${window.location.origin}/kyc?session=…"`);
    expect(within(card).getAllByText('DELETE').length).toBeGreaterThan(0);
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const labels = within(toc)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.indexOf('Verification links')).toBeLessThan(labels.indexOf('companyKey link'));
    expect(within(toc).getByRole('link', { name: 'Verification links' })).toHaveAttribute('href', '#verification-sessions');
  });

  it('shows webhook verification with the standardwebhooks library', async () => {
    renderPage(<DocumentationPage />, { path: PATH });
    await screen.findByRole('heading', { name: 'Verify webhooks in Node.js' });
    const code = example('verify-webhook');
    expect(code).toHaveTextContent("import { Webhook } from 'standardwebhooks';");
    expect(code).toHaveTextContent('webhook.verify(req.body, req.headers)');
    expect(example('install-verifier')).toHaveTextContent('npm install standardwebhooks');
  });

  it('gives every example a copy button that copies it exactly', async () => {
    const user = userEvent.setup();
    renderPage(<DocumentationPage />, { path: PATH });
    await screen.findByRole('heading', { name: 'Documentation', level: 1 });

    const figures = [...document.querySelectorAll<HTMLElement>('figure.code-block')];
    expect(figures.length).toBeGreaterThanOrEqual(15);
    for (const figure of figures) {
      expect(within(figure).getByRole('button', { name: /^Copy / })).toBeInTheDocument();
    }

    const usersMe = example('users-me');
    await user.click(within(usersMe).getByRole('button', { name: /^Copy / }));
    expect(await navigator.clipboard.readText()).toBe(usersMe.querySelector('code')?.textContent);
  });

  it('links to the OpenAPI reference and the other developer pages', async () => {
    renderPage(<DocumentationPage />, { path: PATH });
    await screen.findByRole('heading', { name: 'Documentation', level: 1 });
    const reference = screen.getAllByRole('link', { name: /OpenAPI/ });
    expect(reference.length).toBeGreaterThan(0);
    for (const link of reference) expect(link).toHaveAttribute('href', API_REFERENCE_PATH);
    expect(screen.getByRole('link', { name: 'secret API key' })).toHaveAttribute('href', '/dashboard/user/me/developer/keys');
  });
});
