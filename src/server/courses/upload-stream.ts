import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { AppError } from '../errors';
import type { ReceivedFile } from './upload';
import { asStorageRefusal, isDiskFull, storageFull } from './upload-limits';

/**
 * Reads a multipart/form-data upload as it arrives, each file straight into a temporary file, and stops at the first
 * limit crossed: the caller's `checkFile` may refuse the next file (too many for the plan, for the month), a file
 * longer than `maxFileBytes` is refused by `fileTooLarge`, and the whole body is held to `maxRequestBytes`. A refusal
 * stops reading there; the caller answers at once and removes the temporary folder (receiveUpload never leaves a
 * write open in it once it has settled).
 */
export interface UploadLimits {
  maxFileBytes: number;
  maxRequestBytes: number;
  /** Called as file number `count` (1-based) begins; throws the refusal when it may not. */
  checkFile: (count: number) => void;
  fileTooLarge: (name: string) => AppError;
  requestTooLarge: () => AppError;
}

export interface ReceivedUpload {
  fields: Map<string, string>;
  files: ReceivedFile[];
}

export const unreadableUpload = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'This upload could not be read. Please try again.',
    messageKey: 'uploadUnreadable',
  });

/** The form's files arrive under this name; files under any other name are read past and dropped. */
const FILES_FIELD = 'files';

/** U+200E, which cleanUploadName removes from names along with control characters. */
const removedMark = Buffer.from('\u200e', 'utf8');

/**
 * Browsers send a file name's control characters as they are (the HTML form encoding escapes only CR, LF and '"'),
 * and busboy refuses a part header holding one. This replaces each control byte inside part headers (never in the
 * files' content) with a mark that name cleaning removes, so such a file is accepted under its cleaned name.
 */
function partHeaderSanitizer(boundary: string): Transform {
  const partStart = Buffer.from(`\r\n--${boundary}`);
  const headersEnd = Buffer.from('\r\n\r\n');
  let inHeaders = false;
  // The body starts with a boundary that has no CRLF before it; a virtual one is added and its bytes dropped again.
  let pending: Buffer = Buffer.from('\r\n');
  let virtualBytes = 2;
  const sanitize = (bytes: Buffer): Buffer => {
    const parts: Buffer[] = [];
    let from = 0;
    for (let index = 0; index < bytes.length; index += 1) {
      const byte = bytes[index] ?? 0;
      if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f) {
        parts.push(bytes.subarray(from, index), removedMark);
        from = index + 1;
      }
    }
    if (from === 0) return bytes;
    parts.push(bytes.subarray(from));
    return Buffer.concat(parts);
  };
  const emit = (stream: Transform, bytes: Buffer) => {
    const skip = Math.min(virtualBytes, bytes.length);
    virtualBytes -= skip;
    if (bytes.length > skip) stream.push(bytes.subarray(skip));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      pending = Buffer.alloc(0);
      let position = 0;
      while (position < data.length) {
        const needle = inHeaders ? headersEnd : partStart;
        const found = data.indexOf(needle, position);
        // Bytes that may be the start of the needle wait for the next chunk.
        const end = found < 0 ? Math.max(position, data.length - (needle.length - 1)) : found + needle.length;
        const piece = data.subarray(position, end);
        emit(this, inHeaders ? sanitize(piece) : piece);
        position = end;
        if (found < 0) {
          pending = Buffer.from(data.subarray(end));
          break;
        }
        inHeaders = !inHeaders;
      }
      callback();
    },
    flush(callback) {
      if (pending.length > 0) emit(this, inHeaders ? sanitize(pending) : pending);
      callback();
    },
  });
}

function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

