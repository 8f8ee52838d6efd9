import { ButtonLink } from '../ui/button-link';
import { ErrorScreen } from './error-screen';

/** `embedded` inside the signed-in frame (RequireRole), which has the page's `main`. */
export function UnauthorizedScreen({ embedded = false }: { embedded?: boolean }) {
  return (
    <ErrorScreen
      embedded={embedded}
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
