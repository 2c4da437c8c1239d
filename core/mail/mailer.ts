import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The web addresses in an e-mail's text, in order. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set; 'outbox' writes the e-mail to the log and keeps it in the database only. */
  readonly transport: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, logger: Logger): Mailer {
  const log = logger.child({ component: 'mail' });
  if (!config.SMTP_URL) {
    return {
      transport: 'outbox',
      async send(message) {
        const links = linksIn(message.text);
        // Development only (no SMTP configured): the link is the point, so the operator can finish a sign-up.
        log.info({ to: message.to, subject: message.subject, links }, 'e-mail kept in the local outbox');
      },
      close() {},
    };
  }
  const smtpUrl = config.SMTP_URL;
  // nodemailer loads with the first e-mail, not with every process's start.
  let transporter: Promise<Transporter> | undefined;
  const transport = () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    transport: 'smtp',
    async send(message) {
      await (await transport()).sendMail({ from: config.MAIL_FROM, ...message });
      log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
    },
    close() {
      void transporter?.then((opened) => opened.close(), () => {});
    },
  };
}
