import type { FileStatus } from '../../../shared/course-rules';
import { sentFileBytes } from './upload-rules';

/** POST /api/files (DESIGN §4): what it answers, and the two ways of calling it. */
export const UPLOAD_URL = '/api/files';

export interface CreatedFile {
  id: string;
  name: string;
  extension: string;
  status: FileStatus;
}

/** The body of a refusal: `{ error: { code, message, messageKey, messageParams } }`. */
export interface ServerRefusal {
  code?: string;
  message?: string;
  messageKey?: string;
  messageParams?: Record<string, string | number>;
}

export type UploadAnswer =
  | { kind: 'created'; files: CreatedFile[] }
  /** 4xx: the server looked at the upload and said no; sending it again will not change that. */
  | { kind: 'refused'; status: number; error: ServerRefusal }
  /** The request never got an answer, or a 5xx one: worth a retry. */
  | { kind: 'failed'; status?: number; error?: ServerRefusal };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function refusalOf(body: unknown): ServerRefusal {
  if (!isRecord(body) || !isRecord(body.error)) return {};
  const { code, message, messageKey, messageParams } = body.error;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
    messageKey: typeof messageKey === 'string' ? messageKey : undefined,
    messageParams: isRecord(messageParams) ? (messageParams as Record<string, string | number>) : undefined,
  };
}

function createdFilesOf(body: unknown): CreatedFile[] | null {
  if (!isRecord(body) || !Array.isArray(body.files)) return null;
  return body.files as CreatedFile[];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** POST /api/files, into a shared course through its space (`?uuid=`, the space's link id) for an editor of it. */
export function uploadUrl(uuid?: string): string {
  return uuid ? `${UPLOAD_URL}?${new URLSearchParams({ uuid }).toString()}` : UPLOAD_URL;
}

/** Reads an answer of POST /api/files from its status and body text. */
export function answerOf(status: number, text: string): UploadAnswer {
  const body = parseJson(text);
  if (status >= 200 && status < 300) {
    const files = createdFilesOf(body);
    return files ? { kind: 'created', files } : { kind: 'failed', status };
  }
  if (status >= 400 && status < 500) return { kind: 'refused', status, error: refusalOf(body) };
  return { kind: 'failed', status: status || undefined, error: refusalOf(body) };
}

/**
 * Sends the files as one multipart request (fields `directoryId` and `files`, repeated). XMLHttpRequest rather than
 * fetch: only it reports upload progress. `onProgress` gets the file bytes sent so far, in the files' order. `uuid`:
 * the course is a shared one (see uploadUrl).
 */
export function postFiles(options: {
  directoryId: string;
  uuid?: string;
  files: readonly File[];
  onProgress: (sentBytes: number) => void;
}): { done: Promise<UploadAnswer>; abort: () => void } {
  const body = new FormData();
  body.append('directoryId', options.directoryId);
  for (const file of options.files) body.append('files', file, file.name);
  const fileBytes = options.files.reduce((sum, file) => sum + file.size, 0);

  const request = new XMLHttpRequest();
  const done = new Promise<UploadAnswer>((resolve) => {
    request.upload.addEventListener('progress', (event) => {
      options.onProgress(event.lengthComputable ? sentFileBytes(fileBytes, event.loaded, event.total) : event.loaded);
    });
    request.addEventListener('load', () => resolve(answerOf(request.status, request.responseText)));
    request.addEventListener('error', () => resolve({ kind: 'failed' }));
    request.addEventListener('timeout', () => resolve({ kind: 'failed' }));
    request.addEventListener('abort', () => resolve({ kind: 'failed' }));
  });
  request.open('POST', uploadUrl(options.uuid));
  request.setRequestHeader('Accept', 'application/json');
  request.send(body);
  return { done, abort: () => request.abort() };
}

/** Adds a video link (with a transcript the student pasted, if any) to a course. */
export async function postVideoLink(options: { directoryId: string; uuid?: string; videoUrl: string; transcript?: string }): Promise<UploadAnswer> {
  const transcript = options.transcript?.trim();
  let response: Response;
  try {
    response = await fetch(uploadUrl(options.uuid), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ directoryId: options.directoryId, videoUrl: options.videoUrl.trim(), ...(transcript ? { transcript } : {}) }),
    });
  } catch {
    return { kind: 'failed' };
  }
  return answerOf(response.status, await response.text().catch(() => ''));
}
