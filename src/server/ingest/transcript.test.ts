import { describe, expect, it } from 'vitest';
import { cutIntoPages, parseTranscript } from './transcript';

describe('parseTranscript', () => {
  it('removes timestamp lines, joins the captions, and takes the last timestamp as the length', () => {
    const pasted = '0:00\nWelcome to the lecture\n0:04\non cell biology.\n12:34\nToday: mitochondria.\n1:02:03\nThe end.';
    expect(parseTranscript(pasted)).toEqual({
      pages: ['Welcome to the lecture on cell biology. Today: mitochondria. The end.'],
      durationSeconds: 3723,
    });
  });

  it('removes timestamps in front of lines, in brackets too', () => {
    expect(parseTranscript('[0:00] Hello there.\r\n(0:07) General remarks.\n9:59 Last words.')).toEqual({
      pages: ['Hello there. General remarks. Last words.'],
      durationSeconds: 599,
    });
  });

  it('reads SRT and WebVTT cues: numbers and timings go, the last cue’s end is the length', () => {
    const srt = '1\n00:00:01,000 --> 00:00:04,000\nFirst line.\n\n2\n00:00:04,500 --> 00:01:30,250\nSecond line.\n';
    expect(parseTranscript(srt)).toEqual({ pages: ['First line. Second line.'], durationSeconds: 90 });
    const vtt = 'WEBVTT\n\n00:01.000 --> 00:05.000\nHello.\n\n00:05.000 --> 00:09.000\nAgain.';
    expect(parseTranscript(vtt)).toEqual({ pages: ['Hello. Again.'], durationSeconds: 9 });
  });

  it('keeps paragraphs of a transcript without timings and has no length then', () => {
    expect(parseTranscript('First paragraph\ncontinues.\n\nSecond paragraph.')).toEqual({
      pages: ['First paragraph continues.\n\nSecond paragraph.'],
      durationSeconds: null,
    });
  });

  it('leaves text that only looks like a time alone', () => {
    expect(parseTranscript('3:75 is not a time.\n10:30am class')).toEqual({
      pages: ['3:75 is not a time. 10:30am class'],
      durationSeconds: null,
    });
  });

  it('finds no pages in timestamps alone, and drops control characters and broken surrogates', () => {
    expect(parseTranscript('0:00\n\n0:05\n')).toEqual({ pages: [], durationSeconds: 5 });
    expect(parseTranscript('a\u0000b\u0007c \ud800d')).toEqual({ pages: ['abc \ufffdd'], durationSeconds: null });
  });

  it('cuts long transcripts into pages of at most 3000 characters at sentence ends', () => {
    const sentence = 'This sentence is exactly fifty characters long ok. ';
    const { pages } = parseTranscript(`0:00\n${sentence.repeat(200)}\n1:00\nEnd.`);
    expect(pages.length).toBe(4);
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(3000);
      expect(page).toMatch(/\.$/);
    }
    expect(pages.join(' ')).toBe(`${sentence.repeat(200)}End.`);
  });
});

describe('cutIntoPages', () => {
  it('falls back to spaces, then to a hard cut that never splits a surrogate pair', () => {
    expect(cutIntoPages('aaaa bbbb cccc', 10)).toEqual(['aaaa bbbb', 'cccc']);
    const emoji = '😀'.repeat(8);
    const pages = cutIntoPages(emoji, 5);
    expect(pages.join('')).toBe(emoji);
    for (const page of pages) expect(page).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });
});
