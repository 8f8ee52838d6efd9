import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import { getErrorMessage } from '../../../api/client';
import type { InvitationDto, MemberDto } from '../../../api/generated/types.gen';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { Table, type TableColumn } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { FIELD_REQUIRED, isBlank } from '../../../lib/validation';
import { useOrganization } from '../api/get-organization';
import { useMembers } from '../../../api/members';
import { useInvitations, useInviteMember, useRevokeInvitation } from '../api/organization-invitations';
import { useRemoveMember } from '../api/remove-member';
import { canManageMembers } from '../lib/organization-role';

import './members-page.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function InviteForm({ organizationId }: { organizationId: string }) {
  const toast = useToast();
  const inviteMember = useInviteMember(organizationId);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank(value)) {
      setFieldError(FIELD_REQUIRED);
      return;
    }
    inviteMember.mutate(
      { usernameOrEmail: value.trim() },
      {
        onSuccess: (invitation) => {
          toast.success(`Invitation sent to ${invitation.invitee}`);
          setValue('');
        },
      },
    );
  };

  return (
    <form className="members-add" onSubmit={onSubmit} noValidate>
      {inviteMember.isError && <Alert variant="danger">{getErrorMessage(inviteMember.error)}</Alert>}
      <div className="members-add-row">
        <TextField
          className="members-add-field"
          label="Username or e-mail"
          name="usernameOrEmail"
          value={value}
          autoComplete="off"
          placeholder="jane or jane@example.com"
          error={fieldError}
          onChange={(event) => {
            setValue(event.target.value);
            setFieldError(undefined);
          }}
        />
        <Button type="submit" isLoading={inviteMember.isPending} className="members-add-button">
          Send invitation
        </Button>
      </div>
    </form>
  );
}

/** The owner's invitations nobody has answered yet, with a way to take each back. */
function PendingInvitations({ organizationId }: { organizationId: string }) {
  const toast = useToast();
  const { data: invitations, error, isPending } = useInvitations(organizationId);
  const revoke = useRevokeInvitation(organizationId);

  if (isPending || error) return <Loading error={error} />;
  if (invitations.length === 0) return <p className="members-invitations-empty">No invitations are waiting for an answer.</p>;

  const columns: TableColumn<InvitationDto>[] = [
    {
      id: 'invitee',
      header: 'Invited',
      cell: (invitation) => (
        <div className="members-identity">
          <span className="members-username">{invitation.invitee}</span>
          {invitation.invitedBy && <span className="members-email">by {invitation.invitedBy}</span>}
        </div>
      ),
    },
    {
      id: 'expiresAt',
      header: 'Status',
      width: 190,
      cell: (invitation) =>
        invitation.expired ? (
          <span className="members-invitation-expired">Expired — invite again</span>
        ) : (
          <span className="members-date">Until {dateFormat.format(new Date(invitation.expiresAt))}</span>
        ),
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      width: 120,
      cell: (invitation) => (
        <Button
          variant="outline"
          className="members-remove"
          aria-label={`Revoke the invitation to ${invitation.invitee}`}
          isLoading={revoke.isPending && revoke.variables === invitation.id}
          onClick={() => revoke.mutate(invitation.id, { onSuccess: () => toast.success(`Revoked the invitation to ${invitation.invitee}`) })}
        >
          Revoke
        </Button>
      ),
    },
  ];
  return (
    <div className="members-table">
      {revoke.isError && <Alert variant="danger">{getErrorMessage(revoke.error)}</Alert>}
      <Table columns={columns} rows={invitations} getRowKey={(invitation) => invitation.id} caption="Pending invitations" />
    </div>
  );
}

/** /dashboard/:organizationId/members: who works in the organization; the owner invites and removes. */
export function MembersPage() {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useAuth();
  const { data: organization } = useOrganization(organizationId);
  const { data: members, error, isPending } = useMembers(organizationId);
  const removeMember = useRemoveMember(organizationId);
  const [removing, setRemoving] = useState<MemberDto | null>(null);

  const canManage = user?.role === 'super-admin' || (organization !== undefined && canManageMembers(organization.role));
  const isSelf = (member: MemberDto) => user !== null && String(user.id) === member.userId;

  const closeDialog = () => {
    setRemoving(null);
    removeMember.reset();
  };

  const confirmRemove = () => {
    if (!removing) return;
    const leaving = isSelf(removing);
    removeMember.mutate(removing.userId, {
      onSuccess: () => {
        toast.success(leaving ? `You left ${organization?.name ?? 'the organization'}` : `Removed ${removing.username} from the organization`);
        setRemoving(null);
        if (leaving) void navigate(paths.dashboard.select);
      },
    });
  };

  const columns: TableColumn<MemberDto>[] = [
    {
      id: 'member',
      header: 'Member',
      cell: (member) => (
        <div className="members-identity">
          <span className="members-username">
            {member.username}
            {isSelf(member) && <span className="members-you">you</span>}
          </span>
          <span className="members-email">{member.email}</span>
        </div>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      width: 120,
      cell: (member) => <span className={`members-role members-role-${member.role}`}>{member.role === 'owner' ? 'Owner' : 'Member'}</span>,
    },
    {
      id: 'addedAt',
      header: 'Added',
      width: 150,
      cell: (member) => <span className="members-date">{dateFormat.format(new Date(member.addedAt))}</span>,
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      width: 120,
      cell: (member) => {
        if (member.role === 'owner') return null;
        if (canManage || isSelf(member)) {
          return (
            <Button variant="outline" className="members-remove" onClick={() => setRemoving(member)}>
              {isSelf(member) && !canManage ? 'Leave' : 'Remove'}
            </Button>
          );
        }
        return null;
      },
    },
  ];

  const leaving = removing !== null && isSelf(removing);

  return (
    <>
      <PageHeader
        title="Members"
        description={
          canManage
            ? 'People who may review this organization’s applicants. Invite someone by username or e-mail: they join once they accept.'
            : 'People who may review this organization’s applicants. Only the owner invites or removes members.'
        }
      />
      {canManage && (
        <Panel
          title="Invite a member"
          description="If the name or address belongs to an account, its owner sees the invitation on their dashboard and by e-mail. Invitations last seven days."
        >
          <InviteForm organizationId={organizationId} />
        </Panel>
      )}
      <Panel title="Team" flush>
        {isPending || error ? (
          <Loading error={error} />
        ) : (
          <div className="members-table">
            <Table columns={columns} rows={members} getRowKey={(member) => member.userId} caption="Members" />
          </div>
        )}
      </Panel>
      {canManage && (
        <Panel title="Pending invitations" flush>
          <PendingInvitations organizationId={organizationId} />
        </Panel>
      )}
      <Modal
        open={removing !== null}
        onClose={closeDialog}
        title={leaving ? 'Leave organization' : 'Remove member'}
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={closeDialog}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmRemove} isLoading={removeMember.isPending}>
              {leaving ? 'Leave' : 'Remove'}
            </Button>
          </>
        }
      >
        {removeMember.isError && <Alert variant="danger">{getErrorMessage(removeMember.error)}</Alert>}
        <p>
          {leaving
            ? 'You will no longer see this organization or its applicants.'
            : `${removing?.username ?? ''} will no longer see this organization or its applicants.`}
        </p>
      </Modal>
    </>
  );
}
