import { Link } from 'react-router-dom';

import { getErrorMessage } from '../../api/client';
import { CenteredCard } from '../../components/centered-card';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { paths } from '../../config/paths';
import { useForm } from '../../lib/use-form';
import { checkField, hasPasswordLength, isEmail, isUsername, USERNAME_HINT } from '../../lib/validation';
import { useRegister } from './api/register';
import { usePasswordPolicy } from '../../api/password-policy';

import './components/auth-forms.css';

export const REGISTERED_TOAST = 'Your registration was successful. Welcome to the product!';

export function RegisterPage() {
  const toast = useToast();
  // The guest-only guard moves the signed-in visitor on to /dashboard (spec §4).
  const register = useRegister({ onRegistered: () => toast.success(REGISTERED_TOAST) });
  const policy = usePasswordPolicy();
  const form = useForm({ email: '', username: '', password: '' }, (values) => ({
    email: checkField(values.email, isEmail),
    username: checkField(values.username, isUsername),
    password: checkField(values.password, (value) => hasPasswordLength(value, policy.minLength, policy.maxLength)),
  }));

  const onSubmit = form.handleSubmit((values) => {
    register.mutate({ email: values.email.trim(), username: values.username.trim(), password: values.password });
  });

  return (
    <CenteredCard
      title="Create your account"
      subtitle="Start verifying your customers in minutes. No credit card needed."
      footer={
        <>
          Already have an account? <Link to={paths.login}>Log in</Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {register.isError && <Alert variant="danger">{getErrorMessage(register.error)}</Alert>}
        <TextField label="E-mail" type="email" autoComplete="email" autoFocus {...form.field('email')} />
        <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} hint={USERNAME_HINT} {...form.field('username')} />
        <TextField label="Password" type="password" autoComplete="new-password" hint={policy.hint} {...form.field('password')} />
        <div className="auth-form-actions">
          <Button type="submit" size="large" block isLoading={register.isPending}>
            Create account
          </Button>
        </div>
      </form>
    </CenteredCard>
  );
}
