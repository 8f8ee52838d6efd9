import type { ApplicantDetailsDto } from '../../../api/generated/types.gen';
import { useToast } from '../../../components/ui/toast-context';
import { useAuth } from '../../../lib/auth';
import { useAssignment } from '../api/assignment';
import { ApplicantTags } from './applicant-tags';

import './applicant-work-bar.css';

const since = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' });

/** Who works on the applicant (and since when: "Being reviewed by …" when someone else), assign to me / release, and its tags. */
export function ApplicantWorkBar({ organizationId, details, canUpdate }: { organizationId: string; details: ApplicantDetailsDto; canUpdate: boolean }) {
  const { user } = useAuth();
  const toast = useToast();
  const userId = details.applicant.userId;
  const assignment = useAssignment(organizationId, userId);
  const mine = details.assignee !== null && details.assignee.id === user?.id;
  const change = (assign: boolean) =>
    assignment.mutate(assign ? { assign: true } : { assign: false }, { onError: () => toast.error('The assignment could not be changed') });
  return (
    <div className="applicant-work-bar">
      <div className="applicant-work-bar-assignee" aria-live="polite">
        <span className="applicant-work-bar-label">Assignee</span>
        {details.assignee ? (
          <span className={mine ? undefined : 'applicant-work-bar-other'}>
            {mine ? (
              <strong>You</strong>
            ) : (
              <>
                Being reviewed by <strong>{details.assignee.name}</strong>
              </>
            )}
            {details.assignedAt && <span className="applicant-work-bar-since"> since {since.format(new Date(details.assignedAt))}</span>}
          </span>
        ) : (
          <span className="applicant-work-bar-since">Unassigned</span>
        )}
        {canUpdate && !mine && (
          <button type="button" className="btn btn-outline btn-regular" onClick={() => change(true)} disabled={assignment.isPending}>
            Assign to me
          </button>
        )}
        {canUpdate && details.assignee && (
          <button type="button" className="btn btn-outline btn-regular" onClick={() => change(false)} disabled={assignment.isPending}>
            Release
          </button>
        )}
      </div>
      <div className="applicant-work-bar-tags">
        <span className="applicant-work-bar-label">Tags</span>
        <ApplicantTags organizationId={organizationId} userId={userId} tags={details.tags} canEdit={canUpdate} />
      </div>
    </div>
  );
}
