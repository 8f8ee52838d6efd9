import { useRouteError } from 'react-router-dom';

import { NotFoundScreen } from './not-found-screen';
import { selectErrorScreen } from './select-error-screen';
import { SomethingWentWrongScreen } from './something-went-wrong-screen';
import { UnauthorizedScreen } from './unauthorized-screen';

/** The router's errorElement. */
export function RouteErrorScreen() {
  const error = useRouteError();
  switch (selectErrorScreen(error)) {
    case 'unauthorized':
      return <UnauthorizedScreen />;
    case 'not-found':
      return <NotFoundScreen />;
    default:
      return <SomethingWentWrongScreen />;
  }
}
