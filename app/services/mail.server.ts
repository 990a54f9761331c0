import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { PortalLogger } from "./logger.server";

/**
 * Outgoing email (architecture, point 10): through SMTP_URL when set; otherwise each message
 * is written as an .eml file under the mail folder and logged, so the flows work and can be
 * tested without a mail server.
 */

export interface MailConfig {
  /** smtp:// or smtps:// URL; when absent, messages go to `dir`. */
  smtpUrl?: string;
  from: string;
  /** Folder of the .eml files (DATA_DIR/mail); null keeps them in memory only (tests of other areas). */
  dir: string | null;
  /** Where each message sent is logged (the portal's logger, context.server.ts); without one, nowhere. */
  logger?: Pick<PortalLogger, "info">;
}

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (the alerts' List-Unsubscribe, RFC 8058), passed to nodemailer as they are. */
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written, when there is no SMTP server. */
  file: string | null;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}

export const DEFAULT_MAIL_FROM = "NautiDistrib <commandes@nautidistrib.fr>";

/** A file name that sorts by time (then by sending order) and says what the message is about. */
function emlName(subject: string, at: Date, sequence: number): string {
  const slug = subject
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `${at.toISOString().replace(/[:.]/g, "-")}-${String(sequence).padStart(6, "0")}-${Math.random().toString(36).slice(2, 6)}-${slug}.eml`;
}

export function createMailer(config: MailConfig, now: () => Date = () => new Date()): Mailer {
  const logMail = (details: Record<string, unknown>): void => config.logger?.info(details, "mail sent");
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: config.from, ...message });
        logMail({ to: message.to, subject: message.subject, messageId: info.messageId });
        return { messageId: info.messageId, file: null };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.from, ...message });
      let file: string | null = null;
      if (config.dir !== null) {
        await mkdir(config.dir, { recursive: true });
        file = path.join(config.dir, emlName(message.subject, now(), ++sequence));
        await writeFile(file, info.message);
      }
      logMail({ to: message.to, subject: message.subject, messageId: info.messageId, file });
      return { messageId: info.messageId, file };
    },
  };
}
