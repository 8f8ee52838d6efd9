import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { ApplicantCheckDto } from '../../../api/generated/types.gen';
import { ChecksList } from './checks-list';

const ZONE = ['P<FRAMARTLN<<LOUISE<<<<<<<<<<<<<<<<<<<<<<<<<', 'AB00123450FRA9010049F3001206<<<<<<<<<<<<<<06'];

function documentRead(evidence: Record<string, unknown>, verdict: ApplicantCheckDto['verdict']): ApplicantCheckDto {
  return {
    name: 'document-read',
    verdict,
    passed: verdict === 'passed',
    score: null,
    detail: 'TD3 machine-readable zone read',
    evidence,
    createdAt: '2026-11-28T10:00:00.000Z',
  };
}

describe('ChecksList', () => {
  it('shows the zone as read with each character in doubt marked, and says what to do', () => {
    render(<ChecksList checks={[documentRead({ zone: ZONE, doubtful: [{ line: 0, column: 9, read: 'L', rivals: ['I'] }] }, 'needs-review')]} />);
    const zone = screen.getByLabelText('Machine-readable zone as read');
    expect(zone).toHaveTextContent(ZONE[0].slice(0, 9));
    const marked = within(zone).getByText('L', { selector: 'mark' });
    expect(marked).toHaveAttribute('title', 'in doubt: read L, or I (line 1, column 10)');
    expect(screen.getByText(/The marked character is in doubt: no check digit guards it\./)).toBeInTheDocument();
  });

  it('shows a zone read without doubt plainly, and nothing for evidence without a zone', () => {
    const { container } = render(<ChecksList checks={[documentRead({ zone: ZONE }, 'passed')]} />);
    expect(screen.getByLabelText('Machine-readable zone as read')).toBeInTheDocument();
    expect(container.querySelector('mark')).toBeNull();
    expect(screen.queryByText(/in doubt/)).not.toBeInTheDocument();
    render(<ChecksList checks={[documentRead({ source: 'barcode' }, 'passed')]} />);
    expect(screen.getAllByLabelText('Machine-readable zone as read')).toHaveLength(1);
  });
});
