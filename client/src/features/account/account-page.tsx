import { Link } from 'react-router-dom';

import { Avatar } from '../../components/avatar';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { DEMO_ACCOUNT_LIFETIME_HOURS } from '../../config/constants';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { hasExactRole, ROLE_LABELS } from '../../lib/roles';
import { ConfirmationBadge } from './components/account-badges';
import { useDocumentTitle } from '../../lib/use-document-title';

import './account.css';

/** /dashboard/user/me — the account overview. */
export function AccountPage() {
  const { user } = useAuth();
  useDocumentTitle('My account');
  if (!user) return null;

  const links = [
    { to: paths.account.security, title: 'Privacy & Security', text: 'E-mail, password and account deletion.' },
    { to: paths.developer.keys, title: 'API Key', text: 'Authenticate your server against the API.' },
    { to: paths.developer.webhooks, title: 'Webhooks', text: 'Receive verification results as they happen.' },
    { to: paths.developer.redirectUrl, title: 'Redirect Url', text: 'Where applicants go once verified.' },
    ...(hasExactRole(user.role, 'super-admin')
      ? [
          { to: paths.account.managePermission, title: 'Permission Manager', text: 'Decide what each role may do.' },
          { to: paths.account.createAdmin, title: 'Create User', text: 'Invite an admin by e-mail.' },
          { to: paths.account.sanctionsLists, title: 'Sanctions Lists', text: 'Import the official sanctions lists.' },
        ]
      : []),
  ];

  return (
    <div className="account-page">
      <PageHeader
        title="My account"
        description="Your profile and account details."
        actions={
          <ButtonLink to={paths.account.update} variant="outline">
            Edit profile
          </ButtonLink>
        }
      />
      <div className="account-stack">
        <Card>
          <div className="account-profile">
            <Avatar src={user.image.url} name={user.username} size="large" />
            <div className="account-profile-text">
              <p className="account-profile-name">{user.username}</p>
              <p className="account-profile-email">{user.email}</p>
              <p className="account-badges">
                <Badge variant="neutral">{ROLE_LABELS[user.role]}</Badge>
                {user.isDemo && <Badge variant="info">Demo</Badge>}
                <ConfirmationBadge isConfirmed={user.isConfirmed} />
              </p>
            </div>
          </div>
        </Card>

        <Card title="Account details" id="account-details">
          <dl className="account-details">
            <dt>Username</dt>
            <dd>{user.username}</dd>
            <dt>E-mail</dt>
            <dd>
              {user.email}
              <ConfirmationBadge isConfirmed={user.isConfirmed} />
              {!user.isConfirmed && <Link to={paths.account.confirmEmail}>Send confirmation e-mail</Link>}
            </dd>
            <dt>Role</dt>
            <dd>{ROLE_LABELS[user.role]}</dd>
            <dt>Account type</dt>
            <dd>{user.isDemo ? `Demo account (deleted on logout or after ${DEMO_ACCOUNT_LIFETIME_HOURS} hours)` : 'Standard account'}</dd>
          </dl>
        </Card>

        <section aria-label="Shortcuts" className="account-links">
          {links.map((link) => (
            <Link key={link.to} to={link.to} className="account-link-card">
              <span className="account-link-card-title">{link.title}</span>
              <span className="account-link-card-text">{link.text}</span>
            </Link>
          ))}
        </section>
      </div>
    </div>
  );
}
