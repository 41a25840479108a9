import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, BookOpen, Compass, FileText, Globe2, LayoutDashboard, Link2Off, LoaderCircle, Lock, MailCheck, RotateCcw, Settings2, Upload, UserPlus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SpaceContent } from '../../../shared/sharing';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Skeleton } from '../../components/ui/skeleton';
import { sessionQueryOptions } from '../../lib/session';
import { errorData, errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TagList } from './course-details-tab';
import { LeaveCourseButton } from './leave-course';
import { ShareCourseDialog } from './share-course-dialog';
import { useSpaceByUuid, useSpacesMutation } from '../../lib/spaces';
import { markCourseVisited } from '../../lib/visited-courses';

/**
 * The share link's page, /space/{uuid} and /spaces/{uuid} (spec §2): the course, its owner, description, tags and
 * visible files, and what the visitor may do — join a public course, accept an invitation, or open the course's first
 * visible file in the study tabs (?uuid=&id=). A link the visitor may not use reads as "not available", whatever the
 * reason, so nothing about a private course leaks. Signed-out visitors are sent to sign in and back by the app layout.
 */
export function SpacePage({ uuid }: { uuid: string }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const space = useSpaceByUuid(uuid);
  useDocumentTitle(space.data?.name ?? t('landing.notFoundTitle'));
  if (space.isPending) return <LandingSkeleton />;
  if (space.isError) {
    const status = errorData(space.error)?.httpStatus;
    if (status === 404 || status === 403 || status === 400) return <Unavailable />;
    return (
      <Notice icon={<Link2Off aria-hidden="true" className="size-9 text-destructive" />} title={t('landing.notFoundTitle')} description={t('landing.loadFailed')} testId="space-load-failed">
        <Button className="mt-6" onClick={() => void space.refetch()}>
          <RotateCcw aria-hidden="true" />
          {t('landing.retry')}
        </Button>
      </Notice>
    );
  }
  return <Landing space={space.data} />;
}

