import { ButtonLink } from '../ui/button-link';
import { ErrorScreen } from './error-screen';

export function NotFoundScreen() {
  return (
    <ErrorScreen
      code="404"
      title="Page not found!"
      actions={
        <ButtonLink to="/" size="large">
          Go to home page
        </ButtonLink>
      }
    >
      <p>The page you are looking for was not found. It may have been moved, or the link may be wrong.</p>
    </ErrorScreen>
  );
}
