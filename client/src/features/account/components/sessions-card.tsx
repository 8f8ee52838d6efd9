import { getErrorMessage } from '../../../api/client';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toast-context';
import { formatDateTime, formatRelativeTime } from '../../../lib/relative-time';
import { useActiveSessions, useRevokeOtherSessions, useRevokeSession } from '../api/sessions';

export const OTHER_SESSIONS_ENDED = 'Signed out everywhere else';
export const SESSION_ENDED = 'That session has ended';

/** Security page: where the account is signed in, with per-session revoke and "sign out everywhere else". */
export function SessionsCard() {
  const sessions = useActiveSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const toast = useToast();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  const error = sessions.error ?? revoke.error ?? revokeOthers.error;

  return (
    <Card
      title="Where you are signed in"
      id="sessions"
      footer={
        others > 0 && (
          <Button
            variant="outline"
            isLoading={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate(undefined, { onSuccess: () => toast.success(OTHER_SESSIONS_ENDED) })}
          >
            Sign out everywhere else
          </Button>
        )
      }
    >
      {error && <Alert variant="danger">{getErrorMessage(error)}</Alert>}
      <ul className="account-sessions" aria-label="Active sessions">
        {list.map((session) => (
          <li key={session.id} className="account-row">
            <div className="account-row-text">
              <p className="account-row-title">
                {session.device} {session.current && <Badge variant="success">This device</Badge>}
              </p>
              <p className="account-row-value">
                {session.ip ?? 'Unknown address'} · signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time> · last seen{' '}
                <time dateTime={session.lastSeenAt}>{formatRelativeTime(session.lastSeenAt)}</time>
              </p>
            </div>
            {!session.current && (
              <Button
                variant="outline"
                aria-label={`Sign out ${session.device}, signed in ${formatDateTime(session.createdAt)}`}
                isLoading={revoke.isPending && revoke.variables === session.id}
                onClick={() => revoke.mutate(session.id, { onSuccess: () => toast.success(SESSION_ENDED) })}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
