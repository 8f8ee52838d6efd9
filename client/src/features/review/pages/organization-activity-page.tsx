import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { isApiError } from '../../../api/client';
import type { OrganizationActivityItemDto } from '../../../api/generated/types.gen';
import { useMembers } from '../../../api/members';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { Table, type TableColumn } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useOrganizationActivity } from '../api/get-organization-activity';
import { SelectField } from '../components/select-field';
import { activityFilters, activityFiltersToParams, activityQuery, type ActivityFilters } from '../lib/activity-filters';
import { ACTIVITY_ACTIONS, activityLabel, activityNote, changeLines } from '../lib/activity';

import './organization-activity-page.css';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function details(item: OrganizationActivityItemDto): string {
  const changes = changeLines(item);
  if (changes.length > 0) return changes.map((change) => `${change.field}: ${change.from} → ${change.to}`).join('; ');
  return activityNote(item) ?? '';
}

function columns(organizationId: string): TableColumn<OrganizationActivityItemDto>[] {
  return [
    {
      id: 'when',
      header: 'When',
      cell: (item) => <time dateTime={item.createdAt}>{dateTimeFormat.format(new Date(item.createdAt))}</time>,
      minWidth: 150,
    },
    { id: 'who', header: 'Who', cell: (item) => item.actorName },
    { id: 'what', header: 'What', cell: (item) => activityLabel(item.action) },
    {
      id: 'applicant',
      header: 'Applicant',
      cell: (item) => (item.userId ? <Link to={paths.dashboard.applicant(organizationId, item.userId)}>{item.userId}</Link> : '—'),
    },
    {
      id: 'details',
      header: 'Details',
      // Nothing at all when there is nothing to say: a stacked row (a phone) then leaves the label out.
      cell: (item) => {
        const text = details(item);
        return text ? <span className="org-activity-details">{text}</span> : null;
      },
      minWidth: 220,
    },
  ];
}

/** The filter form: edits a draft, applied to the address (and so to the query) on submit. */
function ActivityFilterForm({
  organizationId,
  filters,
  onApply,
}: {
  organizationId: string;
  filters: ActivityFilters;
  onApply: (next: ActivityFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const { data: members } = useMembers(organizationId);
  const set = (field: keyof ActivityFilters) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const clear = () => {
    const empty = activityFilters(new URLSearchParams());
    setDraft(empty);
    onApply(empty);
  };
  return (
    <form className="org-activity-filters" onSubmit={submit} aria-label="Filter the activity">
      <SelectField
        label="Person"
        placeholder="Anyone"
        value={draft.actorId}
        onChange={set('actorId')}
        options={(members ?? []).map((member) => ({ value: member.userId, label: member.username }))}
      />
      <SelectField
        label="Action"
        placeholder="Any action"
        value={draft.action}
        onChange={set('action')}
        options={ACTIVITY_ACTIONS.map(({ action, label }) => ({ value: action, label }))}
      />
      <TextField label="Applicant (User ID)" value={draft.userId} onChange={set('userId')} maxLength={128} />
      <TextField label="From" type="date" value={draft.from} onChange={set('from')} />
      <TextField label="To (inclusive)" type="date" value={draft.to} onChange={set('to')} />
      <div className="org-activity-filter-actions">
        <Button type="submit">Apply filters</Button>
        <Button type="button" variant="outline" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}

/** /dashboard/:organizationId/activity: who did what in the organization, for its owner (and super-admins). */
export function OrganizationActivityPage() {
  const { organizationId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = activityFilters(searchParams);
  const { data, error, isPending, isPlaceholderData, refetch } = useOrganizationActivity(organizationId, activityQuery(filters));
  const apply = (next: ActivityFilters) => setSearchParams(activityFiltersToParams({ ...next, page: 1 }));

  if (isApiError(error) && error.status === 403) {
    return (
      <>
        <PageHeader title="Activity" />
        <Alert>Only the owner of this organization (or a super-admin) sees its activity.</Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Activity" description="Everything done in this organization, newest first: by staff, the verification page, the API and the system." />
      <Panel title="Filters">
        {/* Keyed by the address: back/forward shows that address's filters in the form. */}
        <ActivityFilterForm key={searchParams.toString()} organizationId={organizationId} filters={filters} onApply={apply} />
      </Panel>
      <Panel flush title="Entries">
        {isPending || error ? (
          <Loading error={error} onRetry={() => void refetch()} />
        ) : (
          <>
            <Table
              columns={columns(organizationId)}
              rows={data.items}
              getRowKey={(item) => item.id}
              caption="Activity entries"
              emptyText="Nothing matches these filters."
              isFetching={isPlaceholderData}
              stacked
            />
            <nav className="org-activity-pager" aria-label="Activity pages">
              <Button
                variant="outline"
                disabled={filters.page <= 1}
                onClick={() => setSearchParams(activityFiltersToParams({ ...filters, page: filters.page - 1 }))}
              >
                Newer
              </Button>
              <span>Page {filters.page}</span>
              <Button
                variant="outline"
                disabled={!data.hasNextPage}
                onClick={() => setSearchParams(activityFiltersToParams({ ...filters, page: filters.page + 1 }))}
              >
                Older
              </Button>
            </nav>
          </>
        )}
      </Panel>
    </>
  );
}
