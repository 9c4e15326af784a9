// The dashboard's mail (verify an email, reset a password) through nodemailer: to the SMTP server
// of SMTP_URL, or, on the embedded default without one, into the log, so a local install can
// still follow its own links. nodemailer (~14 MB of a process) is loaded by the first mail.
import type { Transporter } from 'nodemailer';
import type { AppContext } from '../context.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const transports = new WeakMap<AppContext, Transporter>();

async function transportOf(ctx: AppContext): Promise<Transporter> {
  let t = transports.get(ctx);
  if (!t) {
    const { default: nodemailer } = await import('nodemailer');
    t = ctx.config.SMTP_URL ? nodemailer.createTransport(ctx.config.SMTP_URL) : nodemailer.createTransport({ jsonTransport: true });
    transports.set(ctx, t);
  }
  return t;
}

export async function sendMail(ctx: AppContext, mail: Mail): Promise<void> {
  const info = await (await transportOf(ctx)).sendMail({ from: ctx.config.MAIL_FROM, ...mail });
  if (!ctx.config.SMTP_URL) ctx.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP_URL set: written to the log)');
  else ctx.log.info({ messageId: info.messageId }, 'mail sent');
}

export const link = (ctx: AppContext, path: string) => `${ctx.config.PUBLIC_BASE_URL}${path}`;
