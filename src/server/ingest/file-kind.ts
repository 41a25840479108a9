import { fileTypeFromBuffer } from 'file-type';
import type { FileKind } from './types';
import { fileKinds } from './types';
import { isZip, listZipEntries } from './zip-entries';

export type FileKindRefusalReason = 'empty' | 'unsupported-type' | 'extension-mismatch';

export type FileKindResult =
  | { ok: true; kind: FileKind }
  | { ok: false; reason: FileKindRefusalReason; message: string; detail?: string };

const unsupportedMessage = 'This file is not a PDF, Word, PowerPoint or text file.';

/** OLE compound file header: legacy Word (and other legacy Office) documents. */
const cfbMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Decides what a file is from its content and its extension, and refuses it unless both agree: an upload is never
 * parsed on the word of its name alone. Zips are identified from their central directory without inflating anything.
 */
export async function detectFileKind({ bytes, fileName }: { bytes: Uint8Array; fileName: string }): Promise<FileKindResult> {
  if (bytes.length === 0) return { ok: false, reason: 'empty', message: 'This file is empty.' };
  const extension = extensionOf(fileName);
  const content = await kindOfContent(bytes);
  if (!content.kind || !isFileKind(extension)) {
    return { ok: false, reason: 'unsupported-type', message: unsupportedMessage, detail: content.detail };
  }
  if (content.kind !== extension) {
    return {
      ok: false,
      reason: 'extension-mismatch',
      message: `This file's content does not match its .${extension} extension.`,
      detail: `content looks like ${content.kind}`,
    };
  }
  return { ok: true, kind: content.kind };
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function isFileKind(value: string): value is FileKind {
  return (fileKinds as readonly string[]).includes(value);
}

async function kindOfContent(bytes: Uint8Array): Promise<{ kind?: FileKind; detail?: string }> {
  if (isZip(bytes)) return officeKindOfZip(bytes);
  if (cfbMagic.every((byte, index) => bytes[index] === byte)) return { kind: 'doc' };
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.ext === 'pdf') return { kind: 'pdf' };
  if (detected) return { detail: `content is ${detected.mime}` };
  return isUtf8Text(bytes) ? { kind: 'txt' } : { detail: 'binary content of unknown type' };
}

function officeKindOfZip(bytes: Uint8Array): { kind?: FileKind; detail?: string } {
  let names: Set<string>;
  try {
    names = new Set(listZipEntries(bytes).map((entry) => entry.name));
  } catch {
    return { detail: 'unreadable zip' };
  }
  if (!names.has('[Content_Types].xml')) return { detail: 'zip without [Content_Types].xml' };
  if (names.has('word/document.xml')) return { kind: 'docx' };
  if (names.has('ppt/presentation.xml')) return { kind: 'pptx' };
  return { detail: 'zip that is not a Word or PowerPoint file' };
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
