import { formatDollars } from '@scrutineer/contracts';
import type { MailMessage } from '../../platform/mail/mailer.js';

export interface Receipt {
  to: string;
  name: string;
  amountCents: number;
  date: Date;
  /** Who received it: a project, audit jobs, or a package. */
  recipient: string;
  kind: 'project' | 'audit' | 'package';
  recurring: 'month' | 'year' | null;
  reference: string;
}

/** The receipt every donor and buyer gets: amount, date, recipient and whether it recurs. */
export function receiptMail(receipt: Receipt): MailMessage {
  const amount = formatDollars(receipt.amountCents);
  const date = receipt.date.toLocaleDateString('en-GB', { timeZone: 'UTC' });
  const gift = receipt.kind !== 'package';
  const recurs = receipt.recurring
    ? `This ${gift ? 'gift' : 'payment'} recurs every ${receipt.recurring} until you cancel it.`
    : `This is a one-time ${gift ? 'gift' : 'payment'}; it does not recur.`;
  const lines = [
    `Dear ${receipt.name || 'supporter'},`,
    '',
    gift ? 'Thank you for your donation.' : 'Thank you for your payment.',
    '',
    `Amount: ${amount}`,
    `Date: ${date}`,
    `Recipient: ${receipt.recipient}`,
    `Recurring: ${receipt.recurring ? `yes, every ${receipt.recurring}` : 'no'}`,
    `Reference: ${receipt.reference}`,
    '',
    recurs,
    ...(gift
      ? [
          '',
          'Scrutineer is run by a charity; your donation is tax deductible. Keep this receipt for your records.',
        ]
      : []),
  ];
  return {
    to: receipt.to,
    subject: gift ? `Receipt for your ${amount} donation` : `Receipt for your ${amount} payment`,
    text: lines.join('\n'),
  };
}
