import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, RotateCcw, VideoOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { videoEmbedUrl } from '../../../shared/video-link';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useTRPC } from '../../lib/trpc';
import { ViewerContent, ViewerMessage } from './viewer-layout';
import { filePagesInput, isPlayableVideoId, paragraphsOf, type ViewerFile } from './viewer-kind';

/**
 * How long the player may take to load before the viewer says 'Unable to load video.'. A frame fires no `error` when
 * its site cannot be reached, so a player that never loads is the signal (and being offline, known at once).
 */
export const VIDEO_LOAD_TIMEOUT_MS = 20_000;

/**
 * A video link (spec §2 "Video dialog"): the video embedded 16:9 with autoplay, its transcript below once read;
 * 'No video URL found' when the link has no id, 'Failed to load video URL' when the stored id is not one, and 'Unable to load video.' (with 'Failed to
 * load video' as a toast) when the player does not load.
 */
export function VideoView({ file }: { file: ViewerFile }) {
  const { t } = useTranslation('viewer');
  if (file.videoId === null) {
    return (
      <ViewerMessage icon={VideoOff} tone="error" title={t('video.noUrl')} testId="viewer-video-no-url">
        {t('video.noUrlHint')}
      </ViewerMessage>
    );
  }
  if (!isPlayableVideoId(file.videoId)) {
    return (
      <ViewerMessage icon={VideoOff} tone="error" title={t('video.urlFailed')} testId="viewer-video-url-failed">
        {t('video.urlFailedHint')}
      </ViewerMessage>
    );
  }
  return <VideoPlayer videoId={file.videoId} name={file.name} transcript={file.status === 'ready' ? file : null} />;
}

type PlayerState = 'loading' | 'loaded' | 'failed';

function VideoPlayer({ videoId, name, transcript }: { videoId: string; name: string; transcript: ViewerFile | null }) {
  const { t } = useTranslation('viewer');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PlayerState>(() => (typeof navigator !== 'undefined' && navigator.onLine === false ? 'failed' : 'loading'));

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState('failed'), VIDEO_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state, attempt]);

  useEffect(() => {
    if (state === 'failed') toast.error(t('video.failed'), { id: `video-failed-${videoId}` });
  }, [state, t, videoId]);

  if (state === 'failed') {
    return (
      <ViewerMessage
        icon={AlertTriangle}
        tone="error"
        title={t('video.unable')}
        testId="viewer-video-error"
        actions={
          <Button
            size="sm"
            onClick={() => {
              setAttempt((value) => value + 1);
              setState('loading');
            }}
          >
            <RotateCcw aria-hidden="true" />
            {t('retry')}
          </Button>
        }
      >
        {t('video.unableHint')}
      </ViewerMessage>
    );
  }

  return (
    <ViewerContent className="bg-neutral-950" testId="viewer-video-view">
      <div className="flex min-h-full flex-col items-center justify-center gap-6 p-2 sm:p-6">
        <div className="aspect-video w-full max-w-[min(100%,calc((100dvh-10rem)*16/9))] shrink-0 overflow-hidden rounded-xl bg-black shadow-2xl">
          <iframe
            key={attempt}
            src={videoEmbedUrl(videoId)}
            title={t('video.player', { name })}
            data-testid="viewer-video"
            className="size-full border-0"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            onLoad={() => setState('loaded')}
          />
        </div>
        {transcript && <Transcript file={transcript} />}
      </div>
    </ViewerContent>
  );
}

/** The video's transcript (extracted or pasted) below the player, to read along or look something up. */
function Transcript({ file }: { file: Pick<ViewerFile, 'id' | 'uuid'> }) {
  const { t } = useTranslation('viewer');
  const trpc = useTRPC();
  const query = useQuery(trpc.file.getFilePages.queryOptions(filePagesInput(file)));
  const pages = query.data?.pages ?? [];
  if (query.isError || (query.isSuccess && pages.length === 0)) return null;
  return (
    <section
      aria-labelledby="viewer-transcript-heading"
      data-testid="viewer-transcript"
      className="w-full max-w-3xl rounded-xl border border-border bg-card px-5 py-5 text-card-foreground shadow-sm sm:px-8 sm:py-7"
    >
      <h3 id="viewer-transcript-heading" className="mb-3 text-xs font-bold tracking-wider text-primary uppercase">
        {t('video.transcript')}
      </h3>
      {query.isPending ? (
        <div className="flex flex-col gap-2.5">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      ) : (
        <div className="flex flex-col gap-3 text-[15px] leading-7 break-words text-foreground/90">
          {pages.flatMap((page) =>
            paragraphsOf(page.text).map((paragraph, index) => (
              <p key={`${page.pageNumber}-${index}`} className="whitespace-pre-line">
                {paragraph}
              </p>
            )),
          )}
        </div>
      )}
    </section>
  );
}
