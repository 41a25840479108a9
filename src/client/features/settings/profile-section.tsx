import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, CircleAlert, Loader2, UserRound } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { NAME_MAX_LENGTH, nameSchema, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, usernameSchema } from '../../../shared/auth';
import { PROFILE_IMAGE_MAX_LENGTH, profileImageSchema } from '../../../shared/profile';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { sessionQueryOptions } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { SettingsCard } from './settings-card';

const LIMITS = { nameMax: NAME_MAX_LENGTH, usernameMin: USERNAME_MIN_LENGTH, usernameMax: USERNAME_MAX_LENGTH, imageMax: PROFILE_IMAGE_MAX_LENGTH };

/** The form's text: an empty picture address means none (the avatar shows the initials). */
interface Profile {
  name: string;
  username: string;
  image: string;
}

export function ProfileSection() {
  const { t } = useTranslation('settings');
  const trpc = useTRPC();
  const userId = useQuery(sessionQueryOptions).data?.user.id ?? '';
  const user = useQuery(trpc.user.getUser.queryOptions({ id: userId }, { enabled: userId !== '' }));
  return (
    <SettingsCard id="profile" icon={UserRound} title={t('profile.title')} description={t('profile.description')}>
      {user.data ? (
        <ProfileForm
          key={user.data.id}
          email={user.data.email}
          saved={{ name: user.data.name, username: user.data.username ?? '', image: user.data.image ?? '' }}
        />
      ) : user.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('profile.loadFailed')}
        </p>
      ) : (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-20 rounded-xl" />
          <Skeleton className="h-11 rounded-lg" />
          <Skeleton className="h-11 rounded-lg" />
        </div>
      )}
    </SettingsCard>
  );
}

function ProfileForm({ saved, email }: { saved: Profile; email: string }) {
  const { t } = useTranslation(['settings', 'auth', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Profile>(saved);
  const [baseline, setBaseline] = useState<Profile>(saved);
  const [showErrors, setShowErrors] = useState(false);

  const nameCheck = nameSchema.safeParse(draft.name);
  const usernameCheck = usernameSchema.safeParse(draft.username);
  const imageCheck = profileImageSchema.safeParse(draft.image.trim() === '' ? null : draft.image);
  const fieldError = (check: typeof nameCheck | typeof usernameCheck | typeof imageCheck) =>
    showErrors && !check.success ? t(`auth:validation.${check.error.issues[0]?.message ?? 'nameRequired'}`, LIMITS) : undefined;
  const nameError = fieldError(nameCheck);
  const usernameError = fieldError(usernameCheck);
  const imageError = fieldError(imageCheck);
  const previewImage = imageCheck.success ? imageCheck.data : null;
  const dirty = draft.name !== baseline.name || draft.username !== baseline.username || draft.image !== baseline.image;

  const save = useMutation(
    trpc.user.updateProfile.mutationOptions({
      onSuccess: () => {
        toast.success(t('settings:profile.saved'));
        setBaseline(draft);
        void queryClient.invalidateQueries(trpc.user.getUser.pathFilter());
        // The sidebar's user menu shows the session's name and picture.
        void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
      },
      onError: (error) => toast.error(errorMessage(error, t, t('settings:profile.saveFailed'))),
    }),
  );

  const submit = () => {
    setShowErrors(true);
    if (!nameCheck.success || !usernameCheck.success || !imageCheck.success || !dirty) return;
    save.mutate({ name: nameCheck.data, username: usernameCheck.data, image: imageCheck.data });
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-center gap-4 rounded-xl bg-muted/60 p-4">
        <Avatar key={previewImage ?? ''} name={draft.name || saved.name} image={previewImage} className="size-16 text-xl" />
        <div className="min-w-0">
          <p className="truncate text-lg font-bold" data-testid="profile-preview-name">
            {draft.name || saved.name}
          </p>
          <p className="truncate text-sm text-muted-foreground">@{draft.username || saved.username}</p>
          <p className="truncate text-xs text-muted-foreground">{email}</p>
        </div>
      </div>
      <Field id={`${id}-name`} label={t('settings:profile.name')} error={nameError}>
        <Input
          id={`${id}-name`}
          value={draft.name}
          maxLength={NAME_MAX_LENGTH + 20}
          autoComplete="name"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          data-testid="profile-name"
          className="h-11"
        />
      </Field>
      <Field id={`${id}-username`} label={t('settings:profile.username')} error={usernameError} hint={t('auth:fields.usernameHint', LIMITS)}>
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">
            @
          </span>
          <Input
            id={`${id}-username`}
            value={draft.username}
            maxLength={USERNAME_MAX_LENGTH + 10}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={usernameError ? true : undefined}
            aria-describedby={[usernameError ? `${id}-username-error` : '', `${id}-username-hint`].join(' ').trim()}
            onChange={(event) => setDraft({ ...draft, username: event.target.value })}
            data-testid="profile-username"
            className="h-11 pl-7"
          />
        </div>
      </Field>
      <Field id={`${id}-image`} label={t('settings:profile.image')} error={imageError} hint={t('settings:profile.imageHint')}>
        <div className="flex gap-2">
          <Input
            id={`${id}-image`}
            type="url"
            inputMode="url"
            value={draft.image}
            placeholder="https://"
            autoComplete="photo"
            spellCheck={false}
            aria-invalid={imageError ? true : undefined}
            aria-describedby={[imageError ? `${id}-image-error` : '', `${id}-image-hint`].join(' ').trim()}
            onChange={(event) => setDraft({ ...draft, image: event.target.value })}
            data-testid="profile-image"
            className="h-11"
          />
          {draft.image ? (
            <Button type="button" variant="outline" className="h-11" onClick={() => setDraft({ ...draft, image: '' })} data-testid="profile-image-remove">
              {t('settings:profile.useInitials')}
            </Button>
          ) : null}
        </div>
      </Field>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-border pt-4">
        {dirty ? null : <span className="mr-auto text-sm text-muted-foreground">{t('settings:profile.upToDate')}</span>}
        {dirty ? (
          <Button type="button" variant="ghost" onClick={() => setDraft(baseline)} disabled={save.isPending}>
            {t('settings:profile.reset')}
          </Button>
        ) : null}
        <Button type="submit" disabled={!dirty || save.isPending} data-testid="profile-save">
          {save.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Check aria-hidden="true" />}
          {save.isPending ? t('settings:profile.saving') : t('settings:profile.save')}
        </Button>
      </div>
    </form>
  );
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-destructive">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
