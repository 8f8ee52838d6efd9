import { getErrorMessage } from '../../../api/client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useCreateDemoAccount } from '../api/create-demo-account';

import './create-demo-account.css';

/** The one action of both demo pages: an error alert (spec §8) above the create button. */
export function CreateDemoAccount() {
  const createDemo = useCreateDemoAccount();
  return (
    <div className="create-demo">
      {createDemo.isError && <Alert variant="danger">{getErrorMessage(createDemo.error)}</Alert>}
      <Button size="large" block isLoading={createDemo.isPending} onClick={() => createDemo.mutate()}>
        Create demo account
      </Button>
      <p className="create-demo-hint" aria-live="polite">
        {createDemo.isPending ? 'Preparing your organizations and applicants…' : 'No e-mail or password needed. It takes a moment.'}
      </p>
    </div>
  );
}
