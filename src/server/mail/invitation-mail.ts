import { shareLinkPath, type Role } from '../../shared/sharing';
import type { MailMessage } from './mailer';

/** The invitation to a shared course: English, or German when the invitee's stored locale is 'de'. */
export interface InvitationMailInput {
  to: string;
  locale: 'en' | 'de' | null;
  inviterName: string;
  courseName: string;
  role: Role;
  uuid: string;
  appUrl: string;
}

export function invitationLink(appUrl: string, uuid: string): string {
  // Kept under APP_URL's path, if it has one (a reverse proxy serving the app under /study, say).
  return `${appUrl.replace(/\/+$/, '')}${shareLinkPath(uuid)}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const wording = {
  en: {
    subject: (inviter: string, course: string) => `${inviter} invited you to the course “${course}” on StudyPath`,
    intro: (inviter: string, course: string, role: Role) =>
      `${inviter} invited you to study the course “${course}” on StudyPath${role === 'editor' ? ' and to add files to it' : ''}.`,
    open: 'Open the course:',
    account: (email: string) => `Sign in or sign up with this address (${email}) to accept the invitation.`,
    button: 'Open the course',
  },
  de: {
    subject: (inviter: string, course: string) => `${inviter} hat dich zum Kurs „${course}“ auf StudyPath eingeladen`,
    intro: (inviter: string, course: string, role: Role) =>
      `${inviter} hat dich eingeladen, den Kurs „${course}“ auf StudyPath zu lernen${role === 'editor' ? ' und Dateien hinzuzufügen' : ''}.`,
    open: 'Kurs öffnen:',
    account: (email: string) => `Melde dich mit dieser Adresse (${email}) an oder registriere dich, um die Einladung anzunehmen.`,
    button: 'Kurs öffnen',
  },
} as const;

export function invitationMail(input: InvitationMailInput): MailMessage {
  const words = wording[input.locale === 'de' ? 'de' : 'en'];
  const link = invitationLink(input.appUrl, input.uuid);
  const intro = words.intro(input.inviterName, input.courseName, input.role);
  const account = words.account(input.to);
  return {
    to: input.to,
    subject: words.subject(input.inviterName, input.courseName),
    text: `${intro}\n\n${words.open} ${link}\n\n${account}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(words.button)}</a><br>${escapeHtml(link)}</p>` +
      `<p>${escapeHtml(account)}</p>`,
  };
}
