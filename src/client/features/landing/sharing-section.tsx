import { Copy, Eye, Globe, Link2, Lock, Mail, PencilLine, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { LandingSection } from './landing-section';

const WAYS: { key: string; Icon: LucideIcon }[] = [
  { key: 'publicLink', Icon: Globe },
  { key: 'invitation', Icon: Lock },
];

const ROLES: { key: string; Icon: LucideIcon }[] = [
  { key: 'viewer', Icon: Eye },
  { key: 'editor', Icon: PencilLine },
];

export function SharingSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection id="sharing" eyebrow={t('sharing.eyebrow')} title={t('sharing.title')} lead={t('sharing.lead')} align="start">
      <div className="mt-12 grid grid-cols-1 items-center gap-12 lg:grid-cols-2">
        <div className="grid gap-6">
          <ul className="grid gap-4 sm:grid-cols-2">
            {WAYS.map(({ key, Icon }) => (
              <li key={key} className="rounded-2xl border border-border bg-card p-5">
                <Icon aria-hidden="true" className="size-6 text-primary" />
                <h3 className="mt-3 font-bold">{t(`sharing.ways.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`sharing.ways.${key}.description`)}</p>
              </li>
            ))}
          </ul>
          <div>
            <h3 className="font-bold">{t('sharing.rolesTitle')}</h3>
            <dl className="mt-3 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-3">
              {ROLES.map(({ key, Icon }) => (
                <div key={key} className="contents">
                  <dt className="flex items-start gap-2 text-sm font-semibold">
                    <Icon aria-hidden="true" className="mt-0.5 size-4 text-primary" />
                    {t(`sharing.roles.${key}.title`)}
                  </dt>
                  <dd className="text-sm text-muted-foreground">{t(`sharing.roles.${key}.description`)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
        <ShareDialogPreview />
      </div>
    </LandingSection>
  );
}

/** The Share Course dialog in miniature: public link, invitation by email with a role, invitation statuses. */
function ShareDialogPreview() {
  const { t } = useTranslation('landing');
  const invitations = [
    { email: 'mia@example.com', role: 'editor', status: 'accepted' },
    { email: 'leo@example.com', role: 'viewer', status: 'pending' },
  ];
  return (
    <div aria-hidden="true" className="rounded-3xl border border-border bg-card p-6 shadow-2xl shadow-black/5">
      <p className="text-lg font-bold">{t('sharing.preview.title')}</p>
      <div className="mt-4 flex items-center gap-2 rounded-xl bg-accent px-3 py-2.5 text-sm font-semibold text-accent-foreground">
        <Globe className="size-4" />
        {t('sharing.preview.public')}
      </div>
      <div className="mt-3 flex items-center gap-2">
        <span className="flex min-w-0 flex-1 items-center gap-2 rounded-xl border border-input px-3 py-2 text-sm text-muted-foreground">
          <Link2 className="size-4 shrink-0" />
          <span className="truncate">{'/space/4f9c2a71-8d3e…'}</span>
        </span>
        <span className="inline-flex items-center gap-1.5 rounded-xl bg-primary px-3 py-2 text-sm font-semibold text-primary-foreground">
          <Copy className="size-4" />
          {t('sharing.preview.copy')}
        </span>
      </div>
      <div className="mt-5 border-t border-border pt-5">
        <p className="text-sm font-bold">{t('sharing.preview.invite')}</p>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="flex basis-full items-center gap-2 rounded-xl border border-input px-3 py-2 text-muted-foreground sm:basis-auto sm:flex-1">
            <Mail className="size-4" />
            {t('sharing.preview.emailPlaceholder')}
          </span>
          <span className="rounded-xl border border-input px-3 py-2 font-medium">{t('sharing.roles.viewer.title')}</span>
          <span className="rounded-xl bg-foreground px-3 py-2 font-semibold text-background">{t('sharing.preview.inviteButton')}</span>
        </div>
        <ul className="mt-4 grid gap-2">
          {invitations.map(({ email, role, status }) => (
            <li key={email} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl bg-muted/70 px-3 py-2 text-sm">
              <span className="min-w-0 truncate font-medium">{email}</span>
              <span className="flex shrink-0 items-center gap-2">
                <span className="text-muted-foreground">{t(`sharing.roles.${role}.title`)}</span>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-bold',
                    status === 'accepted'
                      ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300'
                      : 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
                  )}
                >
                  {t(`sharing.preview.status.${status}`)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
