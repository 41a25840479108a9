import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { imageExtensions, markdownExtensions } from '../../shared/course-rules';
import { createModuleStore } from './module-store';

/**
 * The app's one fullscreen file viewer (spec §2 "Dialogs"). Any feature opens it — the header's View File button, a
 * file row, a chat citation at its page — without being inside a particular provider, hence a tiny module store in
 * lib/ (features never import each other). The dialog itself lives in features/viewer and is mounted once by the
 * app layout.
 */

/**
 * Spec §5: "View File works only for extensions pdf, doc, docx, pptx, txt." Photos and screenshots can be viewed too
 * (jpg, jpeg, png, webp), shown beside the text OCR read from them, and Markdown notes (md, markdown; issue 26), shown
 * formatted.
 */
export const VIEWABLE_EXTENSIONS = ['pdf', 'doc', 'docx', 'pptx', 'txt', ...markdownExtensions, ...imageExtensions] as const;

export function isViewableExtension(extension: string): boolean {
  return (VIEWABLE_EXTENSIONS as readonly string[]).includes(extension.toLowerCase());
}

export interface FileViewerRequest {
  fileId: string;
  /** 1-based page (slide, section) to open at; the first when absent. */
  page?: number;
  /**
   * The shared course's link id the file is read through (spec §2 `?uuid=&id=`). When absent, the page's own shared
   * context is used, so every "View" inside a shared course (header, page links, mind map, cards, citations) works.
   */
  uuid?: string;
  /**
   * What to mark on the page (decision 014): a chat citation's exact quote, or the text of the item the page is the
   * source of (a summary point, a card's front and back, ...). The viewer marks the best-matching passage of the page
   * (shared/passage-match.ts), or nothing when none matches well enough.
   */
  passage?: string;
}

/** The link id of the shared context the current page is in, if any (both `uuid` and `id` in its address). */
function pageSharedUuid(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const search = new URLSearchParams(window.location.search);
  const uuid = search.get('uuid');
  return uuid && search.get('id') ? uuid : undefined;
}

export interface FileViewerState extends FileViewerRequest {
  /** Identifies one opening, so the dialog scrolls to the page again when the same file is opened again. */
  openingId: number;
}

const store = createModuleStore<FileViewerState | null>(null);
let nextOpeningId = 1;

/** Opens the viewer on a file (replacing any file open in it), at `page` when given. */
export function openFileViewer(request: FileViewerRequest): void {
  const page = request.page !== undefined && Number.isFinite(request.page) ? Math.max(1, Math.floor(request.page)) : undefined;
  const passage = request.passage?.trim() || undefined;
  store.set({ fileId: request.fileId, page, uuid: request.uuid ?? pageSharedUuid(), passage, openingId: nextOpeningId++ });
}

export function closeFileViewer(): void {
  if (store.get()) store.set(null);
}

/** What the viewer shows: null while closed. */
export function useFileViewerState(): FileViewerState | null {
  return store.useValue();
}

/** What a feature needs to offer "View" on a file it lists. */
export interface ViewableFile {
  id: string;
  extension: string;
}

/**
 * The action behind every "View" button: opens the viewer for a viewable file, and otherwise says why not with the
 * message of spec §5 ('Fullscreen view is not supported for {EXT} files yet.'). `unavailableReason` gives that
 * message up front, for a disabled button's tooltip.
 */
export function useFileViewer() {
  const { t } = useTranslation('viewer');
  const unavailableReason = useCallback(
    (file: Pick<ViewableFile, 'extension'>): string | null =>
      isViewableExtension(file.extension) ? null : t('fullscreenUnsupported', { ext: file.extension.toUpperCase() }),
    [t],
  );
  const viewFile = useCallback(
    (file: ViewableFile, page?: number, passage?: string) => {
      const reason = unavailableReason(file);
      if (reason) {
        toast.error(reason);
        return;
      }
      openFileViewer({ fileId: file.id, page, passage });
    },
    [unavailableReason],
  );
  return { viewFile, unavailableReason, openFileViewer, closeFileViewer };
}
