import { fileExtensions, type FileExtension } from '../../../shared/course-rules';
import { PLAN_SLUGS, PLANS, type Plan, type PlanSlug } from '../../../shared/plans';

/**
 * What the upload form checks before anything is sent, with the server's own messages (its `errors:` keys and
 * params), so a refusal reads the same whether the browser or the server catches it. The server still decides.
 */

/** The file picker's `accept`: the types spec §2's viewer and the ingest read. */
export const ACCEPTED_TYPES = fileExtensions.map((extension) => `.${extension}`).join(',');

const BYTES_PER_MEGABYTE = 1024 * 1024;

/** A message as an i18n key with its params, translated where it is shown. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

type UpgradableLimit = 'maxFiles' | 'maxFileSize' | 'fileUploadsPerMonth' | 'videoMaxDuration';

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isAcceptedExtension(extension: string): extension is FileExtension {
  return (fileExtensions as readonly string[]).includes(extension);
}

/** What is wrong with one chosen file by its name and size alone, or null; `plan` unknown skips the size check. */
export function fileProblem(file: { name: string; size: number }, plan: Plan | undefined): Problem | null {
  if (!isAcceptedExtension(extensionOf(file.name))) return { key: 'upload:check.unsupported' };
  if (file.size === 0) return { key: 'upload:check.empty' };
  if (plan && file.size > plan.maxFileSize * BYTES_PER_MEGABYTE) {
    return { key: 'errors:uploadFileTooLarge', params: { plan: plan.name, limit: plan.maxFileSize, name: file.name } };
  }
  return null;
}

/** The plan's files-per-upload limit, as the server words it. */
export function batchProblem(count: number, plan: Plan | undefined): Problem | null {
  if (!plan || count <= plan.maxFiles) return null;
  return { key: 'errors:uploadTooManyFiles', params: { plan: plan.name, limit: plan.maxFiles, count } };
}

/** Like the server's hint: an upgrade is offered only when some plan allows more of this limit than `plan` does. */
export function upgradeRaises(plan: Plan, limit: UpgradableLimit): boolean {
  return PLAN_SLUGS.some((slug) => PLANS[slug][limit] > plan[limit]);
}

/** The server's message keys of plan-limit refusals, and the limit each is about. */
const PLAN_LIMIT_KEYS: Record<string, UpgradableLimit> = {
  uploadTooManyFiles: 'maxFiles',
  uploadFileTooLarge: 'maxFileSize',
  uploadMonthlyLimitReached: 'fileUploadsPerMonth',
  uploadMonthlyLimitTooFew: 'fileUploadsPerMonth',
  uploadVideoTooLong: 'videoMaxDuration',
};

/** 403 and 413 refusals that no plan lifts. */
const NOT_PLAN_KEYS = new Set(['foreignOrigin', 'signedOut', 'uploadRequestTooLarge', 'uploadTranscriptTooLong']);

/**
 * Whether a refusal deserves an Upgrade button: HTTP 403 or 413 for a plan limit that a bigger plan raises. A plan
 * limit the server adds later (say, video length) offers the upgrade too, and so does an unknown plan: better an
 * Upgrade button too many than a student stuck without the way out.
 */
export function offersUpgrade(refusal: { status: number; messageKey?: string }, planSlug: PlanSlug | undefined): boolean {
  if (refusal.status !== 403 && refusal.status !== 413) return false;
  const key = refusal.messageKey;
  if (!key || NOT_PLAN_KEYS.has(key)) return false;
  const limit = PLAN_LIMIT_KEYS[key];
  return !limit || planSlug === undefined || upgradeRaises(PLANS[planSlug], limit);
}

/**
 * Each file's share of one multipart upload that has been sent: the files go in order, so file i is done with the
 * bytes before it plus its own size. `sentBytes` counts file bytes only (see `sentFileBytes`).
 */
export function fileProgress(sizes: readonly number[], sentBytes: number): number[] {
  let before = 0;
  return sizes.map((size) => {
    const start = before;
    before += size;
    if (size === 0) return sentBytes >= start ? 1 : 0;
    return Math.min(1, Math.max(0, (sentBytes - start) / size));
  });
}

/**
 * The file bytes among `loaded` of `total` request bytes: the multipart framing around each file is small, so the
 * request's progress is scaled onto the files' total, which makes the last file end exactly when the request does.
 */
export function sentFileBytes(fileBytes: number, loaded: number, total: number): number {
  if (total <= 0) return loaded;
  return (Math.min(loaded, total) / total) * fileBytes;
}

/** "2.4 MB"-style sizes in the reader's locale. */
export function formatFileSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const maximumFractionDigits = unit === 0 || value >= 100 ? 0 : 1;
  // Short units read well from kB up; a few bytes read better spelled out ("2 bytes", not "2 byte").
  const unitDisplay = unit === 0 ? 'long' : 'short';
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay, maximumFractionDigits }).format(value);
}
