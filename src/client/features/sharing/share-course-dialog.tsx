import { Link } from '@tanstack/react-router';
import { AlertTriangle, FileUp, FolderOpen, Share2 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpaceContent } from '../../../shared/sharing';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { ContentSettingsTab } from './content-settings-tab';
import { CourseDetailsTab, useCourseDetailsDraft } from './course-details-tab';
import { scrollingBody, tabPanel } from './share-dialog-layout';
import { ShareSettingsTab } from './share-settings-tab';
import { useSpaceContent } from '../../lib/spaces';

export type ShareTab = 'settings' | 'details' | 'content';

/**
 * The Share Course dialog of spec §2 with its three tabs. `autoGenerate` (the Share flow of spec §4 on a new space)
 * generates the description and tags once the space is loaded, showing them on Course Details as they arrive.
 */
export function ShareCourseDialog({
  spaceId,
  open,
  onOpenChange,
  autoGenerate = false,
  initialTab = 'settings',
}: {
  spaceId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  autoGenerate?: boolean;
  initialTab?: ShareTab;
}) {
  const { t } = useTranslation('sharing');
  const content = useSpaceContent(open ? spaceId : null);
  const space = content.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/*
        Pinned near the top rather than centred (the tabs differ in height, and a centred dialog would jump), and never
        taller than the screen: the header and the tabs stay put, each tab scrolls inside, and Course Details keeps its
        Save button in a footer below its scrolling part, at every size.
      */}
      <DialogContent
        className="top-4 flex max-h-[calc(100dvh-2rem)] max-w-2xl translate-y-0 flex-col gap-0 overflow-hidden p-0 sm:top-[6dvh] sm:max-h-[88dvh]"
        data-testid="share-dialog"
        aria-describedby={undefined}
      >
        <DialogHeader className="shrink-0 px-5 pt-5 pb-4 sm:px-6 sm:pt-6">
          <DialogTitle className="flex items-center gap-2">
            <Share2 aria-hidden="true" className="size-5 text-primary" />
            {t('dialog.title')}
          </DialogTitle>
          {space && <DialogDescription className="truncate">{space.name}</DialogDescription>}
        </DialogHeader>
        {content.isError ? (
          <div className={scrollingBody}>
            <p className="flex items-center gap-2 rounded-xl bg-destructive/10 p-4 text-sm text-destructive" role="alert">
              <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
              {t('dialog.loadFailed')}
            </p>
          </div>
        ) : !space ? (
          <div className={cn(scrollingBody, 'flex flex-col gap-3')} data-testid="share-dialog-loading" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : space.isOwner && space.files.length === 0 ? (
          <div className={scrollingBody}>
            <NoFiles directoryId={space.directoryId} />
          </div>
        ) : (
          <ShareTabs key={space.id} space={space} autoGenerate={autoGenerate} initialTab={initialTab} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ShareTabs({ space, autoGenerate, initialTab }: { space: SpaceContent; autoGenerate: boolean; initialTab: ShareTab }) {
  const { t } = useTranslation('sharing');
  const draft = useCourseDetailsDraft(space);
  const started = useRef(false);
  const { generate, canGenerate } = draft;
  useEffect(() => {
    if (!autoGenerate || started.current || !space.isOwner || space.hasGeneratedDescription || !canGenerate) return;
    started.current = true;
    void generate();
  }, [autoGenerate, space.isOwner, space.hasGeneratedDescription, canGenerate, generate]);

  const tabs: ShareTab[] = ['settings', 'details', 'content'];
  return (
    <Tabs.Root defaultValue={initialTab} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <Tabs.List aria-label={t('dialog.tabs')} className="mx-5 grid shrink-0 grid-cols-3 gap-1 rounded-xl bg-muted p-1 sm:mx-6">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            data-testid={`share-tab-${tab}`}
            className="min-w-0 rounded-lg px-1.5 py-2 text-xs leading-tight font-semibold text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:text-sm"
          >
            {t(`dialog.tab.${tab}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="settings" className={cn(scrollingBody, tabPanel)} data-testid="share-panel-settings">
        <ShareSettingsTab space={space} />
      </Tabs.Content>
      {/* Mounted while hidden so a description being generated keeps streaming into it. It scrolls inside itself. */}
      <Tabs.Content value="details" forceMount className="flex min-h-0 min-w-0 flex-1 flex-col focus-visible:outline-none data-[state=inactive]:hidden">
        <CourseDetailsTab space={space} draft={draft} />
      </Tabs.Content>
      <Tabs.Content value="content" className={cn(scrollingBody, tabPanel)}>
        <ContentSettingsTab space={space} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** Spec §2: a course without files cannot be shared yet. */
function NoFiles({ directoryId }: { directoryId: string }) {
  const { t } = useTranslation('sharing');
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-10 text-center" data-testid="share-no-files">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <FolderOpen aria-hidden="true" className="size-6" />
      </span>
      <h3 className="text-base font-bold">{t('dialog.noFilesTitle')}</h3>
      <p className="max-w-sm text-sm text-muted-foreground">{t('dialog.noFilesDescription')}</p>
      <Button asChild className="mt-2">
        <Link to="/dashboard/upload" search={{ directoryId }}>
          <FileUp aria-hidden="true" />
          {t('dialog.uploadFiles')}
        </Link>
      </Button>
    </div>
  );
}
