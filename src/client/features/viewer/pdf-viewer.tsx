import {
  getDocument,
  GlobalWorkerOptions,
  PixelsPerInch,
  TextLayer,
  type PDFDocumentProxy,
  type RenderTask,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, RotateCcw, ScanEye, ScanText } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import { OcrSidePanel, type OcrPages } from './ocr-side-panel';
import { PageControls, ZoomControls } from './page-controls';
import { bringPassageIntoView, markTextLayer } from './passage-mark';
import './pdf-text-layer.css';
import { usePageTracking } from './use-page-tracking';
import { DownloadButton, PageSkeleton, ViewerContent, ViewerControls, ViewerMessage } from './viewer-layout';
import { fileContentUrl, filePagesInput, type ViewerFile } from './viewer-kind';

/**
 * The embedded PDF viewer (spec §2), built on pdf.js and loaded only when a PDF is opened (see file-viewer-dialog.tsx):
 * the document is read from GET /api/file/{fileId} in ranges, so opening page 300 of a big book does not download
 * the whole book; pages render as they come near the view and are dropped again when far away.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

const MIN_SCALE = 0.25;
const MAX_SCALE = 5;
const ZOOM_STEP = 1.25;
/** Fit to width, but no wider than this (CSS pixels): lines longer than that are hard to read on a wide screen. */
const MAX_FIT_WIDTH = 1000;
/** Canvas pixels per page at most: keeps memory bounded on phones with a high pixel ratio when zoomed in. */
const MAX_CANVAS_PIXELS = 16_777_216;
const RANGE_CHUNK_SIZE = 256 * 1024;

interface PageSize {
  width: number;
  height: number;
}

type LoadError = 'notFound' | 'damaged' | 'password' | 'network' | 'loadFailed';

/** What went wrong opening the document, in the terms the person can act on. */
function loadErrorOf(error: unknown): LoadError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return 'password';
  if (name === 'InvalidPDFException') return 'damaged';
  if (name === 'ResponseException' || name === 'MissingPDFException' || name === 'UnexpectedResponseException') {
    const status = (error as { status?: unknown }).status;
    if (status === 404) return 'notFound';
    return status === 0 || status === undefined ? 'network' : 'loadFailed';
  }
  if (error instanceof TypeError) return 'network';
  return 'loadFailed';
}

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/**
 * A page whose own text layer has fewer letters than this is a picture of a page, which the server reads by OCR (the
 * server's SCANNED_PAGE_LETTERS): seeing one tells the viewer there may be recognised text to show beside it.
 */
const SCANNED_PAGE_LETTERS = 40;
const lettersOf = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

/** The recognised-text panel starts open where there is room for it beside the page. */
const wideScreen = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1024px)').matches;

interface Opening {
  file: ViewerFile;
  initialPage: number | undefined;
  /** The passage to mark on the initial page (decision 014). */
  passage?: string | undefined;
}

export default function PdfViewer({ file, initialPage, passage }: Opening) {
  const [attempt, setAttempt] = useState(0);
  // A retry starts over with a fresh document and state.
  return <PdfDocument key={attempt} file={file} initialPage={initialPage} passage={passage} onRetry={() => setAttempt((value) => value + 1)} />;
}

type DocumentState =
  | { status: 'loading' }
  | { status: 'ready'; doc: PDFDocumentProxy; base: PageSize }
  | { status: 'error'; error: LoadError };

function PdfDocument({ file, initialPage, passage, onRetry }: Opening & { onRetry: () => void }) {
  const { t } = useTranslation('viewer');
  const [state, setState] = useState<DocumentState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    const task = getDocument({
      url: fileContentUrl(file),
      withCredentials: true,
      // The server sends Accept-Ranges: pdf.js then reads only the ranges it needs, page by page.
      disableStream: true,
      disableAutoFetch: true,
      rangeChunkSize: RANGE_CHUNK_SIZE,
      // The content security policy forbids eval; pdf.js would otherwise try it for PostScript functions.
      isEvalSupported: false,
      verbosity: 0,
    });
    task.promise
      .then(async (doc) => {
        const first = await doc.getPage(1);
        const { width, height } = first.getViewport({ scale: 1 });
        if (!cancelled) setState({ status: 'ready', doc, base: { width, height } });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'error', error: loadErrorOf(error) });
      });
    return () => {
      cancelled = true;
      void task.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the same file (id and link) is not loaded again when its row is refetched
  }, [file.id, file.uuid]);

  if (state.status === 'error') {
    const hint = state.error === 'loadFailed' ? 'network' : state.error;
    return (
      <ViewerMessage
        icon={AlertTriangle}
        tone="error"
        title={t('pdf.loadFailed')}
        testId="viewer-pdf-error"
        actions={
          <>
            {state.error !== 'password' && state.error !== 'damaged' && state.error !== 'notFound' && (
              <Button size="sm" onClick={onRetry} data-testid="viewer-retry">
                <RotateCcw aria-hidden="true" />
                {t('retry')}
              </Button>
            )}
            {state.error !== 'notFound' && <DownloadButton file={file} />}
          </>
        }
      >
        {t(`pdf.${hint}`)}
      </ViewerMessage>
    );
  }
  if (state.status === 'loading') return <PageSkeleton />;
  return <PdfPages doc={state.doc} base={state.base} file={file} initialPage={initialPage} passage={passage} />;
}

