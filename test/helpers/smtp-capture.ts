// A local SMTP server (smtp-server) that accepts every message and keeps it, parsed by
// mailparser, so tests follow the links the service mails. The service reaches it through
// SMTP_URL with nodemailer, over the real protocol.
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

export async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          const to = Array.isArray(m.to) ? m.to[0] : m.to;
          mails.push({ to: to?.value[0]?.address ?? '', subject: m.subject ?? '', text: m.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The first link to this site in the latest mail to `to` whose subject matches. */
    linkTo(to: string, subject: RegExp): string | undefined {
      const mail = mails.filter((m) => m.to === to && subject.test(m.subject)).at(-1);
      return mail?.text.match(/https?:\/\/\S+/)?.[0];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
