import { ErrorScreen } from './errors/error-screen';
import { ButtonLink } from './ui/button-link';

/** Placeholder for every screen that later issues build; each route swaps it for its feature page. */
export function NotAvailable() {
  return (
    <ErrorScreen
      title="This page is not available yet"
      actions={
        <ButtonLink to="/" size="large">
          Go to home page
        </ButtonLink>
      }
    >
      <p>We are still building this part of the product. Please check back soon.</p>
    </ErrorScreen>
  );
}