function Unavailable() {
  const { t } = useTranslation(['sharing', 'errors']);
  return (
    <Notice icon={<Link2Off aria-hidden="true" className="size-9 text-muted-foreground" />} title={t('landing.notFoundTitle')} description={t('landing.notFoundDescription')} testId="space-not-found">
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/courses">
            <Compass aria-hidden="true" />
            {t('landing.findCourse')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" />
            {t('landing.dashboard')}
          </Link>
        </Button>
      </div>
    </Notice>
  );
}

function LandingSkeleton() {
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 px-4 py-8 md:px-8" data-testid="space-loading">
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

function Landing({ space }: { space: SpaceContent }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  const isMember = space.membershipId !== null && space.access.canStudy && !space.isOwner;
  useEffect(() => {
    if (userId && isMember) markCourseVisited(userId, space.id);
  }, [userId, isMember, space.id]);
  const visibleFiles = space.files.filter((file) => file.isVisible);
  const isPublic = space.visibility === 'public';
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 md:px-8 md:py-10" data-testid="space-page">
      <section className="relative overflow-hidden rounded-2xl border border-border bg-card p-6 shadow-sm md:p-8">
        <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-primary/10 blur-3xl" />
        <div className="relative flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary" className="gap-1">
              {isPublic ? <Globe2 aria-hidden="true" className="size-3.5" /> : <Lock aria-hidden="true" className="size-3.5" />}
              {isPublic ? t('landing.public') : t('landing.private')}
            </Badge>
            <span className="text-xs text-muted-foreground">
              {t('landing.files', { count: visibleFiles.length })} · {t('landing.members', { count: space.memberCount })}
            </span>
          </div>
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight break-words md:text-3xl" data-testid="space-name">
              {space.name}
            </h1>
            <p className="mt-1 text-sm text-muted-foreground" data-testid="space-owner">
              {t('landing.byOwner', { owner: space.ownerName })}
            </p>
          </div>
          {space.description && <p className="max-w-prose text-sm leading-relaxed whitespace-pre-line text-foreground/85">{space.description}</p>}
          {space.tags.length > 0 && <TagList tags={space.tags} />}
          <SpaceActions space={space} firstFileId={visibleFiles[0]?.fileId ?? null} />
        </div>
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-base font-bold">{t('landing.filesTitle')}</h2>
        {visibleFiles.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">{t('landing.noVisibleFiles')}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="space-files">
            {visibleFiles.map((file) => (
              <li key={file.fileId}>
                {space.access.canStudy ? (
                  <Link
                    to="/summary"
                    search={{ uuid: space.uuid, id: file.fileId }}
                    className="flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 text-sm font-medium transition-colors hover:border-primary/40 hover:bg-primary/5"
                  >
                    <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
                    <span className="min-w-0 flex-1 truncate">{file.file.name}</span>
                    <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  </Link>
                ) : (
                  <span className="flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 text-sm font-medium">
                    <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1 truncate">{file.file.name}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function SpaceActions({ space, firstFileId }: { space: SpaceContent; firstFileId: string | null }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const navigate = useNavigate();
  const join = useSpacesMutation('joinPublicSpace');
  const accept = useSpacesMutation('acceptInvitation');
  const [managing, setManaging] = useState(false);
  const role = t(`roles.${space.role}`);
  const pending = join.isPending || accept.isPending;

  function openCourse() {
    if (firstFileId) void navigate({ to: '/summary', search: { uuid: space.uuid, id: firstFileId } });
  }

  async function run(action: () => Promise<unknown>, success: string, fallback: string) {
    try {
      await action();
      toast.success(success);
      openCourse();
    } catch (error) {
      toast.error(errorMessage(error, t, fallback));
    }
  }

  const status = space.isOwner
    ? t('landing.youOwn')
    : space.access.canAcceptInvitation
      ? t('landing.invited', { role })
      : space.access.canJoin
        ? t('landing.publicJoin')
        : space.access.canStudy
          ? t('landing.youAreMember', { role })
          : null;

  return (
    <div className="mt-2 flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
      {status && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="space-status">
          {space.access.canAcceptInvitation ? <MailCheck aria-hidden="true" className="size-4 shrink-0" /> : <Users aria-hidden="true" className="size-4 shrink-0" />}
          {status}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {space.access.canManage && (
          <Button variant="outline" onClick={() => setManaging(true)} data-testid="space-manage">
            <Settings2 aria-hidden="true" />
            {t('landing.manage')}
          </Button>
        )}
        {space.access.canLeave && space.membershipId !== null && <LeaveCourseButton spaceId={space.id} courseName={space.name} />}
        {space.access.canEditFiles && (
          <Button asChild variant="outline" data-testid="space-upload">
            <Link to="/dashboard/upload" search={{ directoryId: space.directoryId, uuid: space.uuid }}>
              <Upload aria-hidden="true" />
              {t('landing.upload')}
            </Link>
          </Button>
        )}
        {space.access.canAcceptInvitation && space.invitationId !== null ? (
          <Button
            disabled={pending}
            data-testid="space-accept"
            onClick={() => {
              const invitationId = space.invitationId;
              if (invitationId) void run(() => accept.mutateAsync({ invitationId }), t('toast.accepted'), t('toast.acceptFailed'));
            }}
          >
            {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <MailCheck aria-hidden="true" />}
            {t('landing.accept')}
          </Button>
        ) : space.access.canJoin ? (
          <Button
            disabled={pending}
            data-testid="space-join"
            onClick={() => void run(() => join.mutateAsync({ uuid: space.uuid }), t('toast.joined', { name: space.name }), t('toast.joinFailed'))}
          >
            {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <UserPlus aria-hidden="true" />}
            {t('landing.join')}
          </Button>
        ) : (
          space.access.canStudy &&
          firstFileId && (
            <Button asChild data-testid="space-open">
              <Link to="/summary" search={{ uuid: space.uuid, id: firstFileId }}>
                <BookOpen aria-hidden="true" />
                {t('landing.open')}
              </Link>
            </Button>
          )
        )}
      </div>
      {space.access.canManage && <ShareCourseDialog spaceId={space.id} open={managing} onOpenChange={setManaging} />}
    </div>
  );
}
