import { targetPageChars } from './text-pages';

/** The most a user may paste as a video's transcript (a three-hour lecture is about 200,000 characters). */
export const TRANSCRIPT_MAX_LENGTH = 500_000;

export interface ParsedTranscript {
  /** The text cut into pages of about targetPageChars characters; empty when no text was left. */
  pages: string[];
  /** The last timestamp found, taken as the video's length; null when the transcript has none. */
  durationSeconds: number | null;
}

// '0:00', '12:34', '1:02:03', optionally in brackets, alone on a line or in front of the line's text.
const timestampAtStart = /^[[(]?((?:\d{1,2}:)?\d{1,3}:\d{2})[\])]?(?:\s+|$)/;
// SRT and WebVTT cue timings: '00:00:01,000 --> 00:00:04,000'.
const cueTiming = /^((?:\d{1,2}:)?\d{1,2}:\d{2})(?:[.,]\d{1,3})?\s*-->\s*((?:\d{1,2}:)?\d{1,2}:\d{2})(?:[.,]\d{1,3})?/;
// eslint-disable-next-line no-control-regex -- removing control characters (NUL cannot even be stored) is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const loneSurrogates = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Seconds of 'm:ss' or 'h:mm:ss'; null when a part is out of range ('3:75' is not a time). */
function secondsOf(timestamp: string): number | null {
  const parts = timestamp.split(':').map(Number);
  const [seconds = 0, minutes = 0, hours = 0] = parts.reverse();
  if (seconds >= 60 || (parts.length === 3 && minutes >= 60)) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

/**
 * A transcript as pasted from a video site: timestamp lines ('0:00', '12:34', '1:02:03'), timestamps in front of
 * lines, SRT/WebVTT cue timings and cue numbers are removed, the last time seen is kept as the video's length, and the
 * remaining caption lines are joined into running text and cut into pages. Without any timing, blank lines stay
 * paragraph breaks.
 */
export function parseTranscript(raw: string, target = targetPageChars): ParsedTranscript {
  const lines = raw.replace(loneSurrogates, '\uFFFD').replace(/\r\n?/g, '\n').replace(controlCharacters, '').split('\n');
  let durationSeconds: number | null = null;
  const paragraphs: string[][] = [[]];
  for (let index = 0; index < lines.length; index += 1) {
    let line = (lines[index] ?? '').trim();
    if (line === 'WEBVTT') continue;
    const cue = cueTiming.exec(line);
    if (cue) {
      durationSeconds = secondsOf(cue[2] ?? '') ?? durationSeconds;
      continue;
    }
    // An SRT cue number: digits alone, right before a cue timing.
    if (/^\d+$/.test(line) && cueTiming.test((lines[index + 1] ?? '').trim())) continue;
    const stamp = timestampAtStart.exec(line);
    if (stamp) {
      const seconds = secondsOf(stamp[1] ?? '');
      if (seconds !== null) {
        durationSeconds = seconds;
        line = line.slice(stamp[0].length).trim();
      }
    }
    if (line === '') {
      if (!stamp && (paragraphs.at(-1)?.length ?? 0) > 0) paragraphs.push([]);
      continue;
    }
    paragraphs.at(-1)?.push(line);
  }
  // With timings, blank lines only separate cues: the captions are one running text.
  const blocks = durationSeconds === null ? paragraphs : [paragraphs.flat()];
  const text = blocks
    .map((paragraph) => paragraph.join(' ').replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
  return { pages: cutIntoPages(text, target), durationSeconds };
}

/**
 * Cuts running text into pages of at most `target` characters, at the last paragraph or sentence end in the second
 * half of the window, else at the last space, else (one giant word) at the limit without splitting a surrogate pair.
 */
export function cutIntoPages(text: string, target = targetPageChars): string[] {
  const pages: string[] = [];
  let rest = text.trim();
  while (rest.length > target) {
    const window = rest.slice(0, target + 1);
    let cut = lastBoundary(window, /\n\n/g);
    if (cut <= target / 2) cut = lastBoundary(window, /[.!?…]["'”’)\]]*\s/g);
    if (cut <= target / 2) cut = window.lastIndexOf(' ');
    if (cut <= target / 2) cut = /[\uD800-\uDBFF]/.test(rest.charAt(target - 1)) ? target - 1 : target;
    pages.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pages.push(rest);
  return pages;
}

/** The index just after the last match of `pattern` (a global regex) in `text`, or -1. */
function lastBoundary(text: string, pattern: RegExp): number {
  let end = -1;
  for (const match of text.matchAll(pattern)) end = match.index + match[0].length;
  return end;
}
