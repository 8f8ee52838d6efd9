import type { ApplicantListItemDto } from '../../../api/generated/types.gen';
import { Badge } from '../../../components/ui/badge';

/** Approved and rejected told apart by word and colour (a completed status alone does not). */
export function ReviewAnswerBadge({ answer }: { answer: ApplicantListItemDto['reviewAnswer'] }) {
  if (answer === 'approved') return <Badge variant="success">✓ Approved</Badge>;
  if (answer === 'rejected') return <Badge variant="danger">✕ Rejected</Badge>;
  return <span className="applicants-none">—</span>;
}
