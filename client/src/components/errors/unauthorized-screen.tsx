import { ButtonLink } from '../ui/button-link';
import { ErrorScreen } from './error-screen';

export function UnauthorizedScreen() {
  return (
    <ErrorScreen
      code="403"
      title="Unauthorized!"
      actions={
        <ButtonLink to="/" size="large">
          Go to home page
        </ButtonLink>
      }
    >
      <p>You currently don&apos;t have permission to see this page.</p>
    </ErrorScreen>
  );
}
