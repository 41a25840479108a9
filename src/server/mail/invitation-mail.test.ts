import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { user } from '../db/schema';
import { captureLog, callerFor, createTestServices, createUser } from '../test/harness';
import { sharedCourse } from '../test/sharing';
import { invitationLink, invitationMail } from './invitation-mail';

/**
 * Invitation emails through SMTP: a local SMTP sink (smtp-server on 127.0.0.1, a free port) stands in for the
 * mail server at the network edge; the app sends through nodemailer as it would in production.
 */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
/** Addresses the sink refuses, to see a failed send. */
const REFUSED = 'bounce@example.test';

const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address === REFUSED) callback(new Error('mailbox unavailable'));
    else callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((entry) => entry.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const port = (sink.server.address() as AddressInfo).port;

const { log, entries } = captureLog();
const services = await createTestServices({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: 'StudyPath <invites@studypath.test>' }, log });
afterAll(async () => {
  await services.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

/** The decoded headers and text of a received message (quoted-printable and RFC 2047 encoded words undone). */
function parse(raw: string): { subject: string; body: string } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const subjectLine = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?(.*?)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
  const quoted = rest.join('\r\n\r\n').replace(/=\r\n/g, '');
  const body = Buffer.from(quoted.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  return { subject, body };
}

async function waitForMailTo(address: string): Promise<Received> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mail = received.find((entry) => entry.to.includes(address));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${address}`);
}

describe('invitation emails', () => {
  test('an invitation is mailed to the invitee with the course link, in English by default', async () => {
    const course = await sharedCourse(services, { visibility: 'private' });
    const invited = await callerFor(services, course.owner).spaces.addMember({
      spaceId: course.spaceId,
      uuid: course.uuid,
      email: 'New.Student@Example.test',
      role: 'viewer',
    });
    expect(invited.emailSent).toBe(true);
    const mail = await waitForMailTo('new.student@example.test');
    expect(mail.to).toEqual(['new.student@example.test']);
    expect(mail.from).toBe('invites@studypath.test');
    const { subject, body } = parse(mail.raw);
    expect(subject).toBe(`${course.owner.user.name} invited you to the course “Shared Biology” on StudyPath`);
    expect(body).toContain(`http://localhost:3000/space/${course.uuid}`);
    expect(body).toContain('Sign in or sign up with this address (new.student@example.test) to accept the invitation.');
  });

  test("the mail is German when the invitee's stored locale is 'de'", async () => {
    const course = await sharedCourse(services, { visibility: 'private' });
    const invitee = await createUser(services);
    await services.db.update(user).set({ locale: 'de' }).where(eq(user.id, invitee.user.id));
    await callerFor(services, course.owner).spaces.addMember({ spaceId: course.spaceId, uuid: course.uuid, email: invitee.user.email, role: 'editor' });
    const { subject, body } = parse((await waitForMailTo(invitee.user.email.toLowerCase())).raw);
    expect(subject).toBe(`${course.owner.user.name} hat dich zum Kurs „Shared Biology“ auf StudyPath eingeladen`);
    expect(body).toContain('und Dateien hinzuzufügen');
    expect(body).toContain(`http://localhost:3000/space/${course.uuid}`);
  });

  test('a send the mail server refuses is logged, and the invitation stands', async () => {
    const course = await sharedCourse(services, { visibility: 'private' });
    const invited = await callerFor(services, course.owner).spaces.addMember({ spaceId: course.spaceId, uuid: course.uuid, email: REFUSED, role: 'viewer' });
    expect(invited).toMatchObject({ status: 'pending', emailSent: false });
    expect(received.some((entry) => entry.to.includes(REFUSED))).toBe(false);
    expect(entries.some((entry) => entry.msg === 'mail not sent')).toBe(true);
    const log = entries.find((entry) => entry.msg === 'invitation saved, but its email was not sent');
    expect(log).toMatchObject({ invitationId: invited.id });
    expect(JSON.stringify(entries)).not.toContain(REFUSED);
    const invitations = await callerFor(services, course.owner).spaces.getInvitations({ spaceId: course.spaceId });
    expect(invitations.map((entry) => entry.email)).toContain(REFUSED);
  });
});

describe('the mail configuration and text', () => {
  const base = { DATA_DIR: '/tmp/studypath-mail-config', BETTER_AUTH_SECRET: 'x'.repeat(40), APP_URL: 'https://study.example.org' };

  test('SMTP_URL is optional, must be smtp(s), and SMTP_FROM needs it', () => {
    expect(loadConfig(base).mail).toBeNull();
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://user:pass@mail.example.org:465' }).mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example.org:465',
      from: 'StudyPath <no-reply@study.example.org>',
    });
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ ...base, SMTP_FROM: 'a@b.test' })).toThrow(ConfigError);
  });

  test('the link is APP_URL + /space/{uuid}, and names and courses are escaped in the HTML part', () => {
    expect(invitationLink('https://study.example.org', 'abc')).toBe('https://study.example.org/space/abc');
    expect(invitationLink('https://example.org/app/', 'abc')).toBe('https://example.org/app/space/abc');
    const mail = invitationMail({ to: 'a@b.test', locale: null, inviterName: '<b>Eve</b>', courseName: 'A & B', role: 'viewer', uuid: 'u', appUrl: 'http://x.test' });
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).toContain('A &amp; B');
    expect(mail.text).toContain('http://x.test/space/u');
  });
});
