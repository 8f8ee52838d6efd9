import { Link } from 'react-router-dom';

import type { ApprovalRiskDto } from '../../api/generated/types.gen';
import { paths } from '../../config/paths';
import { flagLabel } from '../../lib/check-labels';
import type { FaceChecks } from '../../features/faces/lib/face-checks';
import type { ApprovalFlag } from '../../features/review/components/approval-flags';

/**
 * The risks an approval passes over (the server's, from the applicant's checks) as the approve
 * dialog names them: the list's short name and the check's detail; a duplicate face lists each
 * blocklisted face and each applicant with the same face (linked, said when it was submitted
 * later and whether its identity differs).
 */
export function approvalFlags(organizationId: string, risks: readonly ApprovalRiskDto[] | undefined, faces: FaceChecks): ApprovalFlag[] {
  return (risks ?? []).map((risk) => {
    const evidence = risk.check === 'duplicate-face' ? faces.duplicates?.evidence : null;
    if (!evidence || evidence.matches.length + evidence.blocklist.length === 0) return { name: risk.check, label: flagLabel(risk.check), notes: [risk.detail] };
    const link = (userId: string) => <Link to={paths.dashboard.applicant(organizationId, userId)}>{userId}</Link>;
    return {
      name: risk.check,
      label: flagLabel(risk.check),
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
