import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { getErrorMessage } from '../../../api/client';
import type { OrganizationDto, ReceivedInvitationDto } from '../../../api/generated/types.gen';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Loading } from '../../../components/ui/loading';
import { ORGANIZATION_PREVIEW_COUNT } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { useToast } from '../../../components/ui/toast-context';
import { useOrganizations } from '../api/get-organizations';
import { useAnswerInvitation, useReceivedInvitations } from '../api/received-invitations';
import { OrganizationInitial } from '../components/organization-initial';
import { organizationRoleLabel } from '../lib/organization-role';

import './select-organization-page.css';

function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="org-select-icon">
      <path d="M10 4v12M4 10h12" />
    </svg>
  );
}

function OrganizationLink({ organization }: { organization: OrganizationDto }) {
  return (
    <li>
      <Link to={paths.dashboard.organization(organization.id)} className="org-select-item">
        <OrganizationInitial name={organization.name} />
        <span className="org-select-item-text">
          <span className="org-select-item-name">{organization.name}</span>
          <span className="org-select-item-role">{organizationRoleLabel(organization.role)}</span>
        </span>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="org-select-chevron">
          <path d="M7.5 15l5-5-5-5" />
        </svg>
      </Link>
    </li>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Invitations addressed to the signed-in user: joining an organization takes their yes. */
function ReceivedInvitations() {
  const navigate = useNavigate();
  const toast = useToast();
  const { data: invitations } = useReceivedInvitations();
  const answer = useAnswerInvitation();

  if (!invitations || invitations.length === 0) return null;

  const respond = (invitation: ReceivedInvitationDto, choice: 'accept' | 'decline') =>
    answer.mutate(
      { id: invitation.id, answer: choice },
      {
        onSuccess: () => {
          if (choice === 'decline') {
            toast.success(`Declined the invitation to ${invitation.organizationName}`);
            return;
          }
          toast.success(`You joined ${invitation.organizationName}`);
          void navigate(paths.dashboard.organization(invitation.organizationId));
        },
      },
    );
  const busy = (invitation: ReceivedInvitationDto, choice: 'accept' | 'decline') =>
    answer.isPending && answer.variables.id === invitation.id && answer.variables.answer === choice;

  return (
    <section className="org-invitations" aria-labelledby="org-invitations-title">
      <h2 id="org-invitations-title" className="org-invitations-title">
        Invitations
      </h2>
      {answer.isError && <Alert variant="danger">{getErrorMessage(answer.error)}</Alert>}
      <ul className="org-select-list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="org-invitation">
            <OrganizationInitial name={invitation.organizationName} />
            <span className="org-select-item-text">
              <span className="org-select-item-name">{invitation.organizationName}</span>
              <span className="org-select-item-role">
                {invitation.invitedBy ? `${invitation.invitedBy} invited you` : 'You are invited'} · until {dateFormat.format(new Date(invitation.expiresAt))}
              </span>
            </span>
            <span className="org-invitation-actions">
              <Button
                variant="secondary"
                aria-label={`Decline the invitation to ${invitation.organizationName}`}
                isLoading={busy(invitation, 'decline')}
                disabled={answer.isPending}
                onClick={() => respond(invitation, 'decline')}
              >
                Decline
              </Button>
              <Button
                aria-label={`Accept the invitation to ${invitation.organizationName}`}
                isLoading={busy(invitation, 'accept')}
                disabled={answer.isPending}
                onClick={() => respond(invitation, 'accept')}
              >
                Accept
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /dashboard/select: invitations waiting for an answer, then the organizations the user may open (the first three unless expanded). */
export function SelectOrganizationPage() {
  const { data: organizations, error, isPending } = useOrganizations();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [expanded, setExpanded] = useState(false);

  let content;
  if (isPending || error) {
    content = <Loading error={error} />;
  } else if (organizations.length === 0) {
    content = (
      <div className="org-select-empty">
        <p className="org-select-empty-title">No organizations found!</p>
        <p className="org-select-empty-text">Create an organization to start verifying your users, or ask an owner to invite you to theirs.</p>
        <ButtonLink to={paths.dashboard.create}>Create organization</ButtonLink>
      </div>
    );
  } else {
    const hasMore = organizations.length > ORGANIZATION_PREVIEW_COUNT;
    const shown = expanded ? organizations : organizations.slice(0, ORGANIZATION_PREVIEW_COUNT);
    content = (
      <>
        <ul className="org-select-list" id="organization-list">
          {shown.map((organization) => (
            <OrganizationLink key={organization.id} organization={organization} />
          ))}
        </ul>
        {hasMore && (
          <div className="org-select-toggle">
            <Button variant="secondary" onClick={() => setExpanded((value) => !value)} aria-expanded={expanded} aria-controls="organization-list">
              {expanded ? 'Hide' : 'Expand'}
            </Button>
            {!expanded && <span className="org-select-more">{organizations.length - ORGANIZATION_PREVIEW_COUNT} more</span>}
          </div>
        )}
      </>
    );
  }

  return (
    <div className="org-select">
      <div className="org-select-card">
        <PageHeader
          title="Your organizations"
          description="Choose the organization whose applicants you want to review."
          actions={
            <ButtonLink to={paths.dashboard.create} variant="primary">
              <PlusIcon />
              New
            </ButtonLink>
          }
        />
        {notice && <Alert variant="warning">{notice}</Alert>}
        <ReceivedInvitations />
        {content}
      </div>
    </div>
  );
}
