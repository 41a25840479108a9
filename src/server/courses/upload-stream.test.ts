import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PLANS } from '../../shared/plans';
import { fileTooLarge, requestTooLarge } from './upload-limits';
import { receiveUpload, type UploadLimits } from './upload-stream';

// receiveUpload on its own, fed the way a network delivers a body: in chunks, as fast as they are asked for.
const root = mkdtempSync(path.join(os.tmpdir(), 'studypath-upload-stream-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const boundary = 'studypath-test-boundary';
const limits = (maxFileBytes: number): UploadLimits => ({
  maxFileBytes,
  maxRequestBytes: 64 * 1024 * 1024,
  checkFile: () => undefined,
  fileTooLarge: (name) => fileTooLarge(PLANS.free, name),
  requestTooLarge: () => requestTooLarge(64),
});

/** A multipart body with one file of `size` bytes, handed out `chunkSize` bytes per read. */
function body(size: number, chunkSize: number): ReadableStream<Uint8Array> {
  const bytes = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\n\r\n`),
    Buffer.alloc(size, 0x61),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + chunkSize)));
      offset += chunkSize;
    },
  });
}

describe('receiveUpload', () => {
  // The whole file has reached the parser while its temporary file is still being written when the refusal comes:
  // on Node 22 and 24 the file's copy (a stream pipeline) never settles then, and the refusal must not wait for it.
  test.each([
    { size: 100_001, maxFileBytes: 100_000, chunkSize: 16 * 1024 },
    { size: 1024 * 1024 + 1, maxFileBytes: 1024 * 1024, chunkSize: 64 * 1024 },
    { size: 4 * 1024 * 1024 + 1, maxFileBytes: 4 * 1024 * 1024, chunkSize: 1024 * 1024 },
  ])('refuses a file of $size bytes over $maxFileBytes at once, with its temporary file closed', async ({ size, maxFileBytes, chunkSize }) => {
    const dir = mkdtempSync(path.join(root, 'upload-'));
    const upload = receiveUpload({
      body: body(size, chunkSize),
      contentType: `multipart/form-data; boundary=${boundary}`,
      dir,
      limits: limits(maxFileBytes),
    });
    await expect(upload).rejects.toMatchObject({ messageKey: 'uploadFileTooLarge', messageParams: { name: 'big.txt' } });
    // Closed: the caller may remove the folder, and nothing writes into it afterwards.
    rmSync(dir, { recursive: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(root)).not.toContain(path.basename(dir));
  }, 5_000);

  test('takes a file of exactly the limit, whole', async () => {
    const dir = mkdtempSync(path.join(root, 'upload-'));
    const { files } = await receiveUpload({
      body: body(1024 * 1024, 64 * 1024),
      contentType: `multipart/form-data; boundary=${boundary}`,
      dir,
      limits: limits(1024 * 1024),
    });
    expect(files).toEqual([{ name: 'big.txt', path: path.join(dir, '0'), size: 1024 * 1024 }]);
    expect(readdirSync(dir)).toEqual(['0']);
  });
});
