import type { FileHandle } from 'node:fs/promises';

/**
 * The entry names of a zip stored in a file, read from its central directory at the end of the file: an upload's
 * temporary file is identified without reading it all into memory (listZipEntries needs the whole zip as bytes).
 * Throws on anything that is not a readable zip directory.
 */
const endRecordSignature = 0x06054b50;
const zip64LocatorSignature = 0x07064b50;
const zip64EndRecordSignature = 0x06064b50;
const entrySignature = 0x02014b50;
const endRecordSize = 22;
const maxCommentLength = 0xffff;
/** A document's directory is a few kilobytes; one of tens of megabytes is not worth reading to refuse the file. */
const maxDirectoryBytes = 32 * 1024 * 1024;

export class ZipDirectoryError extends Error {
  override name = 'ZipDirectoryError';
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipDirectoryError('unexpected end of file');
  return buffer;
}

/** Where the central directory is and how many entries it holds, from the end record (or its zip64 form). */
async function locateDirectory(handle: FileHandle, size: number) {
  const tailLength = Math.min(size, endRecordSize + maxCommentLength);
  const tailStart = size - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  let end = -1;
  for (let index = tail.length - endRecordSize; index >= 0; index -= 1) {
    if (tail.readUInt32LE(index) === endRecordSignature) {
      end = index;
      break;
    }
  }
  if (end < 0) throw new ZipDirectoryError('no end of central directory record');
  let entries = tail.readUInt16LE(end + 10);
  let directorySize = tail.readUInt32LE(end + 12);
  let directoryOffset = tail.readUInt32LE(end + 16);
  const isZip64 = entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff;
  if (isZip64) {
    const locatorPosition = tailStart + end - 20;
    if (locatorPosition < 0) throw new ZipDirectoryError('zip64 locator missing');
    const locator = await readAt(handle, locatorPosition, 20);
    if (locator.readUInt32LE(0) !== zip64LocatorSignature) throw new ZipDirectoryError('zip64 locator missing');
    const recordOffset = Number(locator.readBigUInt64LE(8));
    if (recordOffset + 56 > size) throw new ZipDirectoryError('zip64 end record out of range');
    const record = await readAt(handle, recordOffset, 56);
    if (record.readUInt32LE(0) !== zip64EndRecordSignature) throw new ZipDirectoryError('zip64 end record missing');
    entries = Number(record.readBigUInt64LE(32));
    directorySize = Number(record.readBigUInt64LE(40));
    directoryOffset = Number(record.readBigUInt64LE(48));
  }
  if (directoryOffset + directorySize > size) throw new ZipDirectoryError('central directory out of range');
  if (directorySize > maxDirectoryBytes) throw new ZipDirectoryError('central directory too large');
  return { entries, directorySize, directoryOffset };
}

export async function listZipEntryNamesOfFile(handle: FileHandle): Promise<string[]> {
  const { size } = await handle.stat();
  if (size < endRecordSize) throw new ZipDirectoryError('too short for a zip');
  const { entries, directorySize, directoryOffset } = await locateDirectory(handle, size);
  const directory = await readAt(handle, directoryOffset, directorySize);
  const names: string[] = [];
  let position = 0;
  for (let entry = 0; entry < entries; entry += 1) {
    if (position + 46 > directory.length || directory.readUInt32LE(position) !== entrySignature) {
      throw new ZipDirectoryError('broken central directory entry');
    }
    const nameLength = directory.readUInt16LE(position + 28);
    const extraLength = directory.readUInt16LE(position + 30);
    const commentLength = directory.readUInt16LE(position + 32);
    const nameEnd = position + 46 + nameLength;
    if (nameEnd > directory.length) throw new ZipDirectoryError('broken central directory entry');
    names.push(directory.toString('utf8', position + 46, nameEnd));
    position = nameEnd + extraLength + commentLength;
  }
  return names;
}
