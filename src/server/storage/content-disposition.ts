/**
 * A Content-Disposition header naming `fileName` safely: a plain ASCII `filename` for old clients and the exact name,
 * percent-encoded, in an RFC 5987 / RFC 6266 `filename*`. Quotes, backslashes, control characters and path separators
 * never reach the header, so a name cannot break out of it or suggest a folder.
 */
export function contentDisposition(fileName: string, type: 'inline' | 'attachment' = 'inline'): string {
  // Control characters (C0, DEL, C1) and path separators are dropped from the name itself, not only from the fallback.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const cleaned = fileName.replace(/[\u0000-\u001f\u007f-\u009f/\\]/g, '').trim() || 'file';
  const fallback = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(cleaned)}`;
}

/** Percent-encodes everything outside RFC 5987's attr-char (encodeURIComponent leaves ' ( ) * as they are). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
