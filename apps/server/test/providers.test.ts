/**
 * The real code-delivery providers against local fakes that speak their protocols: Twilio's
 * Messages API over HTTP, and SMTP over TCP. The app uses the transports its configuration names.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages.ts';
import { freePort } from './freePort.ts';
import { createTestApp, nextAddress, type TestApp } from './helper.ts';

interface TwilioCall {
  method: string;
  url: string;
  authorization: string;
  contentType: string;
  form: URLSearchParams;
}

/** Twilio Programmable Messaging: POST /2010-04-01/Accounts/{sid}/Messages.json (form, Basic auth). */
function fakeTwilio() {
  const calls: TwilioCall[] = [];
  const state = { status: 201 };
  const server: Server = createHttpServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      calls.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        form: new URLSearchParams(raw),
      });
      res.writeHead(state.status, { 'content-type': 'application/json' });
      res.end(
        state.status === 201
          ? JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' })
          : JSON.stringify({ code: 20500, message: 'Internal Server Error', status: state.status }),
      );
    });
  });
  return { server, calls, state };
}

interface SmtpMail {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP (RFC 5321) for one client: greeting, EHLO/HELO, MAIL, RCPT, DATA, QUIT. */
function fakeSmtp() {
  const mails: SmtpMail[] = [];
  const state = { rejectRcpt: false };
  const server: TcpServer = createTcpServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail: SmtpMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp.local ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(mail);
          mail = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake.smtp.local');
        else if (verb === 'MAIL') {
          mail.from = line.slice(line.indexOf(':') + 1).trim();
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (state.rejectRcpt) reply('550 5.1.1 mailbox unavailable');
          else {
            mail.to.push(line.slice(line.indexOf(':') + 1).trim());
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
    socket.on('error', () => {});
  });
  return { server, mails, state };
}

/** The text of a single-part message, undoing its transfer encoding. */
function mailText(data: string): { headers: string; text: string } {
  const split = data.indexOf('\r\n\r\n');
  const headers = data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = data.slice(split + 4);
  const encoding = headers.match(/^content-transfer-encoding:\s*(\S+)/im)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return { headers, text: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
    return { headers, text: decodeURIComponent(bytes) };
  }
  return { headers, text: body };
}

const listen = (server: Server | TcpServer, port: number) =>
  new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
const close = (server: Server | TcpServer) => new Promise<void>((resolve) => server.close(() => resolve()));

const twilio = fakeTwilio();
const smtp = fakeSmtp();
let t: TestApp;
beforeAll(async () => {
  const [httpPort, smtpPort] = [await freePort(), await freePort()];
  await Promise.all([listen(twilio.server, httpPort), listen(smtp.server, smtpPort)]);
  t = await createTestApp({
    configuredTransports: true,
    env: {
      SMS_PROVIDER: 'twilio',
      TWILIO_API_URL: `http://127.0.0.1:${httpPort}`,
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'twilio-secret-token',
      SMS_FROM: '+15005550006',
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
  });
});
afterAll(async () => {
  await t?.close();
  twilio.server.closeAllConnections();
  await Promise.all([close(twilio.server), close(smtp.server)]);
});

const getCode = (phoneNum: string, codeType: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/baseaccount/getVerifyCode',
    query: { phoneNum, codeType },
    headers,
    remoteAddress: nextAddress(),
  });
const loginSms = (phoneNum: string, verifyCode: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/baseaccount/loginSmS', payload: { phoneNum, verifyCode } });
const outbox = (target: string) =>
  t.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('Twilio SMS', () => {
  it('posts the code to the Messages API, and the code signs in', async () => {
    const res = await getCode('13800000001', '1');
    expect(res.statusCode).toBe(200);
    expect(twilio.calls).toHaveLength(1);
    const call = twilio.calls[0] as TwilioCall;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(call.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789abcdef:twilio-secret-token').toString('base64')}`,
    );
    expect(call.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.form.get('To')).toBe('+8613800000001');
    expect(call.form.get('From')).toBe('+15005550006');
    const body = call.form.get('Body') as string;
    const code = body.match(/\d{4}/)?.[0] as string;
    expect(body).toBe(MESSAGES.codeSms.zh.replace('{code}', code));

    const row = await outbox('86-13800000001');
    expect(row).toMatchObject({ channel: 'sms', provider: 'twilio', status: 'sent', error: null });
    expect(row.body).not.toContain(code);
    expect(row.body).toBe(MESSAGES.codeSms.zh.replace('{code}', '****'));

    expect((await loginSms('13800000001', code)).statusCode).toBe(200);
  });

  it('sends international numbers in E.164 form', async () => {
    const res = await getCode('66-812345678', '2', { 'accept-language': 'th' });
    expect(res.statusCode).toBe(200);
    const call = twilio.calls.at(-1) as TwilioCall;
    expect(call.form.get('To')).toBe('+66812345678');
    expect(call.form.get('Body')).toMatch(/^\[AgriFleet\] รหัสยืนยันของคุณคือ \d{4}/);
  });

  it('reports a provider error as codeSendFailed and records it', async () => {
    twilio.state.status = 500;
    try {
      const res = await getCode('13800000002', '1', { 'accept-language': 'en' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('The code could not be sent, please try again later');
    } finally {
      twilio.state.status = 201;
    }
    const row = await outbox('86-13800000002');
    expect(row).toMatchObject({ provider: 'twilio', status: 'failed' });
    expect(row.error).toMatch(/Twilio answered 500/);
    expect(row.body).toContain('****');
  });
});

describe('SMTP e-mail', () => {
  it('mails the code, and the code signs in', async () => {
    const res = await getCode('admin@agrifleet.local', '1');
    expect(res.statusCode).toBe(200);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0] as SmtpMail;
    expect(mail.from).toBe('<no-reply@localhost>');
    expect(mail.to).toEqual(['<admin@agrifleet.local>']);
    const { headers, text } = mailText(mail.data);
    expect(headers).toMatch(/^To: admin@agrifleet\.local$/im);
    expect(headers).toMatch(/^Subject: /im);
    const code = text.match(/\d{4}/)?.[0] as string;
    expect(text.trim()).toBe(MESSAGES.codeSms.zh.replace('{code}', code));

    const row = await outbox('admin@agrifleet.local');
    expect(row).toMatchObject({ channel: 'email', provider: 'smtp', status: 'sent' });
    expect(row.body).not.toContain(code);

    expect((await loginSms('admin@agrifleet.local', code)).statusCode).toBe(200);
  });

  it('writes the mail in the caller language', async () => {
    const res = await getCode('newcomer@example.com', '2', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    const { headers, text } = mailText((smtp.mails.at(-1) as SmtpMail).data);
    expect(headers).toMatch(/^Subject: AgriFleet verification code$/im);
    expect(text.trim()).toMatch(
      /^\[AgriFleet\] Your verification code is \d{4}\. It is valid for 5 minutes\.$/,
    );
  });

  it('reports a refused recipient as codeSendFailed', async () => {
    smtp.state.rejectRcpt = true;
    try {
      const res = await getCode('other@example.com', '2');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.codeSendFailed.zh);
    } finally {
      smtp.state.rejectRcpt = false;
    }
    const row = await outbox('other@example.com');
    expect(row).toMatchObject({ provider: 'smtp', status: 'failed' });
    expect(row.error).toMatch(/550/);
  });
});
