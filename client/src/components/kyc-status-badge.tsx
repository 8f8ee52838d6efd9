import { isKycStatus, kycStatusLabel } from '../lib/kyc-status';

import './kyc-status-badge.css';

export function KycStatusBadge({ status }: { status: string }) {
  return (
    <span className="kyc-status-badge" data-status={isKycStatus(status) ? status : 'unknown'}>
      <span className="kyc-status-dot" aria-hidden="true" />
      {kycStatusLabel(status)}
    </span>
  );
}
