import { Link } from 'react-router-dom';

import { KYC_STATUS_COLORS, KYC_STATUS_LABELS, KYC_STATUSES, type KycStatus } from '../../../lib/kyc-status';

import './status-bar-chart.css';

export interface StatusBarChartProps {
  counts: Readonly<Record<KycStatus, number>>;
  /** Where a status's row links to (the list filtered to it). */
  linkOf?: (status: KycStatus) => string;
}

const numberFormat = new Intl.NumberFormat();

/**
 * Applicants per status as horizontal bars, longest = full width. Drawn with plain
 * elements (no chart library); the widths go through React's style prop, which the CSP allows.
 */
export function StatusBarChart({ counts, linkOf }: StatusBarChartProps) {
  const max = Math.max(0, ...KYC_STATUSES.map((status) => counts[status]));
  const total = KYC_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return (
    <ul className="status-chart" aria-label="Applicants by status">
      {KYC_STATUSES.map((status) => {
        const count = counts[status];
        const share = total === 0 ? 0 : Math.round((count / total) * 100);
        return (
          <li key={status} className="status-chart-row">
            <span className="status-chart-label">{linkOf ? <Link to={linkOf(status)}>{KYC_STATUS_LABELS[status]}</Link> : KYC_STATUS_LABELS[status]}</span>
            <span className="status-chart-track" aria-hidden="true">
              <span
                className="status-chart-bar"
                data-status={status}
                style={{
                  width: max === 0 ? 0 : `${(count / max) * 100}%`,
                  backgroundColor: KYC_STATUS_COLORS[status],
                }}
              />
            </span>
            <span className="status-chart-value">
              {numberFormat.format(count)}
              <span className="status-chart-share">{share}%</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
