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

export function electionInvitationMail(
  to: string,
  input: { firstName: string; inviter: string; election: string; role: string; link: string },
): MailMessage {
  return {
    to,
    subject: `You are invited to the election ${input.election} on Scrutineer`,
    text: `Hello ${input.firstName},\n\n${input.inviter} invited you to the election "${input.election}" as ${input.role}. To accept, choose a password for your new account:\n${input.link}\n\nThe link works once and expires in 7 days. You can also sign up with this e-mail address.${sign}`,
  };
}

export function electionAddedMail(
  to: string,
  input: { firstName: string; inviter: string; election: string; role: string; link: string },
): MailMessage {
  return {
    to,
    subject: `You were added to the election ${input.election} on Scrutineer`,
    text: `Hello ${input.firstName},\n\n${input.inviter} added you to the election "${input.election}" as ${input.role}. Open it here:\n${input.link}${sign}`,
  };
}
