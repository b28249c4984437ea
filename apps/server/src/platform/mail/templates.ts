import type { MailMessage } from './mailer.js';

const sign = '\n\n— Scrutineer, citizen election audits';

export function verificationMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your Scrutineer e-mail address',
    text: `Hello ${firstName},\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\nThe link is valid for 7 days.${sign}`,
  };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Scrutineer password',
    text: `Someone asked to reset the password of this account. To choose a new password, open:\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for this, ignore this mail.${sign}`,
  };
}
