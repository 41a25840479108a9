import { ConfigError } from './config-error';
import type { Env } from './env-schema';

/**
 * Where uploaded files are kept: an S3-compatible bucket when S3_BUCKET is set (src/server/storage/ reads this),
 * otherwise a folder under DATA_DIR.
 */
export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL (MinIO, R2, …); unset for AWS itself. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`; what most S3-compatible servers need. */
  forcePathStyle: boolean;
}

/**
 * S3 storage is all or nothing: a bucket without keys, or S3 settings without a bucket, would otherwise start a server
 * that fails on the first upload (or silently keeps files on local disk).
 */
export function s3Config(env: Env): S3Config | null {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (bucket === undefined) {
    const stray = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const)
      .filter((name) => env[name] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(`Invalid configuration: S3_BUCKET: must be set to store files in S3 (set without it: ${stray.join(', ')})`);
    }
    return null;
  }
  const missing = [
    accessKeyId === undefined ? 'S3_ACCESS_KEY_ID' : undefined,
    secretAccessKey === undefined ? 'S3_SECRET_ACCESS_KEY' : undefined,
  ].filter((name) => name !== undefined);
  if (accessKeyId === undefined || secretAccessKey === undefined) {
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')}: must be set when S3_BUCKET is set`);
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  return {
    bucket,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    accessKeyId,
    secretAccessKey,
    // S3-compatible servers mostly want path-style addressing; AWS itself wants the bucket in the host name.
    forcePathStyle: pathStyle === undefined ? env.S3_ENDPOINT !== undefined : ['true', '1', 'yes'].includes(pathStyle),
  };
}
