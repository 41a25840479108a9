import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile, type FileTypeResult } from 'file-type';
import { fileExtensions, isImageExtension, type FileExtension } from '../../shared/courses';
import type { FileKind } from './types';
import { listZipEntryNamesOfFile } from './zip-directory';
import { isZip, listZipEntries } from './zip-entries';

export type FileKindRefusalReason = 'empty' | 'unsupported-type' | 'extension-mismatch';

/** `extension`: what the stored name ends in and the file row keeps (an image keeps its own: jpg, jpeg, png, webp). */
export type FileKindResult =
  | { ok: true; kind: FileKind; extension: FileExtension }
  | { ok: false; reason: FileKindRefusalReason; message: string; detail?: string };

const unsupportedMessage = 'This file is not a PDF, Word, PowerPoint, text, Markdown or image file.';

/** OLE compound file header: legacy Word (and other legacy Office) documents. */
const cfbMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * What detection needs to know of a file's content; one implementation reads bytes in memory, the other a file on
 * disk (an upload's temporary file), which is never read into memory as a whole.
 */
interface ContentSource {
  size: number;
  /** The first `length` bytes (fewer when the file is shorter). */
  head(length: number): Promise<Uint8Array>;
  /** Entry names from the zip's central directory, nothing inflated; throws on a broken zip. */
  zipEntryNames(): Promise<string[]>;
  fileType(): Promise<FileTypeResult | undefined>;
  isUtf8Text(): Promise<boolean>;
}

/**
 * Decides what a file is from its content and its extension, and refuses it unless both agree: an upload is never
 * parsed on the word of its name alone. Zips are identified from their central directory without inflating anything.
 */
export async function detectFileKind({ bytes, fileName }: { bytes: Uint8Array; fileName: string }): Promise<FileKindResult> {
  return detect(bytesSource(bytes), fileName);
}

/** detectFileKind for a file on disk: reads its head, a zip's directory, and (for text) streams it once. */
export async function detectFileKindOfFile({ path, fileName }: { path: string; fileName: string }): Promise<FileKindResult> {
  const handle = await open(path, 'r');
  try {
    return await detect(await fileSource(handle, path), fileName);
  } finally {
    await handle.close();
  }
}

async function detect(source: ContentSource, fileName: string): Promise<FileKindResult> {
  if (source.size === 0) return { ok: false, reason: 'empty', message: 'This file is empty.' };
  const extension = extensionOf(fileName);
  const content = await kindOfContent(source);
  if (!content.kind || !isFileExtension(extension)) {
    return { ok: false, reason: 'unsupported-type', message: unsupportedMessage, detail: content.detail };
  }
  const expected = kindOfExtension(extension);
  // A note is text: a text file named .md or .markdown is read as Markdown.
  const kind = content.kind === 'txt' && expected === 'md' ? 'md' : content.kind;
  if (kind !== expected || (content.image && !sameImageType(content.image, extension))) {
    return {
      ok: false,
      reason: 'extension-mismatch',
      message: `This file's content does not match its .${extension} extension.`,
      detail: `content looks like ${content.kind}`,
    };
  }
  return { ok: true, kind, extension };
}

/** The kind of file an extension names; every image extension names an image, both Markdown extensions a note. */
export function kindOfExtension(extension: FileExtension): FileKind {
  if (extension === 'markdown') return 'md';
  return isImageExtension(extension) ? 'image' : extension;
}

/** An image's extension must name its format: a PNG called .jpg is refused like a PDF called .docx. */
function sameImageType(detected: 'jpg' | 'png' | 'webp', extension: FileExtension): boolean {
  return detected === extension || (detected === 'jpg' && extension === 'jpeg');
}

function bytesSource(bytes: Uint8Array): ContentSource {
  return {
    size: bytes.length,
    head: (length) => Promise.resolve(bytes.subarray(0, length)),
    zipEntryNames: () => Promise.resolve(listZipEntries(bytes).map((entry) => entry.name)),
    fileType: () => fileTypeFromBuffer(bytes),
    isUtf8Text: () => Promise.resolve(isUtf8Bytes(bytes)),
  };
}

async function fileSource(handle: FileHandle, path: string): Promise<ContentSource> {
  const { size } = await handle.stat();
  return {
    size,
    async head(length) {
      const buffer = new Uint8Array(Math.min(length, size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return buffer.subarray(0, bytesRead);
    },
    zipEntryNames: () => listZipEntryNamesOfFile(handle),
    fileType: () => fileTypeFromFile(path),
    isUtf8Text: () => isUtf8File(path),
  };
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function isFileExtension(value: string): value is FileExtension {
  return (fileExtensions as readonly string[]).includes(value);
}

interface ContentKind {
  kind?: FileKind;
  /** For an image, its format by its content. */
  image?: 'jpg' | 'png' | 'webp';
  detail?: string;
}

async function kindOfContent(source: ContentSource): Promise<ContentKind> {
  const head = await source.head(cfbMagic.length);
  if (isZip(head)) return officeKindOfZip(source);
  if (cfbMagic.every((byte, index) => head[index] === byte)) return { kind: 'doc' };
  const detected = await source.fileType();
  if (detected?.ext === 'pdf') return { kind: 'pdf' };
  if (detected?.ext === 'jpg' || detected?.ext === 'png' || detected?.ext === 'webp') return { kind: 'image', image: detected.ext };
  if (detected) return { detail: `content is ${detected.mime}` };
  return (await source.isUtf8Text()) ? { kind: 'txt' } : { detail: 'binary content of unknown type' };
}

async function officeKindOfZip(source: ContentSource): Promise<ContentKind> {
  let names: Set<string>;
  try {
    names = new Set(await source.zipEntryNames());
  } catch {
    return { detail: 'unreadable zip' };
  }
  if (!names.has('[Content_Types].xml')) return { detail: 'zip without [Content_Types].xml' };
  if (names.has('word/document.xml')) return { kind: 'docx' };
  if (names.has('ppt/presentation.xml')) return { kind: 'pptx' };
  return { detail: 'zip that is not a Word or PowerPoint file' };
}

function isUtf8Bytes(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The same check, streamed: the decoder carries a character split across two chunks over to the next. */
async function isUtf8File(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}
