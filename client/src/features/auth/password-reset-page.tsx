import { useSearchParams } from 'react-router-dom';

import { NewPasswordForm } from './components/new-password-form';
import { RequestResetForm } from './components/request-reset-form';

/** /password-reset: the e-mailed link (?user&token) sets a new password; without it, ask for the link. */
export function PasswordResetPage() {
  const [searchParams] = useSearchParams();
  const user = searchParams.get('user') ?? '';
  const token = searchParams.get('token') ?? '';
  if (user !== '' && token !== '') return <NewPasswordForm user={user} token={token} />;
  return <RequestResetForm />;
}
