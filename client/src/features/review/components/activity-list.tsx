import type { AuditEventDto } from '../../../api/generated/types.gen';
import { activityLabel, activityNote, activityOrigin, changeLines, isQuietActivity } from '../lib/activity';

import './activity-list.css';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ActivityEntry({ event }: { event: AuditEventDto }) {
  const changes = changeLines(event);
  const note = activityNote(event);
  const origin = activityOrigin(event);
  const quiet = isQuietActivity(event.action);
  return (
    <li className={quiet ? 'activity activity-quiet' : 'activity'} data-action={event.action}>
      <span className="activity-marker" aria-hidden="true" />
      <div className="activity-body">
        <p className="activity-headline">
          <span className="activity-action">{activityLabel(event.action)}</span>
          <span className="activity-by"> by {event.actorName}</span>
        </p>
        <time className="activity-time" dateTime={event.createdAt}>
          {dateTimeFormat.format(new Date(event.createdAt))}
        </time>
        {note && <p className="activity-note">{note}</p>}
        {origin && (
          <p className="activity-origin" data-testid="activity-origin">
            {origin.sessionId && (
              <span className="activity-origin-item" title={`Session ${origin.sessionId}`} data-session-id={origin.sessionId}>
                Session <code>{origin.shortSessionId}</code>
              </span>
            )}
            {origin.ip && (
              <span className="activity-origin-item">
                IP address <code>{origin.ip}</code>
              </span>
            )}
          </p>
        )}
        {changes.length > 0 && (
          <ul className="activity-changes">
            {changes.map((change) => (
              <li key={change.field}>
                <span className="activity-field">{change.field}:</span> <span className="activity-from">{change.from}</span>
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden"> changed to </span>
                <span className="activity-to">{change.to}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** The applicant's audit trail, newest first (the server's order). */
export function ActivityList({ events }: { events: readonly AuditEventDto[] }) {
  if (events.length === 0) return <p className="activity-empty">No activity yet.</p>;
  return (
    <ol className="activity-list">
      {events.map((event) => (
        <ActivityEntry key={event.id} event={event} />
      ))}
    </ol>
  );
}