export function receiveUpload(options: {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  dir: string;
  limits: UploadLimits;
  /**
   * Called with each text field as it arrives, e.g. to check the course before the files are read; when the promise
   * it returns rejects, reading stops and the upload is refused with that error.
   */
  onField?: (name: string, value: string) => Promise<void> | void;
}): Promise<ReceivedUpload> {
  const { limits, dir } = options;
  return new Promise<ReceivedUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    const boundary = boundaryOf(options.contentType);
    try {
      if (!boundary) throw new Error('no boundary');
      parser = busboy({
        headers: { 'content-type': options.contentType },
        // Browsers send file names as raw UTF-8. One byte over the limit is how busboy tells "too large" from "exactly".
        defParamCharset: 'utf8',
        limits: { fileSize: limits.maxFileBytes + 1, fields: 20, fieldSize: 4096 },
      });
    } catch {
      reject(unreadableUpload());
      return;
    }
    const fields = new Map<string, string>();
    const files: ReceivedFile[] = [];
    const fileStreams: Readable[] = [];
    const outputs: WriteStream[] = [];
    // Both settle (never reject) once their file is written or their check done; a failure has called fail().
    // A refusal does not wait for `writes` but for `outputs` to close: see tearDown.
    const writes: Array<Promise<void>> = [];
    const checks: Array<Promise<void>> = [];
    let requestBytes = 0;
    let settled = false;

    const input = Readable.fromWeb(options.body as NodeReadableStream<Uint8Array>);
    const sanitizer = partHeaderSanitizer(boundary ?? '');
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        requestBytes += chunk.length;
        if (requestBytes > limits.maxRequestBytes) callback(limits.requestTooLarge());
        else callback(null, chunk);
      },
    });

    /**
     * Stops reading and writing, waits until every temporary file is closed, then refuses with `error`. The streams
     * are torn down on the next tick: fail() is called from inside busboy's events, and busboy still touches its
     * state after an event's listeners return.
     */
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      process.nextTick(() => tearDown(error));
    };
    const tearDown = (error: unknown) => {
      input.unpipe(counter);
      counter.unpipe(sanitizer);
      sanitizer.unpipe(parser);
      input.destroy();
      counter.destroy();
      sanitizer.destroy();
      for (const stream of [...fileStreams, ...outputs]) stream.destroy();
      parser.removeAllListeners('file');
      parser.removeAllListeners('field');
      parser.on('error', () => undefined);
      parser.destroy();
      const refusal = error instanceof AppError ? error : isDiskFull(error) ? storageFull(error) : unreadableUpload();
      // Not the pipelines' promises: on Node 22 and 24 a pipeline whose source had all its data but had not handed
      // it on yet (the file's last bytes waiting on a full disk write) never settles once both ends are destroyed,
      // and the request would hang with its temporary file kept. What the caller needs is every file closed.
      void Promise.all(outputs.map(closed)).then(() => reject(refusal));
    };

    parser.on('file', (field, stream, info) => {
      // Destroying the parser destroys the file in progress with an error; it is handled by fail() already.
      stream.on('error', () => undefined);
      if (settled || field !== FILES_FIELD) {
        stream.resume();
        return;
      }
      try {
        limits.checkFile(files.length + 1);
      } catch (error) {
        stream.resume();
        fail(error);
        return;
      }
      // Temporary files are named by position; the browser's name is only ever data.
      const received: ReceivedFile = { name: info.filename ?? '', path: path.join(dir, String(files.length)), size: 0 };
      files.push(received);
      fileStreams.push(stream);
      stream.on('data', (chunk: Buffer) => {
        received.size += chunk.length;
      });
      stream.on('limit', () => fail(limits.fileTooLarge(received.name)));
      const output = createWriteStream(received.path, { flags: 'wx' });
      outputs.push(output);
      writes.push(pipeline(stream, output).catch((error: unknown) => fail(error)));
    });
    parser.on('field', (name, value) => {
      if (settled) return;
      fields.set(name, value);
      const { onField } = options;
      if (onField) checks.push(Promise.resolve().then(() => onField(name, value)).catch((error: unknown) => fail(error)));
    });
    parser.on('error', (error) => fail(error));
    parser.on('finish', () => {
      void Promise.all([...writes, ...checks]).then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, files });
      });
    });
    // A client that goes away mid-body errors the input; a body over maxRequestBytes errors the counter.
    input.on('error', (error) => fail(error));
    counter.on('error', (error) => fail(error));
    input.pipe(counter).pipe(sanitizer).pipe(parser);
  });
}

/** Settles once `stream` has closed (its file descriptor released), whether it finished, failed or was destroyed. */
function closed(stream: WriteStream): Promise<void> {
  if (stream.closed) return Promise.resolve();
  return new Promise((resolve) => stream.once('close', () => resolve()));
}

/** A new folder for one request's temporary files, under `root` (created when missing). */
export async function makeUploadDir(root: string): Promise<string> {
  try {
    await mkdir(root, { recursive: true });
    return await mkdtemp(path.join(root, 'upload-'));
  } catch (error) {
    throw asStorageRefusal(error);
  }
}

/**
 * Removes request folders older than `maxAgeMs` that a crashed process left behind. Only old ones: several web
 * processes may share the data folder, and a young folder can belong to an upload in progress elsewhere.
 */
export async function removeStaleUploadDirs(root: string, maxAgeMs: number, now = Date.now()): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch {
    return;
  }
  for (const entry of entries) {
    const target = path.join(root, entry);
    try {
      if (now - (await stat(target)).mtimeMs > maxAgeMs) await rm(target, { recursive: true, force: true });
    } catch {
      // Gone already, or removed by another process at the same moment.
    }
  }
}
