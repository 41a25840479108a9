import { isImageExtension, isMarkdownExtension, type FileStatus } from '../../../shared/course-rules';
import { isViewableExtension } from '../../lib/file-viewer';
import type { ReadingProgress } from '../../lib/ocr';

/** What the viewer knows of a file before it shows it (file.getFilePages without text). */
export interface ViewerFile {
  id: string;
  name: string;
  extension: string;
  status: FileStatus;
  error: string | null;
  pageCount: number | null;
  videoId: string | null;
  /** False for a video link: there are no stored bytes to download or embed. */
  stored: boolean;
  /** The shared course's link id when the viewer was opened in a shared context (spec §2 `?uuid=&id=`). */
  uuid?: string | undefined;
  /** While OCR reads the file's pages as images: how far it has come. */
  progress?: ReadingProgress | null;
  /** Pages OCR could not read (the file is ready without them). */
  unreadablePages?: number[] | null;
  /** Pages OCR read with low confidence. */
  lowConfidencePages?: number[] | null;
}

/**
 * How the viewer shows a file (spec §2 "Fullscreen file viewer"): a PDF in the embedded viewer; a photo or screenshot
 * as the picture beside the text OCR read from it; a txt that stands for a video link as the video; a Markdown note
 * (md, markdown) formatted, from its own bytes; pptx, doc, docx and plain txt as their extracted text; anything else as
 * 'Unsupported file type'.
 */
export type ViewerKind = 'pdf' | 'image' | 'video' | 'markdown' | 'text' | 'unsupported';

export function viewerKind(file: Pick<ViewerFile, 'extension' | 'videoId' | 'stored'>): ViewerKind {
  const extension = file.extension.toLowerCase();
  if (!isViewableExtension(extension)) return 'unsupported';
  if (extension === 'pdf') return 'pdf';
  if (isImageExtension(extension)) return 'image';
  if (isMarkdownExtension(extension)) return 'markdown';
  // A video link is a txt file with no bytes of its own; one without an id still belongs to the video dialog, which
  // says 'No video URL found'.
  if (extension === 'txt' && (file.videoId !== null || !file.stored)) return 'video';
  return 'text';
}

/** Slides for presentations, pages for everything else. */
export function pageUnit(extension: string): 'slide' | 'page' {
  return extension.toLowerCase() === 'pptx' ? 'slide' : 'page';
}

/** Text extraction still running: the viewer polls until it settles. */
export function isExtracting(status: FileStatus): boolean {
  return status === 'queued' || status === 'extracting';
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** A video id the player can take (the server keeps only 11-character ids, but the viewer does not trust that). */
export function isPlayableVideoId(videoId: string): boolean {
  return VIDEO_ID.test(videoId);
}

/** The input of file.getFilePages for a file, through its shared course's link when it has one. */
export function filePagesInput(file: Pick<ViewerFile, 'id' | 'uuid'>): { fileId: string; uuid?: string } {
  return file.uuid ? { fileId: file.id, uuid: file.uuid } : { fileId: file.id };
}

/**
 * The same-origin address of a file's bytes (GET /api/file/{fileId}, with range requests): the owner's, or with
 * `?uuid=` a file of a shared course the caller may study.
 */
export function fileContentUrl(file: Pick<ViewerFile, 'id' | 'uuid'>): string {
  const url = `/api/file/${encodeURIComponent(file.id)}`;
  return file.uuid ? `${url}?uuid=${encodeURIComponent(file.uuid)}` : url;
}

/** Paragraphs of extracted text: blank lines separate them; single line breaks inside one are kept. */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/^\n+|\s+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
}

/**
 * A page's paragraphs without its heading: extraction keeps the heading's line in the text too, and the viewer shows
 * the heading above the text already.
 */
export function bodyParagraphs(text: string, heading: string | null): string[] {
  const paragraphs = paragraphsOf(text);
  const title = heading?.trim().toLowerCase();
  const first = paragraphs[0];
  if (!title || first === undefined) return paragraphs;
  const [firstLine = '', ...rest] = first.split('\n');
  if (firstLine.trim().toLowerCase() !== title) return paragraphs;
  const remainder = rest.join('\n').trim();
  return remainder === '' ? paragraphs.slice(1) : [remainder, ...paragraphs.slice(1)];
}

/** Clamps a typed page number into 1..total; null when it is not a number at all. */
export function parsePageInput(input: string, total: number): number | null {
  const value = Number.parseInt(input.trim(), 10);
  if (!Number.isFinite(value) || total < 1) return null;
  return Math.min(Math.max(value, 1), total);
}
