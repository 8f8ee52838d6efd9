import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { ToastProvider } from '../components/ui/toast-provider';
import { ReauthenticationDialog } from '../features/auth/components/reauthentication-dialog';
import { createQueryClient } from '../lib/query-client';

export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests pass their own client to start from an empty cache. */
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        {children}
        <ReauthenticationDialog />
      </ToastProvider>
    </QueryClientProvider>
  );
}
