import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { urlOf } from '../../api/endpoints';
import { usersImage } from '../../api/sdk';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { UpdateProfilePage } from './update-profile-page';

const PATH = '/dashboard/user/me/update';

function imageFile(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('<UpdateProfilePage>', { timeout: 20_000 }, () => {
  it('refuses a picture over 5 MB before uploading anything', async () => {
    const { user, callsTo } = renderRoute(<UpdateProfilePage />, { path: PATH });
    const input = document.getElementById('profile-picture-file') as HTMLInputElement;
    await user.upload(input, imageFile('big.png', 'image/png', 5 * 1024 * 1024 + 1));

    expect(await screen.findByRole('alert')).toHaveTextContent('Uploaded file is too large! Max file size is: 5MB');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(callsTo('usersUpdate')).toHaveLength(0);
  });

  it('refuses a file that is not JPEG, PNG or WebP', async () => {
    renderRoute(<UpdateProfilePage />, { path: PATH });
    const input = document.getElementById('profile-picture-file') as HTMLInputElement;
    // userEvent honours `accept`; a browser's "All files" choice does not.
    fireEvent.change(input, { target: { files: [imageFile('anim.gif', 'image/gif', 10)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Uploaded file must be a JPEG, PNG or WebP image');
  });

  it('previews and uploads a picture as a data URL, then toasts', async () => {
    const { user, router, callsTo } = renderRoute(<UpdateProfilePage />, {
      path: PATH,
      api: { usersUpdate: { body: buildUser() } },
    });
    const input = document.getElementById('profile-picture-file') as HTMLInputElement;
    await user.upload(input, imageFile('me.png', 'image/png', 64));

    expect(await screen.findByText('Selected: me.png')).toBeInTheDocument();
    const preview = document.querySelector('img.avatar-large');
    expect(preview?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Successfully updated user details!')).toBeInTheDocument();
    const [put] = callsTo('usersUpdate');
    expect(put.body).toEqual({ image: { hasImage: true, data: expect.stringMatching(/^data:image\/png;base64,/) } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/me'));
  });

  it('sends a changed username only, and checks its form', async () => {
    const { user, callsTo } = renderRoute(<UpdateProfilePage />, {
      path: PATH,
      api: { usersUpdate: { body: buildUser() } },
    });
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.type(username, 'a!');
    expect(screen.getByText('This field is invalid')).toBeInTheDocument();
    await user.clear(username);
    await user.type(username, 'alice.new');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Successfully updated user details!');
    expect(callsTo('usersUpdate')[0].body).toEqual({ username: 'alice.new' });
  });

  it("locks the username of a demo user with 'Disabled in demo'", () => {
    renderRoute(<UpdateProfilePage />, { path: PATH, me: buildUser({ isDemo: true }) });
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByText('Disabled in demo')).toBeInTheDocument();
  });

  it('removes an uploaded picture with hasImage false', async () => {
    const { user, callsTo } = renderRoute(<UpdateProfilePage />, {
      path: PATH,
      me: buildUser({ image: { url: urlOf(usersImage, { path: { id: '1' } }), hasImage: true } }),
      api: { usersUpdate: { body: buildUser() } },
    });
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Successfully updated user details!');
    expect(callsTo('usersUpdate')[0].body).toEqual({ image: { hasImage: false } });
  });
});
