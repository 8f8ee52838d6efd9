import { Button } from '../ui/button';
import { ButtonLink } from '../ui/button-link';
import { ErrorScreen } from './error-screen';

export function SomethingWentWrongScreen() {
  return (
    <ErrorScreen
      title="Something went wrong!"
      actions={
        <>
          <Button size="large" onClick={() => window.location.reload()}>
            Refresh the page
          </Button>
          <ButtonLink to="/" size="large" variant="outline">
            Go to home page
          </ButtonLink>
        </>
      }
    >
      <p>An unexpected error occurred. Please refresh the page and try again.</p>
    </ErrorScreen>
  );
}
