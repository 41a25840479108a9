import { Check, Copy, Globe2, LoaderCircle, Lock, Mail, UserMinus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  CONFIRM_MAKE_PRIVATE,
  CONFIRM_REVOKE_ACCESS,
  DEFAULT_INVITE_ROLE,
  SHARING_LIMITS,
  type InvitationEntry,
  type MemberEntry,
  type Role,
  type SpaceContent,
} from '../../../shared/sharing';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { LeaveCourseButton } from './leave-course';
import { useInvitations, useMembers, useSpacesMutation } from '../../lib/spaces';
import { SectionTitle } from './section-title';
import { shareLink, useCopyLink } from './use-copy-link';

/** Spec §2 "Share Settings": visibility, invitations, members and the link. Members and invitations: owner only. */
export function ShareSettingsTab({ space }: { space: SpaceContent }) {
  const invitations = useInvitations(space.id, space.isOwner);
  const members = useMembers(space.id, space.isOwner);
  return (
    <div className="flex flex-col gap-6">
      {/* What sharing did comes first, with the way back one click away; then the link that was copied. */}
      {space.isOwner && <VisibilitySetting space={space} publicMembers={(members.data ?? []).filter((member) => !member.isInvited).length} />}
      <CopyLink uuid={space.uuid} />
      {space.isOwner ? (
        <>
          <InviteForm space={space} invitations={invitations.data ?? []} />
          <InvitationList invitations={invitations.data} loading={invitations.isPending} />
          <MemberList spaceId={space.id} members={members.data} loading={members.isPending} />
        </>
      ) : (
        space.access.canLeave && space.membershipId !== null && <MemberLeave space={space} />
      )}
    </div>
  );
}

function CopyLink({ uuid }: { uuid: string }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const { copied, copy } = useCopyLink(uuid);
  const inputId = useId();
  return (
    <section className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-semibold">
        {t('settings.link')}
      </label>
      <div className="flex gap-2">
        <Input id={inputId} readOnly value={shareLink(uuid)} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" data-testid="share-link" />
        <Button
          variant="outline"
          className="shrink-0"
          data-testid="share-copy-link"
          onClick={() => copy().catch(() => toast.error(t('toast.copyFailed')))}
        >
          {copied ? <Check aria-hidden="true" className="text-emerald-600 dark:text-emerald-400" /> : <Copy aria-hidden="true" />}
          {t('settings.copy')}
        </Button>
      </div>
      <p role="status" className="-mb-3 min-h-5 text-sm font-medium text-emerald-700 dark:text-emerald-400" data-testid="share-copy-hint">
        {copied ? t('toast.linkCopied') : ''}
      </p>
    </section>
  );
}

/**
 * Make Public / Make Private (spec §4); private needs 'MAKE PRIVATE' typed when members joined by the public link. A
 * public course says plainly what that means: anyone with the link joins, and it is listed in Find a course.
 */
