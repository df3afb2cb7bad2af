/**
 * Code delivery. `outbox` (default) logs the message and keeps it in outbox_messages for the demo
 * (a sandbox: under NODE_ENV=production it refuses to start unless
 * ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION=1, and then warns; platform/sandboxes.ts);
 * `twilio` sends SMS through Twilio's Messages API; `smtp` sends e-mail through any SMTP server.
 * Every attempt is recorded in outbox_messages (real providers store the text with the code masked).
 */
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { MAIL_OUTBOX, refuseSandboxes, type SandboxInUse, SMS_OUTBOX, sandboxWarning } from './sandboxes.ts';

export interface Message {
  channel: 'sms' | 'email';
  /** "86-13800000000" or an e-mail address. */
  target: string;
  subject: string;
  text: string;
  /** The secret inside text, masked when a real provider is used. */
  secret?: string;
}

export interface Transport {
  readonly name: string;
  send(m: Message): Promise<void>;
}

export interface Messenger {
  send(m: Message): Promise<void>;
}

export function outboxTransport(log: Logger): Transport {
  return {
    name: 'outbox',
    async send(m) {
      log.info({ channel: m.channel, target: m.target }, `outbox: ${m.text}`);
    },
  };
}

/** Twilio Programmable Messaging: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded, Basic auth. */
export function twilioTransport(cfg: Config['sms']): Transport {
  return {
    name: 'twilio',
    async send(m) {
      const [country, number] = m.target.split('-');
      const body = new URLSearchParams({ To: `+${country}${number}`, From: cfg.from, Body: m.text });
      const res = await fetch(
        `${cfg.twilioUrl}/2010-04-01/Accounts/${encodeURIComponent(cfg.twilioSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${cfg.twilioSid}:${cfg.twilioToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body,
          signal: AbortSignal.timeout(10_000),
        },
      );
      if (!res.ok) {
        const detail = await res.text().catch(() => '');
        throw new Error(`Twilio answered ${res.status}: ${detail.slice(0, 200)}`);
      }
    },
  };
}

export function smtpTransport(cfg: Config['mail']): Transport {
  const transporter = nodemailer.createTransport(cfg.smtpUrl);
  return {
    name: 'smtp',
    async send(m) {
      await transporter.sendMail({ from: cfg.from, to: m.target, subject: m.subject, text: m.text });
    },
  };
}

export function createMessenger(db: Db, transports: { sms: Transport; email: Transport }): Messenger {
  return {
    async send(m) {
      const transport = transports[m.channel];
      const stored = transport.name === 'outbox' || !m.secret ? m.text : m.text.replaceAll(m.secret, '****');
      let error: string | null = null;
      try {
        await transport.send(m);
      } catch (err) {
        error = (err as Error).message;
      }
      await db
        .insertInto('outbox_messages')
        .values({
          channel: m.channel,
          target: m.target,
          body: stored,
          provider: transport.name,
          status: error ? 'failed' : 'sent',
          error,
        })
        .execute();
      if (error) throw new Error(error);
    },
  };
}

export function transportsFromConfig(config: Config, log: Logger) {
  const outboxes: SandboxInUse[] = [];
  if (config.sms.provider === 'outbox') outboxes.push(SMS_OUTBOX);
  if (config.mail.provider === 'outbox') outboxes.push(MAIL_OUTBOX);
  refuseSandboxes(config, outboxes);
  if (config.production && outboxes.length) log.warn(sandboxWarning(outboxes));
  return {
    sms: config.sms.provider === 'twilio' ? twilioTransport(config.sms) : outboxTransport(log),
    email: config.mail.provider === 'smtp' ? smtpTransport(config.mail) : outboxTransport(log),
  };
}
