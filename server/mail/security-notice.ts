import type { MailMessage } from './mail.service.js';

/**
 * The e-mail that tells an account holder something changed in how their account is
 * protected (a credential added, removed or replaced; wrong codes; a lock): no link to
 * steal, and what to do if it was not them.
 */
export function securityNotice(user: { username: string; email: string }, subject: string, lines: readonly string[]): MailMessage {
  return {
    to: user.email,
    subject,
    text: [`Hello ${user.username},`, '', ...lines, '', 'If this was not you, change your password and contact your administrator.'].join('\n'),
  };
}
