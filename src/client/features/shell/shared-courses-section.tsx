import { Link, useNavigate } from '@tanstack/react-router';
import { Compass, FileText, LoaderCircle, MailPlus, Pencil, Sparkles, Upload, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { MyInvitation } from '../../../shared/sharing';
import { RenameDialog, type RenameTarget } from '../../components/rename-dialog';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { useMyInvitations, useSpacesMutation } from '../../lib/spaces';
import { CollapsibleSection } from './collapsible-section';
import type { SharedCourse } from './shared-courses';
import { sidebarLinkClass } from './sidebar-styles';

/**
 * Spec §2 "Shared Courses": the courses shared with the student and their files, pending invitations to accept, a
 * badge counting the courses not yet opened; with none, an invitation to find one. An editor of a course uploads into
 * it and renames its files from here.
 */
export function SharedCoursesSection({ courses }: { courses: readonly SharedCourse[] }) {
  const { t } = useTranslation(['shell', 'errors']);
  const invitations = useMyInvitations().data ?? [];
  const [renaming, setRenaming] = useState<RenameTarget | null>(null);
  const newCount = courses.filter((course) => course.isNew).length;
  return (
    <CollapsibleSection id="shared" title={t('shared.title')} badge={newCount > 0 && <NewCoursesBadge count={newCount} />}>
      {invitations.length > 0 && <Invitations invitations={invitations} />}
      {courses.length === 0 ? (
        <div className="mx-2 flex flex-col items-start gap-2.5 rounded-xl bg-muted/70 px-3 py-3" data-testid="shared-courses-empty">
          <p className="text-sm text-muted-foreground">{t('shared.empty')}</p>
          <Button asChild size="sm" variant="outline" className="bg-card">
            <Link to="/courses">
              <Compass aria-hidden="true" />
              {t('shared.find')}
            </Link>
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-0.5 px-2" data-testid="shared-courses-list">
          <li>
            <Link to="/courses" className={sidebarLinkClass}>
              <Sparkles aria-hidden="true" className="text-points" />
              {t('shared.newCourses')}
            </Link>
          </li>
          {courses.map((course) => (
            <li key={course.id} data-testid="shared-course">
              <div className="group/course flex items-center gap-0.5">
                <Link to="/space/$uuid" params={{ uuid: course.uuid }} className={cn(sidebarLinkClass, 'min-w-0 flex-1')}>
                  <Users aria-hidden="true" />
                  <span className="truncate">{course.name}</span>
                  {course.isNew && <span aria-hidden="true" className="ml-auto size-2 shrink-0 rounded-full bg-primary" />}
                </Link>
                {course.canEdit && course.directoryId && (
                  <Link
                    to="/dashboard/upload"
                    search={{ directoryId: course.directoryId, uuid: course.uuid }}
                    aria-label={t('shared.uploadTo', { name: course.name })}
                    title={t('shared.upload')}
                    className={cn(rowActionClass, 'group-hover/course:opacity-100')}
                    data-testid="shared-course-upload"
                  >
                    <Upload aria-hidden="true" />
                  </Link>
                )}
              </div>
              {course.files.length > 0 && (
                <ul className="ml-5 border-l border-border pl-2">
                  {course.files.map((file) => (
                    <li key={file.id} className="group/file flex items-center gap-0.5">
                      <Link
                        to="/summary"
                        search={{ uuid: course.uuid, id: file.id }}
                        className={cn(sidebarLinkClass, 'h-8 min-w-0 flex-1 text-[0.8125rem] text-muted-foreground [&_svg]:size-4')}
                      >
                        <FileText aria-hidden="true" />
                        <span className="truncate">{file.name}</span>
                      </Link>
                      {course.canEdit && (
                        <button
                          type="button"
                          aria-label={t('shared.renameFile', { name: file.name })}
                          title={t('shared.rename')}
                          className={cn(rowActionClass, 'group-hover/file:opacity-100')}
                          onClick={() => setRenaming({ kind: 'file', id: file.id, name: file.name, uuid: course.uuid })}
                          data-testid="shared-file-rename"
                        >
                          <Pencil aria-hidden="true" />
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <RenameDialog target={renaming} onClose={() => setRenaming(null)} />
    </CollapsibleSection>
  );
}

/** A row's own action: shown on hover or focus, always on touch screens (no hover there). */
const rowActionClass =
  'inline-flex size-7 shrink-0 items-center justify-center rounded-lg text-muted-foreground opacity-0 transition hover:bg-muted hover:text-foreground focus-visible:opacity-100 pointer-coarse:opacity-100 [&_svg]:size-3.5';

/** Pending invitations to the student's address (spaces.getMyInvitations), each accepted in place. */
function Invitations({ invitations }: { invitations: readonly MyInvitation[] }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const accept = useSpacesMutation('acceptInvitation');
  const navigate = useNavigate();
  return (
    <section className="mx-2 mb-2 flex flex-col gap-1.5 rounded-xl border border-primary/25 bg-primary/5 p-2" aria-label={t('sidebar.invitations')} data-testid="shared-invitations">
      {invitations.map((invitation) => (
        <div key={invitation.id} className="flex items-center gap-2 rounded-lg px-1.5 py-1">
          <MailPlus aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium">{invitation.spaceName}</span>
            <span className="block truncate text-xs text-muted-foreground">{t('sidebar.invitedBy', { owner: invitation.ownerName })}</span>
          </span>
          <Button
            size="sm"
            className="h-7 px-2.5 text-xs"
            disabled={accept.isPending}
            aria-label={t('sidebar.acceptFor', { name: invitation.spaceName })}
            onClick={() =>
              accept.mutate(
                { invitationId: invitation.id },
                {
                  onSuccess: () => {
                    toast.success(t('toast.accepted'));
                    void navigate({ to: '/space/$uuid', params: { uuid: invitation.uuid } });
                  },
                  onError: (error) => toast.error(errorMessage(error, t, t('toast.acceptFailed'))),
                },
              )
            }
          >
            {accept.isPending && accept.variables.invitationId === invitation.id && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {t('sidebar.accept')}
          </Button>
        </div>
      ))}
    </section>
  );
}

function NewCoursesBadge({ count }: { count: number }) {
  const { t } = useTranslation(['shell', 'errors']);
  return (
    <span data-testid="shared-courses-badge" className="ml-1 rounded-full bg-primary px-1.5 py-px text-[0.6875rem] font-bold text-primary-foreground normal-case">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t('shared.newCount', { count })}</span>
    </span>
  );
}
