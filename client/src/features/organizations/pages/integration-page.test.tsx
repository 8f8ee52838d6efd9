import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { OrganizationDetailsDto } from '../../../api/generated/types.gen';
import { apiError, mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { SESSION_DOCS_LINK } from '../components/verification-links-panel';
import { ORIGIN_INVALID } from '../lib/redirect-origins';
import { buildOrganizationDetails, ORGANIZATION_ID } from '../../../testing/organization-id';
import { IntegrationPage, verificationLink } from './integration-page';

const ROUTE = '/dashboard/:organizationId/integration';
const PAGE = `/dashboard/${ORGANIZATION_ID}/integration`;

function serve(organization: Partial<OrganizationDetailsDto> = {}, user = buildUser({ id: 'u-42' })) {
  return mockApi({
    usersMe: { body: user },
    organizationsGet: ({ path }) => (path.id === ORGANIZATION_ID ? { body: buildOrganizationDetails(organization) } : undefined),
    organizationsSetVerificationSettings: ({ body }) => ({
      // The server keeps each address's origin only.
      body: { allowCompanyKeyLinks: body!.allowCompanyKeyLinks, redirectAllowList: body!.redirectAllowList.map((url) => new URL(url).origin) },
    }),
  });
}

async function settingsForm() {
  return screen.findByRole('form', { name: 'Verification link settings' });
}

describe('integration', () => {
  it('builds the /kyc link from the company key and a user id', () => {
    expect(verificationLink('https://kyc.example.com', 'pk_abc', 'user 1')).toBe('https://kyc.example.com/kyc?companyKey=pk_abc&userId=user+1');
  });

  it('shows the company key and a ready verification link for the signed-in user', async () => {
    serve({ companyKey: 'pk_live123' });
    renderPage(<IntegrationPage />, ROUTE, PAGE);
    expect(await screen.findByLabelText('Company key')).toHaveValue('pk_live123');
    expect(await screen.findByLabelText('Ready link')).toHaveValue(`${window.location.origin}/kyc?companyKey=pk_live123&userId=u-42`);
    expect(screen.getByRole('button', { name: 'Copy company key' })).toBeInTheDocument();
  });
});

describe('integration: verification links', () => {
  it('recommends links created by the server, with the call and a link to the documentation', async () => {
    serve();
    renderPage(<IntegrationPage />, ROUTE, PAGE);
    const panel = await screen.findByRole('region', { name: 'Verification links' });
    expect(within(panel).getByText('Recommended')).toBeInTheDocument();
    const example = within(panel).getByTestId('session-example');
    expect(example).toHaveTextContent('POST /api/kyc/sessions');
    expect(example).toHaveTextContent(`"organizationId":"${ORGANIZATION_ID}"`);
    expect(example).toHaveTextContent(`${window.location.origin}/kyc?session=`);
    expect(example).toHaveTextContent('DELETE /api/kyc/sessions/{sessionId}');
    expect(within(panel).getByRole('link', { name: /developer documentation/ })).toHaveAttribute('href', SESSION_DOCS_LINK);
  });

  it('shows the stored settings and saves them for the owner', async () => {
    const user = userEvent.setup();
    const api = serve({ verificationSettings: { allowCompanyKeyLinks: true, redirectAllowList: ['https://shop.example.com'] } });
    renderPage(<IntegrationPage />, ROUTE, PAGE);
    const form = await settingsForm();
    const toggle = within(form).getByRole('checkbox', { name: 'Allow public companyKey links' });
    const origins = within(form).getByLabelText('Allowed redirect origins');
    expect(toggle).toBeChecked();
    expect(origins).toHaveValue('https://shop.example.com');

    await user.click(toggle);
    await user.clear(origins);
    await user.type(origins, 'https://shop.example.com/thanks{Enter}{Enter}  http://localhost:8080/done  ');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Saved the verification link settings')).toBeInTheDocument();
    expect(api.callsTo('organizationsSetVerificationSettings')).toHaveLength(1);
    const [call] = api.callsTo('organizationsSetVerificationSettings');
    expect(call.path).toEqual({ id: ORGANIZATION_ID });
    expect(call.body).toEqual({
      allowCompanyKeyLinks: false,
      redirectAllowList: ['https://shop.example.com/thanks', 'http://localhost:8080/done'],
    });
    // The form shows what the server stored: origins.
    expect(await within(await settingsForm()).findByLabelText('Allowed redirect origins')).toHaveValue('https://shop.example.com\nhttp://localhost:8080');
    expect(within(await settingsForm()).getByRole('checkbox', { name: 'Allow public companyKey links' })).not.toBeChecked();
    // The companyKey link says it is now refused.
    expect(screen.getByText('Public companyKey links are turned off')).toBeInTheDocument();
  });

  it('tunes the photo quality the verification page asks for', async () => {
    const user = userEvent.setup();
    const photoQuality = { enforce: true, minSharpness: 120, maxGlare: 0.04, minBrightness: 60, minShortSide: 500 };
    const api = serve({ verificationSettings: { allowCompanyKeyLinks: true, redirectAllowList: [], photoQuality } });
    renderPage(<IntegrationPage />, ROUTE, PAGE);
    const form = await settingsForm();
    const glare = within(form).getByLabelText('Most glare (%)');
    expect(glare).toHaveValue(4);
    await user.clear(glare);
    await user.type(glare, '10');
    await user.click(within(form).getByRole('checkbox', { name: /Refuse document photos/ }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved the verification link settings')).toBeInTheDocument();
    expect(api.callsTo('organizationsSetVerificationSettings')[0].body?.photoQuality).toEqual({ ...photoQuality, enforce: false, maxGlare: 0.1 });
  });

  it('checks the origins before saving', async () => {
    const user = userEvent.setup();
    const api = serve();
    renderPage(<IntegrationPage />, ROUTE, PAGE);
    const form = await settingsForm();
    await user.type(within(form).getByLabelText('Allowed redirect origins'), 'shop.example.com');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(within(form).getByText(ORIGIN_INVALID)).toBeInTheDocument();
    expect(within(form).getByLabelText('Allowed redirect origins')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('organizationsSetVerificationSettings')).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    const api = serve();
    api.answer({
      organizationsSetVerificationSettings: apiError(400, 'VALIDATION_FAILED', ['each redirect origin must be an http(s) URL']),
    });
    renderPage(<IntegrationPage />, ROUTE, PAGE);
    const form = await settingsForm();
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('each redirect origin must be an http(s) URL')).toBeInTheDocument();
  });

  it('is read-only for a member', async () => {
    const api = serve({ role: 'member', verificationSettings: { allowCompanyKeyLinks: false, redirectAllowList: ['https://shop.example.com'] } });
    renderPage(<IntegrationPage />, ROUTE, PAGE);
    const form = await settingsForm();
    expect(within(form).getByText('Only the owner of the organization can change these settings.')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Allow public companyKey links' })).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: 'Allow public companyKey links' })).not.toBeChecked();
    expect(within(form).getByLabelText('Allowed redirect origins')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Allowed redirect origins')).toHaveValue('https://shop.example.com');
    expect(within(form).queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(api.callsTo('organizationsSetVerificationSettings')).toEqual([]);
  });

  it('may be changed by a super-admin who is not a member', async () => {
    serve({ role: 'super-admin' }, buildUser({ id: 'u-1', role: 'super-admin' }));
    renderPage(<IntegrationPage />, ROUTE, PAGE);
    const form = await settingsForm();
    expect(within(form).getByRole('button', { name: 'Save settings' })).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Allow public companyKey links' })).toBeEnabled();
  });
});
