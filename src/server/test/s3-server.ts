import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point a server at this store, for createTestServices({ env }). */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a free port, its objects in a temporary folder, with one empty bucket.
 * It checks request signatures against its fixed credentials S3RVER / S3RVER, as a real store checks keys.
 */
export async function startS3Server(bucket = 'studypath-test'): Promise<TestS3Server> {
  // The AWS SDK's documented switch for its one-time "newer SDKs will need a newer Node" notice, which would otherwise
  // land in the middle of the test output; it must be set before the first S3 client is made.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const directory = mkdtempSync(path.join(tmpdir(), 'studypath-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
