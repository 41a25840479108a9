import type { ModelMessage } from 'ai';
import { baseLanguage, notCoveredAnswer, type AnswerContext, type AnswerEvent, type AnswerPassage, type EngineCallOptions } from '../engine';
import { languageName } from './chunks';
import { failure } from './errors';
import type { ModelClient } from './model-client';
import { tutorQuestion, tutorSystem } from './prompts';

/**
 * The tutor's chat answer, streamed as the model writes it so the student reads it as it comes. The model may answer
 * from the retrieved passages only and marks what it uses with [n]; this module turns those markers into the
 * citations of AnswerEvent's contract while the text streams (CitationMarkers), which is why it stands apart from the
 * study material.
 */

/**
 * The model sees the retrieved passages, numbered, and the recent conversation. Its markers are renumbered in the
 * order they first appear, each announced by its citation (AnswerEvent's contract); a marker naming no passage is
 * dropped. Without passages the model is not asked at all: the answer says the documents do not cover the question.
 */
export async function* tutorAnswer(
  client: ModelClient,
  question: string,
  context: AnswerContext,
  { signal }: EngineCallOptions = {},
): AsyncIterable<AnswerEvent> {
  const code = baseLanguage(context.language);
  if (context.passages.length === 0) {
    yield { type: 'text', text: notCoveredAnswer(code) };
    return;
  }
  const system = tutorSystem(languageName(code));
  const passages = context.passages
    .map((passage, index) => `[${index + 1}] ${passage.fileName}, page ${passage.page}:\n${passage.text}`)
    .join('\n\n');
  const messages: ModelMessage[] = [
    ...context.history.map((turn): ModelMessage => ({ role: turn.role, content: turn.content })),
    { role: 'user', content: tutorQuestion(passages, question) },
  ];
  const markers = new CitationMarkers(context.passages);

  let written = '';
  for await (const text of client.text({ system, messages }, signal)) {
    for (const event of markers.push(text)) {
      if (event.type === 'text') written += event.text;
      yield event;
    }
  }
  for (const event of markers.end()) {
    if (event.type === 'text') written += event.text;
    yield event;
  }
  if (written.trim().length === 0) {
    throw failure('aiInvalidOutput', 'The AI model wrote an empty answer.', {});
  }
}

/** A citation's quote: the passage's start, cut at a word. */
function quoteOf(text: string, max = 280): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.lastIndexOf(' ', max);
  return `${flat.slice(0, cut > max / 2 ? cut : max)}…`;
}

/**
 * Rewrites a streamed answer's passage markers ([3], [1, 4], [2][5]) into citation numbers in order of first use,
 * announcing each citation before the text that first marks it. A marker split across deltas ("… [" then "2] …") is
 * held back until it is complete.
 */
class CitationMarkers {
  private readonly numbers = new Map<number, number>();
  private held = '';

  constructor(private readonly passages: readonly AnswerPassage[]) {}

  push(delta: string): AnswerEvent[] {
    const text = this.held + delta;
    const open = /\[[\d,\s]{0,12}$/.exec(text);
    this.held = open ? open[0] : '';
    return this.rewrite(open ? text.slice(0, open.index) : text);
  }

  end(): AnswerEvent[] {
    const rest = this.held;
    this.held = '';
    return this.rewrite(rest);
  }

  private rewrite(text: string): AnswerEvent[] {
    const events: AnswerEvent[] = [];
    let plain = '';
    let last = 0;
    for (const match of text.matchAll(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g)) {
      plain += text.slice(last, match.index);
      last = match.index + match[0].length;
      for (const given of (match[1] ?? '').split(',').map((part) => Number(part.trim()))) {
        const passage = this.passages[given - 1];
        if (!passage) continue;
        let number = this.numbers.get(given);
        if (number === undefined) {
          number = this.numbers.size + 1;
          this.numbers.set(given, number);
          if (plain) events.push({ type: 'text', text: plain });
          plain = '';
          events.push({ type: 'citation', citation: { passage: given - 1, quote: quoteOf(passage.text) } });
        }
        plain += `[${number}]`;
      }
    }
    plain += text.slice(last);
    if (plain) events.push({ type: 'text', text: plain });
    return events;
  }
}
