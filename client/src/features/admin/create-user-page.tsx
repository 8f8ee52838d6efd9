import { useState } from 'react';

import { getErrorMessage } from '../../api/client';
import type { AdminUserDto } from '../../api/generated/types.gen';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { checkField, isEmail, isUsername, USERNAME_HINT } from '../../lib/validation';
import { useRegisterAdmin } from './api/register-admin';

import './create-user-page.css';

export const ADMIN_CREATED = 'Successfully created admin user';

/** /dashboard/user/me/create — a super-admin invites an admin (super-admins only). */
export function CreateUserPage() {
  useDocumentTitle('Create User');
  const toast = useToast();
  const registerAdmin = useRegisterAdmin();
  const [created, setCreated] = useState<AdminUserDto | null>(null);
  const form = useForm({ username: '', email: '' }, (values) => ({
    username: checkField(values.username, isUsername),
    email: checkField(values.email, isEmail),
  }));

  const onSubmit = form.handleSubmit((values) => {
    setCreated(null);
    registerAdmin.mutate(
      { username: values.username.trim(), email: values.email.trim() },
      {
        onSuccess: (admin) => {
          toast.success(ADMIN_CREATED);
          setCreated(admin);
          form.reset();
        },
      },
    );
  });

  return (
    <>
      <PageHeader
        title="Create User"
        description="Create an admin account. You never choose or see their password: the new admin receives an e-mail with a link to set one (valid for 72 hours), then signs in with it."
      />
      <div className="create-user">
        {created && (
          <Alert variant="success" title={`${created.username} was created`}>
            We have e-mailed <strong>{created.email}</strong> a link to choose a password. Until they open it, the account cannot sign in.
          </Alert>
        )}
        <Card id="create-admin" title="New admin">
          <form className="create-user-form" onSubmit={onSubmit} noValidate>
            {registerAdmin.isError && <Alert variant="danger">{getErrorMessage(registerAdmin.error)}</Alert>}
            <TextField label="Username" autoComplete="off" autoCapitalize="none" spellCheck={false} hint={USERNAME_HINT} {...form.field('username')} />
            <TextField label="E-mail" type="email" autoComplete="off" {...form.field('email')} />
            <div className="create-user-actions">
              <Button type="submit" isLoading={registerAdmin.isPending}>
                Create admin
              </Button>
            </div>
          </form>
        </Card>
      </div>
    </>
  );
}
