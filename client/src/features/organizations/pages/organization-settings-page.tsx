import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import { getErrorMessage } from '../../../api/client';
import { useMembers } from '../../../api/members';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useDeleteOrganization, useTransferOwnership } from '../api/end-organization';
import { useOrganization } from '../api/get-organization';
import { RetentionPolicyForm } from '../components/retention-policy-form';
import { useUpdateTwoFactorRequirement } from '../api/update-two-factor-requirement';

import './organization-settings-page.css';

function TransferOwnership({ organizationId }: { organizationId: string }) {
  const { data: members } = useMembers(organizationId);
  const toast = useToast();
  const transfer = useTransferOwnership(organizationId, (organization) => toast.success(`${organization.ownerUsername} now owns this organization`));
  const [userId, setUserId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const candidates = (members ?? []).filter((member) => member.role === 'member');
  const chosen = candidates.find((member) => member.userId === userId);

  if (members && candidates.length === 0) {
    return <p className="org-settings-text">Invite someone on the Members page first: ownership goes to a member.</p>;
  }
  return (
    <>
      <form
        className="org-settings-row"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (chosen) setConfirming(true);
        }}
      >
        <div className="text-field">
          <label className="text-field-label" htmlFor="new-owner">
            New owner
          </label>
          <select id="new-owner" className="text-field-input" value={userId} onChange={(event) => setUserId(event.target.value)} required>
            <option value="">Choose a member</option>
            {candidates.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.username} ({member.email})
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline" disabled={!chosen}>
          Transfer ownership
        </Button>
      </form>
      {transfer.isError && <Alert variant="danger">{getErrorMessage(transfer.error)}</Alert>}
      <Modal
        open={confirming && Boolean(chosen)}
        onClose={() => setConfirming(false)}
        title={`Make ${chosen?.username ?? ''} the owner?`}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button isLoading={transfer.isPending} onClick={() => transfer.mutate(userId, { onSettled: () => setConfirming(false) })}>
              Transfer ownership
            </Button>
          </>
        }
      >
        <p>
          They will manage members, settings and this page; verification results will go to <strong>their</strong> webhook and redirect URL. You stay on as a
          member.
        </p>
      </Modal>
    </>
  );
}

function DeleteOrganization({ organizationId, name }: { organizationId: string; name: string }) {
  const remove = useDeleteOrganization(organizationId);
  const navigate = useNavigate();
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(typed, {
      onSuccess: () => {
        toast.success(`Deleted ${name}`);
        void navigate(paths.dashboard.select, { replace: true });
      },
    });
  };
  return (
    <form className="org-settings-delete" onSubmit={submit}>
      <p className="org-settings-text">
        Deletes every applicant with their images, checks and faces, the members, invitations, policy, webhook events and their delivery log, and the audit
        trail. The audit keeps one entry: who deleted an organization of this name, and when. This cannot be undone.
      </p>
      <TextField
        label={
          <>
            Type <strong>{name}</strong> to confirm
          </>
        }
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        maxLength={100}
      />
      {remove.isError && <Alert variant="danger">{getErrorMessage(remove.error)}</Alert>}
      <div>
        <Button type="submit" variant="danger" disabled={typed.trim() !== name} isLoading={remove.isPending}>
          Delete this organization
        </Button>
      </div>
    </form>
  );
}

function TwoFactorRequirement({ organizationId, required }: { organizationId: string; required: boolean }) {
  const update = useUpdateTwoFactorRequirement(organizationId);
  const toast = useToast();
  return (
    <div className="org-settings-row">
      <label className="org-settings-text">
        <input
          type="checkbox"
          checked={required}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(event.target.checked, {
              onSuccess: (saved) => toast.success(saved.requireTwoFactor ? 'Two-factor sign-in is now required' : 'Two-factor sign-in is no longer required'),
            })
          }
        />{' '}
        Require two-factor sign-in (a passkey or an authenticator app) for every member, you included
      </label>
      {update.isError && <Alert variant="danger">{getErrorMessage(update.error)}</Alert>}
    </div>
  );
}

/** /dashboard/:organizationId/settings: how long data is kept; the owner hands the organization over, or ends it. */
export function OrganizationSettingsPage() {
  const { organizationId = '' } = useParams();
  const { data: organization, error, isPending, refetch } = useOrganization(organizationId);
  if (isPending || error) return <Loading error={error} onRetry={() => void refetch()} />;
  const canManage = organization.isOwner || organization.role === 'super-admin';
  return (
    <>
      <PageHeader title="Organization settings" description={`Data retention, sign-in rules, ownership and the end of ${organization.name}.`} />
      <Panel
        title="Data retention"
        description="How long applicants’ data is kept after a decision. Applied every hour; applicants on legal hold are exempt. Removals are recorded in the activity with counts and applicant ids."
      >
        <RetentionPolicyForm organizationId={organizationId} policy={organization.retentionPolicy} canManage={canManage} />
      </Panel>
      {canManage ? (
        <>
          <Panel title="Sign-in" description="Members without a second factor can only set one up after their password until they have.">
            <TwoFactorRequirement organizationId={organizationId} required={organization.requireTwoFactor} />
          </Panel>
          <Panel title="Transfer ownership" description="Give this organization to one of its members.">
            <TransferOwnership organizationId={organizationId} />
          </Panel>
          <Panel title="Delete organization" description="Remove the organization and everything in it." className="org-settings-danger">
            <DeleteOrganization organizationId={organizationId} name={organization.name} />
          </Panel>
        </>
      ) : (
        <Alert>Only the owner of this organization ({organization.ownerUsername}) can transfer or delete it.</Alert>
      )}
    </>
  );
}
