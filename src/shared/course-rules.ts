/** Course and file rules shared by the server's procedures and the client's forms (spec §5). */
export const fileExtensions = ['pdf', 'txt', 'md', 'markdown', 'pptx', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'webp'] as const;
export type FileExtension = (typeof fileExtensions)[number];

/** Photos and screenshots: read by OCR as files of one page, shown as pictures by View File. */
export const imageExtensions = ['jpg', 'jpeg', 'png', 'webp'] as const satisfies readonly FileExtension[];
export type ImageExtension = (typeof imageExtensions)[number];

export function isImageExtension(extension: string): extension is ImageExtension {
  return (imageExtensions as readonly string[]).includes(extension);
}

/** Markdown notes (issue 26): read as pages at their top-level sections, shown formatted by View File. */
export const markdownExtensions = ['md', 'markdown'] as const satisfies readonly FileExtension[];

export function isMarkdownExtension(extension: string): boolean {
  return (markdownExtensions as readonly string[]).includes(extension.toLowerCase());
}

/**
 * A page OCR read with a mean word confidence below this (0–100) is "read with low confidence": the viewer marks it and
 * study items drawn from it say so, for the student to check against the page image.
 */
export const OCR_LOW_CONFIDENCE = 70;

/** Text extraction of a file: queued on upload, then extracting, then ready or failed (with an error message). */
export const fileStatuses = ['queued', 'extracting', 'ready', 'failed'] as const;
export type FileStatus = (typeof fileStatuses)[number];

export const COURSE_NAME_MAX_LENGTH = 100;
export const FILE_NAME_MAX_LENGTH = 255;
/** What the course form shows before the user types a name of their own. */
export const DEFAULT_COURSE_NAME = 'My Course';
