import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../../db/schema.js';
import type { DatabaseHandle } from '../db/database.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/**
 * Keeps every mail in the outbox table. With no SMTP server that is the delivery: the admin
 * area reads it and the server log prints it, links included, for a local install.
 */
export function createOutboxMailer(database: DatabaseHandle, log: FastifyBaseLogger): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      await database.db.insert(mailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        transport: 'outbox',
        sentAt: new Date(),
      });
      log.info(`Mail to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}

/**
 * Sends through SMTP with nodemailer and keeps a copy, with any failure, in the outbox.
 * nodemailer is loaded only when SMTP is configured.
 */
export async function createSmtpMailer(
  database: DatabaseHandle,
  options: { url: string; from: string },
): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  const transporter = nodemailer.createTransport(options.url);
  return {
    transport: 'smtp',
    async send(message) {
      let error: string | null = null;
      try {
        await transporter.sendMail({ from: options.from, ...message });
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
      await database.db.insert(mailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        transport: 'smtp',
        sentAt: error ? null : new Date(),
        error,
      });
      if (error) throw new Error(`Mail to ${message.to} failed: ${error}`);
    },
  };
}
