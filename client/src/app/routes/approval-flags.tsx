import { Link } from 'react-router-dom';

import type { ApplicantCheckDto } from '../../api/generated/types.gen';
import { paths } from '../../config/paths';
import { flagLabel } from '../../features/applicants/lib/flag-labels';
import type { FaceChecks } from '../../features/faces/lib/face-checks';
import type { ApprovalFlag } from '../../features/review/components/approval-flags';

const FLAGGING = new Set<ApplicantCheckDto['verdict']>(['failed', 'needs-review']);

/**
 * The applicant's flagged checks as the approve dialog names them: the list's short name
 * and the check's detail; a duplicate face lists each blocklisted face and each applicant
 * with the same face (linked, said when it was submitted later and whether its identity differs).
 */
export function approvalFlags(organizationId: string, checks: readonly ApplicantCheckDto[] | undefined, faces: FaceChecks): ApprovalFlag[] {
  return (checks ?? [])
    .filter((check) => FLAGGING.has(check.verdict))
    .map((check) => {
      const evidence = check.name === 'duplicate-face' ? faces.duplicates?.evidence : null;
      if (!evidence || evidence.matches.length + evidence.blocklist.length === 0)
        return { name: check.name, label: flagLabel(check.name), notes: [check.detail] };
      const link = (userId: string) => <Link to={paths.dashboard.applicant(organizationId, userId)}>{userId}</Link>;
      return {
        name: check.name,
        label: flagLabel(check.name),
        notes: [
          ...evidence.blocklist.map((hit) => (
            <>
              Blocklisted face of {link(hit.userId)} ({hit.reason || 'no reason given'})
            </>
          )),
          ...evidence.matches.map((match) => (
            <>
              Same face as {link(match.userId)} (
              {[match.foundLater && 'submitted later', match.differentIdentity ? 'different name or date of birth' : 'same name and date of birth']
                .filter(Boolean)
                .join(', ')}
              )
            </>
          )),
        ],
      };
    });
}
