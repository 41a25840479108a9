import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Locale } from '../../../shared/schemas';
import { changeLocale, isLocale } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc';

/** The user whose stored language this page load has already settled; later changes are the person's own choice. */
let settledForUserId: string | null = null;

function useCurrentLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/** Saves a language on the user and keeps the cached user in step, so the layout does not switch back. */
function useSaveLocale(userId: string | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTranslation('shell');
  const userQuery = trpc.user.getUser.queryOptions({ id: userId ?? '' }, { enabled: Boolean(userId) });
  const save = useMutation(
    trpc.user.setLocale.mutationOptions({
      onSuccess: ({ locale }) => queryClient.setQueryData(userQuery.queryKey, (user) => user && { ...user, locale }),
      onError: () => toast.error(t('language.saveFailed')),
    }),
  );
  return { userQuery, save: save.mutate };
}

/**
 * Settles the language once per page load, in the layout (always mounted, unlike the menu): a language stored on the
 * user wins, so a person who chose German on one device gets it on the next; a user with none yet keeps the language
 * they are using (perhaps picked on the landing page), which is then stored for them.
 */
export function useSettleUserLocale(userId: string | undefined) {
  const current = useCurrentLocale();
  const { userQuery, save } = useSaveLocale(userId);
  const user = useQuery(userQuery).data;

  useEffect(() => {
    if (!userId || !user || settledForUserId === userId) return;
    settledForUserId = userId;
    if (!user.locale) save({ locale: current });
    else if (user.locale !== current) void changeLocale(user.locale);
  }, [userId, user, current, save]);
}

/** The language of the UI and the way to change it: at once on screen, then saved on the user. */
export function useChooseLocale(userId: string) {
  const locale = useCurrentLocale();
  const { save } = useSaveLocale(userId);

  function chooseLocale(next: Locale) {
    // A choice made before the stored language arrived wins over it.
    settledForUserId = userId;
    void changeLocale(next);
    save({ locale: next });
  }

  return { locale, chooseLocale };
}
