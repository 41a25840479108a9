import { useQuery } from '@tanstack/react-query';
import { ImageOff, LoaderCircle, RotateCcw, ScanText } from 'lucide-react';
import { useCallback, useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { fileFailureReason } from '../../lib/file-failure';
import { useTRPC } from '../../lib/trpc';
import { CopyTextButton, RecognisedPageText } from './ocr-text';
import { ZoomControls } from './page-controls';
import { DownloadButton, ViewerContent, ViewerControls } from './viewer-layout';
import { fileContentUrl, filePagesInput, type ViewerFile } from './viewer-kind';

const MIN_SCALE = 0.1;
const MAX_SCALE = 8;
const ZOOM_STEP = 1.25;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/**
 * A photo or screenshot: the picture, fitted to its half of the viewer and zoomable, beside the text OCR
 * read from it — two columns on a wide screen, the picture above its text on a phone. The picture shows while its
 * text is still being read; the text follows when the file is ready.
 */
export function ImageView({ file }: { file: ViewerFile }) {
  const { t } = useTranslation('viewer');
  const image = useImageZoom();
  return (
    <>
      <ViewerContent className="lg:overflow-hidden" testId="viewer-image">
        <div className="flex min-h-full flex-col lg:grid lg:h-full lg:grid-cols-[minmax(0,1fr)_minmax(20rem,30rem)] lg:grid-rows-[minmax(0,1fr)]">
          <ImagePane file={file} attach={image.attach} onLoad={image.onLoad} natural={image.natural} zoom={image.zoom} />
          <section
            aria-labelledby="viewer-ocr-heading"
            className="flex flex-1 flex-col gap-4 border-t border-border bg-card px-4 py-5 sm:px-6 lg:min-h-0 lg:overflow-y-auto lg:border-t-0 lg:border-l"
            data-testid="viewer-ocr-text"
          >
            <RecognisedText file={file} />
          </section>
        </div>
      </ViewerContent>
      <ViewerControls label={t('controls.label')}>
        <ZoomControls
          percent={Math.round(image.scale * 100)}
          canZoomIn={image.scale < MAX_SCALE}
          canZoomOut={image.scale > MIN_SCALE}
          onZoomIn={() => image.zoomBy(ZOOM_STEP)}
          onZoomOut={() => image.zoomBy(1 / ZOOM_STEP)}
          onFit={image.fit}
        />
      </ViewerControls>
    </>
  );
}

interface Size {
  width: number;
  height: number;
}

/**
 * The picture's zoom: fitted to its pane (null, the CSS does the fitting) or a scale of its natural size. The fitted
 * scale is measured, so the zoom level reads true and zooming in starts from what is on screen.
 */
function useImageZoom() {
  const [zoom, setZoom] = useState<number | null>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [fitScale, setFitScale] = useState(1);
  const [element, setElement] = useState<HTMLImageElement | null>(null);

  useEffect(() => {
    if (zoom !== null || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (element.naturalWidth && element.clientWidth) setFitScale(element.clientWidth / element.naturalWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [zoom, element]);

  const onLoad = useCallback((event: SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    if (!image.naturalWidth) return;
    setNatural({ width: image.naturalWidth, height: image.naturalHeight });
    if (image.clientWidth) setFitScale(image.clientWidth / image.naturalWidth);
  }, []);

  const scale = zoom ?? fitScale;
  return {
    attach: setElement,
    natural,
    zoom,
    scale,
    onLoad,
    zoomBy: (factor: number) => setZoom(clampScale(scale * factor)),
    fit: () => setZoom(null),
  };
}

function ImagePane({
  file,
  attach,
  onLoad,
  natural,
  zoom,
}: {
  file: ViewerFile;
  attach: (element: HTMLImageElement | null) => void;
  onLoad: (event: SyntheticEvent<HTMLImageElement>) => void;
  natural: Size | null;
  /** The scale of the picture's natural size; null while it is fitted to the pane. */
  zoom: number | null;
}) {
  const { t } = useTranslation('viewer');
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const zoomed = zoom !== null && natural !== null;
  return (
    <div
      role="region"
      aria-label={t('image.label', { name: file.name })}
      // Scrolls (and takes arrow keys) when zoomed past its size.
      tabIndex={zoomed ? 0 : undefined}
      className="relative h-[min(60dvh,36rem)] shrink-0 overflow-auto overscroll-contain bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring lg:h-full"
      data-testid="viewer-image-pane"
    >
      {failed ? (
        <div role="alert" className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center" data-testid="viewer-image-error">
          <ImageOff aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-semibold">{t('image.loadFailed')}</p>
          <p className="text-sm text-muted-foreground">{t('image.loadFailedHint')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              size="sm"
              onClick={() => {
                setFailed(false);
                setAttempt((value) => value + 1);
              }}
            >
              <RotateCcw aria-hidden="true" />
              {t('retry')}
            </Button>
            {file.stored && <DownloadButton file={file} />}
          </div>
        </div>
      ) : (
        <div className={zoomed ? 'flex min-h-full w-max min-w-full p-4' : 'flex h-full items-center justify-center p-3 sm:p-6'}>
          <img
            // A retry mounts a new image, which asks for the picture again.
            key={attempt}
            ref={attach}
            src={fileContentUrl(file)}
            alt={file.name}
            draggable={false}
            onLoad={onLoad}
            onError={() => setFailed(true)}
            data-testid="viewer-image-picture"
            className={zoomed ? 'm-auto max-w-none rounded-sm shadow-md' : 'max-h-full max-w-full rounded-sm object-contain shadow-md'}
            style={zoomed ? { width: Math.round(natural.width * zoom), height: Math.round(natural.height * zoom) } : undefined}
          />
        </div>
      )}
    </div>
  );
}

/** The text beside the picture: waiting, being read, the reason it could not be, or the text with its confidence. */
function RecognisedText({ file }: { file: ViewerFile }) {
  const { t } = useTranslation(['viewer', 'ingest']);
  const trpc = useTRPC();
  const ready = file.status === 'ready';
  const query = useQuery({ ...trpc.file.getFilePages.queryOptions(filePagesInput(file)), enabled: ready });
  const page = query.data?.pages[0];
  const heading = (
    <div className="flex items-center justify-between gap-2">
      <h3 id="viewer-ocr-heading" className="flex items-center gap-2 text-xs font-bold tracking-wider text-primary uppercase">
        <ScanText aria-hidden="true" className="size-4" />
        {t('ocr.recognisedText')}
      </h3>
      {page && page.ocrConfidence !== null && page.text.trim() !== '' && <CopyTextButton text={page.text} />}
    </div>
  );
  if (file.status === 'queued' || file.status === 'extracting') {
    return (
      <>
        {heading}
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-sky-700 dark:text-sky-400" data-testid="viewer-ocr-reading">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          {t(file.status === 'queued' ? 'ocr.queued' : 'ocr.reading')}
        </p>
      </>
    );
  }
  if (file.status === 'failed') {
    const reason = fileFailureReason(file, t);
    return (
      <>
        {heading}
        <div role="alert" className="flex flex-col gap-1 text-sm" data-testid="viewer-ocr-failed">
          <p className="font-semibold text-foreground">{t('ocr.failed')}</p>
          {reason && <p className="text-muted-foreground">{reason}</p>}
        </div>
      </>
    );
  }
  if (query.isPending) {
    return (
      <>
        {heading}
        <div className="flex flex-col gap-2.5" role="status" aria-label={t('ocr.loading')}>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {heading}
        <div role="alert" className="flex flex-col items-start gap-3 text-sm">
          <p>{t('ocr.loadFailed')}</p>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            <RotateCcw aria-hidden="true" />
            {t('retry')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      {heading}
      <RecognisedPageText page={page} unreadable={(file.unreadablePages ?? []).includes(1)} />
      {page && page.ocrConfidence !== null && <p className="mt-auto pt-2 text-xs leading-relaxed text-muted-foreground">{t('ocr.hint')}</p>}
    </>
  );
}
