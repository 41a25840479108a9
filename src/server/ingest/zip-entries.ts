import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { ExtractionError, failureMessages } from './types';

export interface ZipEntry {
  name: string;
  /** As declared in the central directory; a hostile file can lie, which the worker's memory limit backstops. */
  originalSize: number;
}

const zipMagic = [0x50, 0x4b, 0x03, 0x04];

export function isZip(bytes: Uint8Array): boolean {
  return zipMagic.every((byte, index) => bytes[index] === byte);
}

/** Reads the central directory only: the filter refuses every entry, so nothing is inflated. Throws on a broken zip. */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  const entries: ZipEntry[] = [];
  unzipSync(bytes, {
    filter: (file) => {
      entries.push({ name: file.name, originalSize: file.originalSize });
      return false;
    },
  });
  return entries;
}

export interface ZipBounds {
  maxExpandedBytes: number;
  maxZipEntries: number;
}

/** Refuses zip bombs by their declared sizes before any entry is inflated. */
export function checkZipBounds(entries: ZipEntry[], bounds: ZipBounds): void {
  if (entries.length > bounds.maxZipEntries) {
    throw new ExtractionError('too-large-expanded', failureMessages.tooManyEntries(entries.length, bounds.maxZipEntries));
  }
  const expanded = entries.reduce((sum, entry) => sum + entry.originalSize, 0);
  if (expanded > bounds.maxExpandedBytes) {
    throw new ExtractionError('too-large-expanded', failureMessages.tooLargeExpanded(bounds.maxExpandedBytes));
  }
}

/** Small enough that one slice (at most ~1,000 times larger inflated) never makes a large allocation. */
const inflateSliceBytes = 1024;

/**
 * Inflates every entry, keeping nothing, and counts what comes out: the declared sizes are only the zip's word, and
 * mammoth's JSZip trusts them. A zip that expands past the limit is refused before a parser unpacks it for real.
 */
export function checkInflatedSize(bytes: Uint8Array, maxExpandedBytes: number): void {
  let expanded = 0;
  const unzipper = new Unzip((file) => {
    file.ondata = (error, chunk) => {
      if (error) throw error;
      expanded += chunk.length;
      if (expanded > maxExpandedBytes) {
        throw new ExtractionError('too-large-expanded', failureMessages.tooLargeExpanded(maxExpandedBytes));
      }
    };
    file.start();
  });
  unzipper.register(UnzipInflate);
  for (let offset = 0; offset < bytes.length; offset += inflateSliceBytes) {
    unzipper.push(bytes.subarray(offset, offset + inflateSliceBytes), offset + inflateSliceBytes >= bytes.length);
  }
}

/**
 * Inflates the wanted entries only (call checkZipBounds first) and decodes them as UTF-8 text. fflate inflates each
 * entry into a buffer of its declared size and drops anything beyond, so a lying size cannot make it allocate more.
 */
export function readZipTextEntries(bytes: Uint8Array, wanted: (name: string) => boolean): Map<string, string> {
  const files = unzipSync(bytes, { filter: (file) => wanted(file.name) });
  const decoder = new TextDecoder();
  return new Map(Object.entries(files).map(([name, data]) => [name, decoder.decode(data)]));
}
