import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronsUpDown, ExternalLink, Languages, LogOut, MessageSquare, Settings, ShieldCheck, SunMoon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Avatar } from '../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import type { SessionData } from '../../lib/session';
import { isLocale, LOCALES } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc';
import { isThemePreference, setThemePreference, THEME_PREFERENCES, useThemePreference } from './theme';
import { MEDIUM_UP, useMediaQuery } from './use-media-query';
import { useChooseLocale } from './use-user-locale';

/** The deployment's public settings (the feedback address); they do not change while the app runs. */
export function publicConfigQuery(trpc: ReturnType<typeof useTRPC>) {
  return trpc.system.getPublicConfig.queryOptions(undefined, { staleTime: Infinity });
}

/** Spec §2: sign out returns to the landing page with nothing of the previous user left in the cache. */
function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  return async () => {
    // better-auth's client loads with the first sign-out rather than with every page of the shell.
    const result = await import('../../lib/auth-client').then(
      ({ authClient }) => authClient.signOut(),
      (error: unknown) => ({ error }),
    );
    if (result.error) {
      toast.error(t('menu.signOutFailed'));
      return;
    }
    queryClient.clear();
    // Nothing of theirs stays for the next person on this device: the cards kept for review offline and the app's
    // pages the service worker kept (they carry the signed-in user). Ratings not sent yet stay, sent at their next
    // sign-in (lib/offline/outbox.ts).
    await Promise.allSettled([
      import('../../lib/offline/store').then(({ forgetSessions }) => forgetSessions()),
      import('../../lib/offline/service-worker').then(({ forgetAppPages }) => forgetAppPages()),
    ]);
    await navigate({ to: '/' });
  };
}

/** A submenu of mutually exclusive choices; each option's test id is the submenu's plus its value. */
function ChoiceSubmenu({
  testId,
  icon,
  label,
  value,
  options,
  onChoose,
}: {
  testId: string;
  icon: ReactNode;
  label: string;
  value: string;
  options: readonly { value: string; label: string; lang?: string }[];
  onChoose: (value: string) => void;
}) {
  // A submenu cannot open beside the menu on a phone (the menu fills the width), so there it overlaps the menu.
  const beside = useMediaQuery(MEDIUM_UP);
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger data-testid={testId}>
        {icon}
        {label}
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent sideOffset={beside ? 4 : -136} alignOffset={beside ? -4 : 28} className="shadow-xl">
        <DropdownMenuRadioGroup value={value} onValueChange={onChoose}>
          {options.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value} lang={option.lang} data-testid={`${testId}-${option.value}`}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}

export function UserMenu({ user }: { user: SessionData['user'] }) {
  const { t } = useTranslation('shell');
  const trpc = useTRPC();
  const feedbackUrl = useQuery(publicConfigQuery(trpc)).data?.feedbackUrl;
  const isAdmin = useQuery(trpc.admin.isAdmin.queryOptions(undefined, { staleTime: 5 * 60_000 })).data?.isAdmin === true;
  const { locale, chooseLocale } = useChooseLocale(user.id);
  const theme = useThemePreference();
  const signOut = useSignOut();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="user-menu-trigger"
        className="flex w-full items-center gap-3 rounded-xl p-2 text-left transition-colors hover:bg-muted data-[state=open]:bg-muted"
      >
        <Avatar name={user.name} image={user.image} />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-semibold">{user.name}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </span>
        <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-60">
        <DropdownMenuItem asChild data-testid="menu-settings">
          <Link to="/settings">
            <Settings aria-hidden="true" />
            {t('menu.settings')}
          </Link>
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem asChild data-testid="menu-admin">
            <Link to="/admin">
              <ShieldCheck aria-hidden="true" />
              {t('menu.admin')}
            </Link>
          </DropdownMenuItem>
        )}
        {/* The address is deployment configuration; until it has loaded the item shows, unavailable. */}
        <DropdownMenuItem asChild disabled={!feedbackUrl} data-testid="menu-feedback">
          <a href={feedbackUrl} target="_blank" rel="noopener noreferrer">
            <MessageSquare aria-hidden="true" />
            {t('menu.feedback')}
            <ExternalLink aria-hidden="true" className="ml-auto text-muted-foreground" />
            <span className="sr-only">{t('menu.opensInNewTab')}</span>
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <ChoiceSubmenu
          testId="menu-language"
          icon={<Languages aria-hidden="true" />}
          label={t('menu.language')}
          value={locale}
          options={LOCALES.map((option) => ({ value: option, label: t(`language.${option}`), lang: option }))}
          onChoose={(value) => isLocale(value) && chooseLocale(value)}
        />
        <ChoiceSubmenu
          testId="menu-theme"
          icon={<SunMoon aria-hidden="true" />}
          label={t('menu.theme')}
          value={theme}
          options={THEME_PREFERENCES.map((option) => ({ value: option, label: t(`theme.${option}`) }))}
          onChoose={(value) => isThemePreference(value) && setThemePreference(value)}
        />
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid="menu-sign-out" onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          {t('menu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
