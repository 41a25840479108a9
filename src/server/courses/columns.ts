import { directory, file } from '../db/schema';

/** What a client gets of a course: no owner id, no timestamps it has no use for. */
export const courseColumns = {
  id: directory.id,
  name: directory.name,
  model: directory.model,
  language: directory.language,
  createdAt: directory.createdAt,
};

/** What a client gets of a file in a list; storage details stay on the server. */
export const fileSummaryColumns = {
  id: file.id,
  name: file.name,
  extension: file.extension,
  status: file.status,
  pageCount: file.pageCount,
  createdAt: file.createdAt,
  /** Why extraction failed (null unless failed): English text, and the client's 'ingest:' key with its params. */
  error: file.error,
  errorKey: file.errorKey,
  errorParams: file.errorParams,
  /** While pages are read by OCR: { done, total }; null otherwise. */
  progress: file.progress,
  /** Pages OCR could not read (the file is ready without them); null when there are none. */
  unreadablePages: file.unreadablePages,
  /** Pages OCR read with low confidence: the viewer marks them and study items from them say so; null when none. */
  lowConfidencePages: file.lowConfidencePages,
};
