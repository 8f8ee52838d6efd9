import { Badge } from '../../../components/ui/badge';

export function ConfirmationBadge({ isConfirmed }: { isConfirmed: boolean }) {
  return isConfirmed ? <Badge variant="success">Confirmed</Badge> : <Badge variant="warning">Unconfirmed</Badge>;
}