function VisibilitySetting({ space, publicMembers }: { space: SpaceContent; publicMembers: number }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const update = useSpacesMutation('updateSpace');
  const [confirming, setConfirming] = useState(false);
  const isPublic = space.visibility === 'public';

  async function setVisibility(visibility: 'public' | 'private', confirm?: string) {
    try {
      await update.mutateAsync({ id: space.id, uuid: space.uuid, visibility, ...(confirm ? { confirm } : {}) });
      toast.success(t('toast.settingsUpdated'));
    } catch (error) {
      toast.error(errorMessage(error, t, t('toast.settingsFailed')));
      throw error;
    }
  }

  return (
    <section className="flex flex-col gap-3">
      <SectionTitle>{t('settings.visibility')}</SectionTitle>
      <div className={cn('flex flex-wrap items-center gap-3 rounded-xl border p-3', isPublic ? 'border-primary/30 bg-primary/5' : 'border-border bg-muted/40')}>
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', isPublic ? 'bg-primary/12 text-primary' : 'bg-muted text-muted-foreground')}>
          {isPublic ? <Globe2 aria-hidden="true" className="size-5" /> : <Lock aria-hidden="true" className="size-5" />}
        </span>
        <div className="min-w-0 flex-1 basis-48">
          <p className="text-sm font-semibold text-balance" data-testid="share-visibility">
            {isPublic ? t('settings.publicListed') : t('settings.private')}
          </p>
          {!isPublic && <p className="text-sm text-muted-foreground">{t('settings.privateHint')}</p>}
        </div>
        <Button
          variant={isPublic ? 'outline' : 'primary'}
          size="sm"
          className="w-full shrink-0 sm:w-auto"
          disabled={update.isPending}
          data-testid="share-visibility-toggle"
          onClick={() => {
            if (!isPublic) void setVisibility('public').catch(() => undefined);
            else if (publicMembers > 0) setConfirming(true);
            else void setVisibility('private').catch(() => undefined);
          }}
        >
          {update.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {isPublic ? t('settings.makePrivate') : t('settings.makePublic')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        severity="high"
        confirmationText={CONFIRM_MAKE_PRIVATE}
        title={t('settings.makePrivateTitle')}
        description={t('settings.makePrivateDescription', { count: publicMembers })}
        confirmLabel={t('settings.makePrivate')}
        onConfirm={() => setVisibility('private', CONFIRM_MAKE_PRIVATE)}
      />
    </section>
  );
}

/** Spec §5 "Invite": blank and already-invited addresses (any case) are refused here; the server checks again. */
function InviteForm({ space, invitations }: { space: SpaceContent; invitations: readonly InvitationEntry[] }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const invite = useSpacesMutation('addMember');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(DEFAULT_INVITE_ROLE);
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const roleId = useId();
  const errorId = useId();

  function validate(value: string): string | null {
    const normalized = value.trim().toLowerCase();
    if (!normalized) return t('invite.emailRequired');
    if (invitations.some((invitation) => invitation.email.trim().toLowerCase() === normalized)) return t('invite.alreadyInvited');
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validate(email);
    setError(problem);
    if (problem || invite.isPending) return;
    try {
      await invite.mutateAsync({ spaceId: space.id, uuid: space.uuid, email: email.trim(), role });
      toast.success(t('toast.invitationSent'));
      setEmail('');
      setRole(DEFAULT_INVITE_ROLE);
    } catch (failure) {
      toast.error(errorMessage(failure, t, t('toast.inviteFailed')));
    }
  }

  return (
    <section className="flex flex-col gap-3">
      <SectionTitle>{t('invite.title')}</SectionTitle>
      <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)} noValidate data-testid="invite-form">
        <label htmlFor={emailId} className="sr-only">
          {t('invite.email')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="relative min-w-0 flex-1">
            <Mail aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id={emailId}
              // Text, not type=email: the browser would trim what was typed before the spec's own checks see it.
              type="text"
              inputMode="email"
              value={email}
              maxLength={SHARING_LIMITS.emailMaxLength}
              placeholder={t('invite.placeholder')}
              autoComplete="off"
              className="pl-9"
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              data-testid="invite-email"
              onChange={(event) => {
                setEmail(event.target.value);
                // Once the person has seen a message, it follows what they type; emptied, it says so at once.
                if (error !== null || event.target.value === '') setError(event.target.value === '' ? t('invite.emailRequired') : validate(event.target.value));
              }}
            />
          </div>
          <label htmlFor={roleId} className="sr-only">
            {t('invite.role')}
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value === 'editor' ? 'editor' : 'viewer')}
            className="h-10 rounded-lg border border-input bg-background px-3 text-sm font-medium"
            data-testid="invite-role"
          >
            <option value="viewer">{t('roles.viewer')}</option>
            <option value="editor">{t('roles.editor')}</option>
          </select>
          <Button type="submit" disabled={email === '' || invite.isPending} data-testid="invite-submit" aria-busy={invite.isPending}>
            {invite.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {t('invite.submit')}
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive" data-testid="invite-error">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

function InvitationList({ invitations, loading }: { invitations: readonly InvitationEntry[] | undefined; loading: boolean }) {
  const { t } = useTranslation(['sharing', 'errors']);
  return (
    <section className="flex flex-col gap-2" data-testid="invitation-list">
      <SectionTitle>{t('invitations.title')}</SectionTitle>
      {loading ? (
        <Skeleton className="h-12 w-full" />
      ) : !invitations || invitations.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">{t('invitations.empty')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex items-center gap-3 px-3 py-2.5 text-sm" data-testid="invitation-row">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 flex-1 truncate">{invitation.email}</span>
              <span className="hidden text-muted-foreground sm:inline">{t(`roles.${invitation.role}`)}</span>
              <Badge
                variant={invitation.status === 'accepted' ? 'default' : 'secondary'}
                className={cn(invitation.status === 'accepted' && 'bg-emerald-600 text-white')}
              >
                {t(`invitations.${invitation.status}`)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberList({ spaceId, members, loading }: { spaceId: string; members: readonly MemberEntry[] | undefined; loading: boolean }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const revoke = useSpacesMutation('removeMember');
  const [revoking, setRevoking] = useState<MemberEntry | null>(null);
  return (
    <section className="flex flex-col gap-2" data-testid="member-list">
      <SectionTitle>{t('members.title')}</SectionTitle>
      {loading ? (
        <Skeleton className="h-12 w-full" />
      ) : !members || members.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">{t('members.empty')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border">
          {members.map((member) => (
            <li key={member.id} className="flex items-center gap-3 px-3 py-2.5 text-sm" data-testid="member-row">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/12 text-xs font-bold text-primary uppercase">
                {(member.name || member.email).slice(0, 1)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{member.name || member.username || member.email}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {t(`roles.${member.role}`)} · {member.isInvited ? t('members.invited') : t('members.viaLink')}
                </span>
              </span>
              <Button variant="ghost" size="sm" className="shrink-0 text-destructive hover:bg-destructive/10" onClick={() => setRevoking(member)} data-testid="member-revoke">
                <UserMinus aria-hidden="true" />
                <span className="hidden sm:inline">{t('members.revoke')}</span>
                <span className="sr-only sm:hidden">{t('members.revokeFor', { name: member.name || member.email })}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => open || setRevoking(null)}
        severity="high"
        confirmationText={CONFIRM_REVOKE_ACCESS}
        title={t('members.revokeTitle')}
        description={t('members.revokeDescription', { name: revoking?.name || revoking?.email })}
        confirmLabel={t('members.revoke')}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync({ spaceId, memberId: revoking.id });
            toast.success(t('toast.accessRevoked'));
          } catch (error) {
            toast.error(errorMessage(error, t, t('toast.revokeFailed')));
            throw error;
          }
        }}
      />
    </section>
  );
}

function MemberLeave({ space }: { space: SpaceContent }) {
  const { t } = useTranslation(['sharing', 'errors']);
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-border bg-muted/40 p-4">
      <div className="flex items-center gap-3">
        <Users aria-hidden="true" className="size-5 text-muted-foreground" />
        <p className="text-sm">{t('settings.memberOf', { owner: space.ownerName, role: t(`roles.${space.role === 'editor' ? 'editor' : 'viewer'}`) })}</p>
      </div>
      <LeaveCourseButton spaceId={space.id} courseName={space.name} />
    </section>
  );
}