/** A position inside a page, kept across a zoom or a resize so the reader stays where they were. */
interface Anchor {
  page: number;
  fraction: number;
}

function PdfPages({ doc, base, file, initialPage, passage }: Opening & { doc: PDFDocumentProxy; base: PageSize }) {
  const { t } = useTranslation('viewer');
  const total = doc.numPages;
  const { containerRef, current, scrollToPage } = usePageTracking(total);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [availableWidth, setAvailableWidth] = useState(0);
  const [zoom, setZoom] = useState<number | null>(null);
  const [sizes, setSizes] = useState<ReadonlyMap<number, PageSize>>(new Map());
  const anchor = useRef<Anchor | null>(null);
  const currentRef = useRef(current);
  const positioned = useRef(false);

  useEffect(() => {
    currentRef.current = current;
  }, [current]);

  const captureAnchor = useCallback(() => {
    const scroller = containerRef.current;
    const page = currentRef.current;
    const slot = scroller?.querySelector<HTMLElement>(`[data-page-slot="${page}"]`);
    if (!scroller || !slot || !positioned.current) return;
    const slotBox = slot.getBoundingClientRect();
    const fraction = (scroller.getBoundingClientRect().top - slotBox.top) / Math.max(slotBox.height, 1);
    anchor.current = { page, fraction };
  }, [containerRef]);

  const scrollRef = useCallback(
    (node: HTMLDivElement | null) => {
      containerRef.current = node;
      setContainer(node);
    },
    [containerRef],
  );

  const measuredWidth = useRef(0);
  useEffect(() => {
    if (!container) return;
    const observer = new ResizeObserver(() => {
      // The column's side padding (px-2, sm:px-6) is not the page's to fill.
      const width = container.clientWidth - (container.clientWidth < 640 ? 16 : 48);
      if (measuredWidth.current !== 0 && measuredWidth.current !== width) captureAnchor();
      measuredWidth.current = width;
      setAvailableWidth(width);
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, [container, captureAnchor]);

  const fitScale = clampScale(Math.min(availableWidth, MAX_FIT_WIDTH) / base.width);
  const scale = zoom ?? fitScale;

  // Open at the requested page once the pages have their size; afterwards keep the reading position across zooms.
  useLayoutEffect(() => {
    const scroller = containerRef.current;
    if (!scroller || availableWidth <= 0) return;
    if (!positioned.current) {
      positioned.current = true;
      const page = Math.min(Math.max(initialPage ?? 1, 1), total);
      if (page > 1) scrollToPage(page);
      return;
    }
    const kept = anchor.current;
    anchor.current = null;
    const slot = kept && scroller.querySelector<HTMLElement>(`[data-page-slot="${kept.page}"]`);
    if (!kept || !slot) return;
    const slotBox = slot.getBoundingClientRect();
    scroller.scrollTop += slotBox.top - scroller.getBoundingClientRect().top + kept.fraction * slotBox.height;
  }, [scale, availableWidth, containerRef, initialPage, total, scrollToPage]);

  const changeZoom = (next: number | null) => {
    captureAnchor();
    setZoom(next === null ? null : clampScale(next));
  };

  const onPageSize = useCallback((pageNumber: number, size: PageSize) => {
    setSizes((previous) => {
      const known = previous.get(pageNumber);
      if (known && known.width === size.width && known.height === size.height) return previous;
      return new Map(previous).set(pageNumber, size);
    });
  }, []);

  const percent = Math.round((scale / PixelsPerInch.PDF_TO_CSS_UNITS) * 100);
  const ocr = useRecognisedText(file);
  const [panelOpen, setPanelOpen] = useState(wideScreen);
  const showPanel = ocr.available && panelOpen;
  // The page column changes width with the panel; the resize observer keeps the reader on the line they were reading.
  const togglePanel = () => setPanelOpen((open) => !open);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closePanel = () => {
    setPanelOpen(false);
    // The panel's close button goes with it: the focus moves to the toolbar's button that brings it back.
    toggleRef.current?.focus();
  };
  return (
    <>
      <div className="flex min-h-0 flex-col [grid-area:content] lg:flex-row">
        <ViewerContent scrollRef={scrollRef} label={file.name} testId="viewer-pdf" className="min-w-0 flex-1">
          <div className="mx-auto flex w-max min-w-full flex-col items-center gap-3 px-2 py-3 sm:gap-5 sm:px-6 sm:py-6">
            {availableWidth > 0 &&
              container &&
              Array.from({ length: total }, (_, index) => (
                <PdfPage
                  key={index + 1}
                  doc={doc}
                  pageNumber={index + 1}
                  scale={scale}
                  size={sizes.get(index + 1) ?? base}
                  root={container}
                  ocrMark={ocrMarkOf(file, index + 1)}
                  passage={index + 1 === Math.min(Math.max(initialPage ?? 1, 1), total) ? passage : undefined}
                  onSize={onPageSize}
                  onTextless={ocr.onTextless}
                />
              ))}
          </div>
        </ViewerContent>
        {showPanel && (
          <OcrSidePanel
            pageNumber={current}
            ocr={ocr.pages}
            unreadable={(file.unreadablePages ?? []).includes(current)}
            onClose={closePanel}
          />
        )}
      </div>
      <ViewerControls label={t('controls.label')}>
        <PageControls current={current} total={total} onGoTo={(page) => scrollToPage(page)} />
        <ZoomControls
          percent={percent}
          canZoomIn={scale < MAX_SCALE}
          canZoomOut={scale > MIN_SCALE}
          onZoomIn={() => changeZoom(scale * ZOOM_STEP)}
          onZoomOut={() => changeZoom(scale / ZOOM_STEP)}
          onFit={() => changeZoom(null)}
        />
        {ocr.available && (
          <Button
            ref={toggleRef}
            variant="ghost"
            size="sm"
            className={cn('h-8 gap-1.5 border-l border-border px-2 text-xs sm:ml-1', panelOpen && 'bg-primary/10 text-primary-tint-foreground hover:bg-primary/15')}
            aria-pressed={panelOpen}
            onClick={togglePanel}
            data-testid="viewer-ocr-toggle"
          >
            <ScanText aria-hidden="true" />
            <span className="max-sm:sr-only">{t('ocr.toggle')}</span>
          </Button>
        )}
      </ViewerControls>
    </>
  );
}

/** How a page's OCR went, when it is worth a mark on the page: read with low confidence, or not read at all. */
function ocrMarkOf(file: ViewerFile, pageNumber: number): 'low' | 'unreadable' | undefined {
  if ((file.unreadablePages ?? []).includes(pageNumber)) return 'unreadable';
  if ((file.lowConfidencePages ?? []).includes(pageNumber)) return 'low';
  return undefined;
}

/**
 * The text OCR read from a scanned PDF's pages. Asked for only when the file says OCR was at work (pages read with low
 * confidence, or not read), or when a page turns out to have next to no text of its own: a born-digital PDF, whose
 * text pdf.js shows on the page, never fetches its text twice.
 */
function useRecognisedText(file: ViewerFile): { available: boolean; pages: OcrPages; onTextless: () => void } {
  const trpc = useTRPC();
  const [textless, setTextless] = useState(false);
  const hinted = (file.lowConfidencePages?.length ?? 0) > 0 || (file.unreadablePages?.length ?? 0) > 0;
  const query = useQuery({
    ...trpc.file.getFilePages.queryOptions(filePagesInput(file)),
    enabled: file.status === 'ready' && (hinted || textless),
    staleTime: 5 * 60_000,
  });
  const pages = useMemo(() => new Map((query.data?.pages ?? []).map((page) => [page.pageNumber, page])), [query.data]);
  const recognised = query.data?.pages.some((page) => page.ocrConfidence !== null) ?? false;
  const onTextless = useCallback(() => setTextless(true), []);
  return {
    available: file.status === 'ready' && (recognised || (file.unreadablePages?.length ?? 0) > 0),
    pages: { status: query.status, pages, truncated: query.data?.truncated ?? false, refetch: () => void query.refetch() },
    onTextless,
  };
}

/**
 * One page: a placeholder of the page's size, drawn to a canvas (with its selectable text on top) while it is within a
 * screen of the view, released when it moves further away.
 */
function PdfPage({
  doc,
  pageNumber,
  scale,
  size,
  root,
  ocrMark,
  passage,
  onSize,
  onTextless,
}: {
  doc: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  size: PageSize;
  root: HTMLElement;
  /** OCR read this page with low confidence, or could not read it. */
  ocrMark: 'low' | 'unreadable' | undefined;
  /** The passage to mark on this page, once its text layer is drawn (every time: it stays across zooms). */
  passage: string | undefined;
  onSize: (pageNumber: number, size: PageSize) => void;
  /** Called when the page has (next to) no text of its own: a scan, whose text OCR may have read. */
  onTextless: () => void;
}) {
  const { t } = useTranslation('viewer');
  const slotRef = useRef<HTMLDivElement>(null);
  const canvasHolder = useRef<HTMLDivElement>(null);
  const textHolder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);
  // The marked passage is scrolled into view once, when first drawn; a zoom redraws it where the reader is.
  const passageShown = useRef(false);
  const passageLabel = t('passage.label');

  useEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const isNear = entry?.isIntersecting ?? false;
        setNear(isNear);
        if (!isNear) {
          // Far away: give the canvas memory back; it is drawn again when the page comes near.
          canvasHolder.current?.replaceChildren();
          textHolder.current?.replaceChildren();
          setDrawn(false);
        }
      },
      { root, rootMargin: '100% 0px' },
    );
    observer.observe(slot);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let renderTask: RenderTask | null = null;
    let textLayer: TextLayer | null = null;
    const draw = async () => {
      const page = await doc.getPage(pageNumber);
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      onSize(pageNumber, { width: natural.width, height: natural.height });
      const viewport = page.getViewport({ scale });
      let ratio = Math.min(window.devicePixelRatio || 1, 3);
      if (viewport.width * viewport.height * ratio * ratio > MAX_CANVAS_PIXELS) {
        ratio = Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height));
      }
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.className = 'absolute inset-0 size-full';
      canvas.setAttribute('aria-hidden', 'true');
      renderTask = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await renderTask.promise;
      if (cancelled) return;
      // Swapped in only when complete, so a zoom never shows a blank page while the sharper one is drawn.
      canvasHolder.current?.replaceChildren(canvas);
      setDrawn(true);
      setFailed(false);
      const layer = document.createElement('div');
      layer.className = 'pdf-text-layer';
      const content = await page.getTextContent();
      if (cancelled) return;
      textLayer = new TextLayer({ textContentSource: content, container: layer, viewport });
      await textLayer.render();
      if (cancelled) return;
      textHolder.current?.replaceChildren(layer);
      if (lettersOf(textLayer.textContentItemsStr.join('')) < SCANNED_PAGE_LETTERS) onTextless();
      if (passage) {
        // The text layer made one span per text item (marked-content markers aside), in order.
        const divs = textLayer.textDivs;
        const items = content.items.filter((item) => 'str' in item).map((item, index) => ({ str: item.str, hasEOL: item.hasEOL, div: divs[index] }));
        const mark = markTextLayer(items, passage, passageLabel);
        if (mark && !passageShown.current) {
          passageShown.current = true;
          bringPassageIntoView(root, mark);
        }
      }
    };
    draw().catch((error: unknown) => {
      const name = error instanceof Error ? error.name : '';
      if (cancelled || name === 'RenderingCancelledException' || name === 'AbortException') return;
      setFailed(true);
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [near, scale, doc, pageNumber, root, onSize, onTextless, passage, passageLabel]);

  const style = {
    width: Math.floor(size.width * scale),
    height: Math.floor(size.height * scale),
    '--total-scale-factor': scale,
    '--scale-round-x': '1px',
    '--scale-round-y': '1px',
  } as CSSProperties;
  return (
    <div
      ref={slotRef}
      data-page-slot={pageNumber}
      data-rendered={drawn ? 'true' : undefined}
      role="group"
      aria-label={t('pdf.pageLabel', { page: pageNumber })}
      data-testid="viewer-pdf-page"
      className="relative shrink-0 overflow-hidden rounded-sm bg-white shadow-md ring-1 ring-black/5"
      style={style}
    >
      {!drawn && !failed && <div aria-hidden="true" className="absolute inset-0 animate-pulse bg-slate-100" />}
      <div ref={canvasHolder} className="absolute inset-0" />
      <div ref={textHolder} className="absolute inset-0" />
      {failed && (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-slate-600" role="alert">
          {t('pdf.pageFailed', { page: pageNumber })}
        </p>
      )}
      {ocrMark && (
        // On the white page whatever the theme; it lets clicks and text selection through to the page.
        <span
          className="pointer-events-none absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-900 shadow-sm ring-1 ring-amber-500/30"
          data-testid="viewer-pdf-ocr-mark"
        >
          <ScanEye aria-hidden="true" className="size-3" />
          {t(ocrMark === 'low' ? 'ocr.lowConfidenceShort' : 'ocr.unreadableShort')}
        </span>
      )}
    </div>
  );
}
