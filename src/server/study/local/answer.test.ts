import { describe, expect, it } from 'vitest';
import { chunkPages } from '../chunks';
import type { AnswerContext, AnswerEvent } from '../engine';
import { splitIntoPages } from '../../ingest/text-pages';
import { lectureText } from '../test-lecture';
import { answerQuestion, composeAnswer } from './answer';
import { createLocalEngine } from './local-engine';
import { createThreadedLocalEngine } from './threaded-engine';

const passages = chunkPages(splitIntoPages(lectureText, 900).map((text, index) => ({ pageNumber: index + 1, text }))).map((chunk) => ({
  fileId: 'file-1',
  fileName: 'Cell Biology.txt',
  page: chunk.page,
  text: chunk.text,
}));
const context = (history: AnswerContext['history'] = []): AnswerContext => ({ language: 'en', passages, history });

const textOf = (events: AnswerEvent[]) => events.map((event) => (event.type === 'text' ? event.text : '')).join('');
const citationsOf = (events: AnswerEvent[]) => events.flatMap((event) => (event.type === 'citation' ? [event.citation] : []));

async function collect(stream: AsyncIterable<AnswerEvent>) {
  const events: AnswerEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('the local tutor', () => {
  it('answers "what is meant by" with the sentence that defines the term, not one that leans on its context', () => {
    const paper = [
      'Trace trees were originally proposed by Gal and colleagues for dynamic compilers.',
      'This section explains how a recorded trace is translated to optimized machine code for the trace.',
      'A trace is a program path, which may cross function call boundaries.',
    ];
    const own: AnswerContext = {
      language: 'en',
      history: [],
      passages: paper.map((text, index) => ({ fileId: 'file-2', fileName: 'tracing.pdf', page: index + 3, text })),
    };
    const text = textOf(composeAnswer('What is meant by "trace"?', own));
    expect(text).toMatch(/^Here is what your documents say about this:\n\n> A trace is a program path/);
  });

  it('quotes the best sentences, the definition first, each quote cited by a marker announced before it', () => {
    const events = composeAnswer('What is photosynthesis?', context());
    const text = textOf(events);
    expect(text).toMatch(/^Here is what your documents say about this:\n\n> Photosynthesis is the process by which plants turn light energy into chemical energy\./);
    const quotes = text.split('\n\n> ').slice(1);
    expect(quotes.length).toBeGreaterThanOrEqual(1);
    expect(quotes.join(' ').split(/(?<=\.)\s/).length).toBeLessThanOrEqual(4 + 1);
    const citations = citationsOf(events);
    expect(citations.length).toBeGreaterThanOrEqual(1);
    // Marker n appears only after the n-th citation event.
    const firstMarker = events.findIndex((event) => event.type === 'text' && event.text.includes('[1]'));
    expect(events.findIndex((event) => event.type === 'citation')).toBeLessThan(firstMarker);
    expect(passages[citations[0]?.passage ?? -1]?.text).toContain(citations[0]?.quote.slice(0, 40));
  });

  it('answers a question about several things from the sentences that hold them', () => {
    const text = textOf(composeAnswer('What are the phases of mitosis?', context()));
    expect(text).toContain('It has four phases: prophase, metaphase, anaphase and telophase.');
  });

  it('says the documents do not cover a question they do not, in the language of the question', () => {
    expect(textOf(composeAnswer('What is the capital of France?', context()))).toBe(
      "Your documents don't cover this, so I can't answer it from them. Ask me about something they discuss — or upload a document that covers this topic.",
    );
    expect(textOf(composeAnswer('Wie heißt die Hauptstadt von Frankreich?', context()))).toMatch(/^Dazu finde ich nichts in deinen Dokumenten\./);
    expect(citationsOf(composeAnswer('Who invented the telephone in 1876?', context()))).toEqual([]);
  });

  it('asks for a question when there is nothing to look up, and reads a follow-up with the question before it', () => {
    expect(textOf(composeAnswer('What is this?', context()))).toMatch(/^Ask me a question about your documents/);
    const followUp = composeAnswer('Why is that?', context([{ role: 'user', content: 'What does chlorophyll do?' }, { role: 'assistant', content: '…' }]));
    expect(textOf(followUp)).toContain('Chlorophyll is the green pigment that absorbs light in the chloroplasts.');
  });

  it('quotes document text as text: markdown, HTML and reference brackets cannot become markup or markers', () => {
    const hostile = [{ fileId: 'f', fileName: 'x.txt', page: 3, text: 'The <img src=x onerror=alert(1)> tag, **stars**, `code` and $x$ show how a sanitizer treats markup [12].' }];
    const text = textOf(composeAnswer('How does a sanitizer treat markup?', { language: 'en', passages: hostile, history: [] }));
    expect(text).toContain('\\<img src=x onerror=alert(1)\\>');
    expect(text).toContain('\\*\\*stars\\*\\*, \\`code\\` and \\$x\\$');
    expect(text).not.toContain('[12]');
    expect(text.endsWith('[1]')).toBe(true);
  });

  it('drops a heading glued to a quoted sentence and marks a sentence cut off by its passage', () => {
    const pdf = [
      { fileId: 'f', fileName: 'paper.pdf', page: 7, text: 'Trace Tree Optimization This section explains how a recorded trace is translated to machine code.' },
      { fileId: 'f', fileName: 'paper.pdf', page: 8, text: 'inlined parts of outer loops within the inner loops of the recorded trace (because' },
    ];
    const text = textOf(composeAnswer('How is a recorded trace translated?', { language: 'en', passages: pdf, history: [] }));
    expect(text).toContain('> This section explains how a recorded trace is translated to machine code. [1]');
    const cut = textOf(composeAnswer('What are outer loops in the recorded trace?', { language: 'en', passages: pdf.slice(1), history: [] }));
    expect(cut).toContain('> …inlined parts of outer loops within the inner loops of the recorded trace (because… [1]');
  });

  it('streams the answer in chunks of a few words, paced, and stops when aborted', async () => {
    const events = await collect(answerQuestion('What is photosynthesis?', context(), { chunkMs: 0 }));
    expect(textOf(events)).toBe(textOf(composeAnswer('What is photosynthesis?', context())));
    const texts = events.filter((event) => event.type === 'text');
    expect(texts.length).toBeGreaterThan(10);
    for (const event of texts) expect(event.text.trim().split(/\s+/).length).toBeLessThanOrEqual(2);

    const controller = new AbortController();
    const received: AnswerEvent[] = [];
    await expect(async () => {
      for await (const event of answerQuestion('What is photosynthesis?', context(), { signal: controller.signal, chunkMs: 5 })) {
        received.push(event);
        if (received.length === 3) controller.abort(new Error('stopped by the student'));
      }
    }).rejects.toThrow('stopped by the student');
    expect(received).toHaveLength(3);
  });

  it('answers the same in its own thread as in this one, and a stopped answer ends there too', async () => {
    const threaded = createThreadedLocalEngine();
    const question = 'How does the cell membrane control what enters the cell?';
    expect(await collect(threaded.answer(question, context()))).toEqual(await collect(createLocalEngine().answer(question, context())));

    const controller = new AbortController();
    let count = 0;
    await expect(async () => {
      for await (const event of threaded.answer(question, context(), { signal: controller.signal })) {
        if (event.type === 'text' && ++count === 2) controller.abort(new Error('stop'));
      }
    }).rejects.toThrow('stop');
    // The thread still answers afterwards.
    expect(textOf(await collect(threaded.answer('What is the capital of France?', context())))).toMatch(/don't cover this/);
  });
});
