import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { AppProviders } from '../../../app/providers';
import { KycPage } from '../kyc-page';

/** The specification's public link for customer-1 of Acme Bank. */
export const COMPANY_KEY_PAGE = '/kyc?companyKey=pk_acme&userId=customer-1';

/** Renders /kyc at `path` in a fresh app (no retries: every answer shows at once). */
export function renderKyc(path = COMPANY_KEY_PAGE) {
  const router = createMemoryRouter([{ path: '/kyc', element: <KycPage /> }], { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

const photo = (name: string) => new File(['pixels'], name, { type: 'image/png' });

/** Chooses the file for the photo input labelled `label` and confirms it. */
export async function uploadPhoto(user: ReturnType<typeof userEvent.setup>, label: RegExp, name: string) {
  await user.upload(await screen.findByLabelText(label), photo(name));
  await user.click(await screen.findByRole('button', { name: 'Use this photo' }));
}

/** The selfie step's two photos: facing the camera, then the head turned (the session asks for the left). */
export async function takeSelfies(user: ReturnType<typeof userEvent.setup>, turn: 'left' | 'right' = 'left') {
  await uploadPhoto(user, /Upload a photo of your face$/, 'selfie.png');
  await screen.findByRole('heading', { name: `Now turn your head to your ${turn}` });
  await uploadPhoto(user, new RegExp(`Upload a photo of your face turned to your ${turn}`), 'turned.png');
}

/** What the page says, for assertions that nothing about the applicant shows. */
export function pageText(): string {
  return document.body.textContent ?? '';
}
