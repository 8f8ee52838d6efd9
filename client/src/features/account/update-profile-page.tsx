import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { getErrorMessage } from '../../api/client';
import type { UpdateUserDto, UpdateUserImageDto } from '../../api/generated/types.gen';
import { Avatar } from '../../components/avatar';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { IMAGE_TYPES } from '../../config/constants';
import { paths } from '../../config/paths';
import type { CurrentUser } from '../../api/current-user';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { checkField, isUsername, USERNAME_HINT } from '../../lib/validation';
import { useUpdateUser } from './api/update-user';
import { FormActions } from './components/form-actions';
import { DISABLED_IN_DEMO, PROFILE_UPDATED } from './messages';
import { checkImageFile, readAsDataUrl } from './read-image';

import './account.css';
import './update-profile-page.css';

/** A new picture (data URL), the removal of the current one, or no change. */
type PictureChange = { kind: 'none' } | { kind: 'upload'; dataUrl: string; name: string } | { kind: 'remove' };

/** /dashboard/user/me/update — username and picture. */
export function UpdateProfilePage() {
  const { user } = useAuth();
  useDocumentTitle('Edit profile');
  if (!user) return null;
  return <UpdateProfileForm user={user} />;
}

function UpdateProfileForm({ user }: { user: CurrentUser }) {
  const update = useUpdateUser();
  const toast = useToast();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [picture, setPicture] = useState<PictureChange>({ kind: 'none' });
  const [pictureError, setPictureError] = useState<string>();
  const form = useForm({ username: user.username }, (values) => ({
    username: user.isDemo ? undefined : checkField(values.username, isUsername),
  }));

  const usernameChanged = !user.isDemo && form.values.username.trim() !== user.username;
  const hasChanges = usernameChanged || picture.kind !== 'none';
  const previewSrc = picture.kind === 'upload' ? picture.dataUrl : picture.kind === 'remove' ? undefined : user.image.url;
  const showsOwnPicture = picture.kind === 'upload' || (picture.kind === 'none' && user.image.hasImage);

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file picked again must fire change again.
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    setPictureError(problem);
    if (problem) return;
    try {
      setPicture({ kind: 'upload', dataUrl: await readAsDataUrl(file), name: file.name });
    } catch {
      setPictureError('The file could not be read');
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    const body: UpdateUserDto = {};
    if (usernameChanged) body.username = values.username.trim();
    if (picture.kind !== 'none') {
      const image: UpdateUserImageDto = picture.kind === 'upload' ? { hasImage: true, data: picture.dataUrl } : { hasImage: false };
      body.image = image;
    }
    update.mutate(body, {
      onSuccess: () => {
        toast.success(PROFILE_UPDATED);
        void navigate(paths.account.root);
      },
    });
  });

  return (
    <div className="account-page">
      <PageHeader title="Edit profile" description="How you appear to your team in the dashboard." back={{ to: paths.account.root, label: 'My account' }} />
      <form className="account-stack" onSubmit={onSubmit} noValidate>
        {update.isError && <Alert variant="danger">{getErrorMessage(update.error)}</Alert>}

        <Card title="Profile picture" id="profile-picture" description="JPEG, PNG or WebP, at most 5 MB.">
          <div className="profile-picture">
            <Avatar src={previewSrc} name={form.values.username || user.username} size="large" />
            <div className="profile-picture-actions">
              <input
                ref={fileInput}
                id="profile-picture-file"
                className="visually-hidden"
                type="file"
                aria-label="Profile picture file"
                tabIndex={-1}
                accept={IMAGE_TYPES.join(',')}
                aria-describedby={pictureError ? 'profile-picture-error' : undefined}
                onChange={onFileChange}
              />
              <div className="profile-picture-buttons">
                <Button variant="outline" onClick={() => fileInput.current?.click()}>
                  {showsOwnPicture ? 'Choose another picture' : 'Upload picture'}
                </Button>
                {showsOwnPicture && (
                  <Button variant="secondary" onClick={() => setPicture({ kind: 'remove' })}>
                    Remove picture
                  </Button>
                )}
                {picture.kind !== 'none' && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setPicture({ kind: 'none' });
                      setPictureError(undefined);
                    }}
                  >
                    Undo
                  </Button>
                )}
              </div>
              {picture.kind === 'upload' && <p className="account-muted">Selected: {picture.name}</p>}
              {picture.kind === 'remove' && <p className="account-muted">Your picture will be removed.</p>}
              {pictureError && (
                <p id="profile-picture-error" className="text-field-error" role="alert">
                  {pictureError}
                </p>
              )}
            </div>
          </div>
        </Card>

        <Card title="Public profile" id="public-profile">
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            disabled={user.isDemo}
            hint={user.isDemo ? DISABLED_IN_DEMO : USERNAME_HINT}
            {...form.field('username')}
          />
        </Card>

        <FormActions cancelTo={paths.account.root}>
          <Button type="submit" isLoading={update.isPending} disabled={!hasChanges}>
            Save changes
          </Button>
        </FormActions>
      </form>
    </div>
  );
}
