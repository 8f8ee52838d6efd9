import { useId } from 'react';

import type { MemberDto, TagDto } from '../../../api/generated/types.gen';
import { kycStatusLabel } from '../../../lib/kyc-status';
import { documentTypeLabel } from '../../../lib/applicant-labels';
import { FLAG_LABELS } from '../../../lib/check-labels';
import { activeFilterCount, KYC_STATUS_FILTERS, type ApplicantListFilters } from '../lib/list-params';

import './queue-filters.css';

const FLAGGED_OPTIONS = [{ value: 'any', label: 'Any flagged check' }, ...Object.entries(FLAG_LABELS).map(([value, label]) => ({ value, label }))];
const DOCUMENT_TYPES = ['PASSPORT', 'ID_CARD', 'DRIVERS', 'RESIDENCE_PERMIT'];

function Select({
  label,
  value,
  onChange,
  options,
  empty,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: { value: string; label: string }[];
  empty: string;
}) {
  const id = useId();
  return (
    <div className="queue-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{empty}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateInput({ label, value, onChange }: { label: string; value: string | undefined; onChange: (value: string | undefined) => void }) {
  const id = useId();
  return (
    <div className="queue-filter">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)} />
    </div>
  );
}

export interface QueueFiltersProps {
  filters: ApplicantListFilters;
  tags: readonly TagDto[];
  /** The organization's members, to filter by one of them. */
  members?: readonly MemberDto[];
  /** The organization's SLA in hours: with one, the cases past it can be picked out. */
  slaHours?: number | null;
  onChange: (filters: ApplicantListFilters) => void;
}

/** The work-queue filters; every change goes to the address (and back to page 1). */
export function QueueFilters({ filters, tags, members = [], slaHours = null, onChange }: QueueFiltersProps) {
  const set = <K extends keyof ApplicantListFilters>(name: K, value: ApplicantListFilters[K]) => onChange({ ...filters, [name]: value });
  const active = activeFilterCount(filters);
  return (
    <details className="queue-filters" open>
      <summary>Filters{active > 0 && <span className="queue-filters-count"> ({active} active)</span>}</summary>
      <div className="queue-filters-grid" role="group" aria-label="Filter applicants">
        <Select
          label="Status"
          value={filters.status.length > 1 ? 'several' : filters.status[0]}
          empty="Any status"
          options={[
            ...(filters.status.length > 1 ? [{ value: 'several', label: filters.status.map(kycStatusLabel).join(', ') }] : []),
            ...KYC_STATUS_FILTERS.map((status) => ({ value: status, label: kycStatusLabel(status) })),
          ]}
          onChange={(value) => value !== 'several' && set('status', value ? [value as ApplicantListFilters['status'][number]] : [])}
        />
        <Select
          label="Review answer"
          value={filters.reviewAnswer}
          empty="Any answer"
          options={[
            { value: 'approved', label: 'Approved' },
            { value: 'rejected', label: 'Rejected' },
            { value: 'none', label: 'Not decided' },
          ]}
          onChange={(value) => set('reviewAnswer', value as ApplicantListFilters['reviewAnswer'])}
        />
        <Select label="Flagged" value={filters.flagged} empty="Flagged or not" options={FLAGGED_OPTIONS} onChange={(value) => set('flagged', value)} />
        <Select
          label="Assignee"
          value={filters.assignee}
          empty="Anyone"
          options={[
            { value: 'me', label: 'Assigned to me' },
            { value: 'unassigned', label: 'Unassigned' },
            ...members.map((member) => ({ value: member.userId, label: `Assigned to ${member.username}` })),
            // An id from a link or a view, of someone no longer listed.
            ...(filters.assignee && !['me', 'unassigned'].includes(filters.assignee) && !members.some((m) => m.userId === filters.assignee)
              ? [{ value: filters.assignee, label: 'Assigned to another member' }]
              : []),
          ]}
          onChange={(value) => set('assignee', value)}
        />
        <Select
          label="Document type"
          value={filters.documentType}
          empty="Any document"
          options={DOCUMENT_TYPES.map((type) => ({ value: type, label: documentTypeLabel(type) }))}
          onChange={(value) => set('documentType', value)}
        />
        <Select
          label="Internal notes"
          value={filters.notes}
          empty="With or without"
          options={[
            { value: 'any', label: 'With notes' },
            { value: 'mine', label: 'With my notes' },
          ]}
          onChange={(value) => set('notes', value as ApplicantListFilters['notes'])}
        />
        {tags.length > 0 && (
          <Select
            label="Tag"
            value={filters.tag}
            empty="Any tag"
            options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
            onChange={(value) => set('tag', value)}
          />
        )}
        {(slaHours !== null || filters.sla) && (
          <Select
            label="SLA"
            value={filters.sla}
            empty="Within or past"
            options={[{ value: 'breached', label: slaHours !== null ? `Over SLA (${slaHours} h)` : 'Over SLA' }]}
            onChange={(value) => set('sla', value as ApplicantListFilters['sla'])}
          />
        )}
        <DateInput label="Submitted from" value={filters.submittedFrom} onChange={(value) => set('submittedFrom', value)} />
        <DateInput label="Submitted to" value={filters.submittedTo} onChange={(value) => set('submittedTo', value)} />
        {active > 0 && (
          <button type="button" className="btn btn-outline btn-regular queue-filters-clear" onClick={() => onChange({ status: [] })}>
            Clear filters
          </button>
        )}
      </div>
    </details>
  );
}
