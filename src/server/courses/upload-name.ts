import { FILE_NAME_MAX_LENGTH } from '../../shared/courses';

// Control characters, and the bidirectional overrides that make "exe.pdf" read as "fdp.exe".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const unwantedCharacters = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a browser sent, made safe to show and store: only its last path component, without control characters,
 * trimmed. The extension is kept, since detectFileKind compares it with the content.
 */
export function cleanUploadName(raw: string): string {
  const lastComponent = raw.split(/[/\\]/).pop() ?? '';
  return lastComponent.replace(unwantedCharacters, '').trim();
}

/**
 * A cleaned name fitted to the file's kind: 'Untitled.pdf' when nothing is left, else at most 255 characters ending
 * in its extension.
 */
export function storedUploadName(cleaned: string, extension: string): string {
  const suffix = `.${extension}`;
  const hasSuffix = cleaned.toLowerCase().endsWith(suffix);
  const stem = (hasSuffix ? cleaned.slice(0, -suffix.length) : cleaned).trim();
  if (stem === '') return `Untitled${suffix}`;
  let head = stem.slice(0, FILE_NAME_MAX_LENGTH - suffix.length);
  // Cutting between the halves of a surrogate pair would leave a character the database cannot store.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head.trimEnd()}${hasSuffix ? cleaned.slice(-suffix.length) : suffix}`;
}
