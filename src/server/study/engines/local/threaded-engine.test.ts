import { describe, expect, it } from 'vitest';
import type { CourseDescriptionEvent, StudyDocument } from '../engine';
import { StudyEngineError } from '../engine';
import { splitIntoPages } from '../../../ingest/text-pages';
import { lectureText } from '../../../test/lecture';
import { createLocalEngine } from './local-engine';
import { createThreadedLocalEngine } from './threaded-engine';

const threaded = createThreadedLocalEngine();
const inProcess = createLocalEngine();

function documentOf(text: string, title: string): StudyDocument {
  return { title, language: 'en', pages: splitIntoPages(text).map((page, index) => ({ pageNumber: index + 1, text: page, heading: null })) };
}

const lecture = documentOf(lectureText, 'Cell Biology');
/** A long book of the lecture's chapters: reading it takes the engine a noticeable while. */
const book = documentOf(
  Array.from({ length: 60 }, (_, index) => lectureText.replace('Cell Biology: The Basics', `Chapter ${index + 1}: Cells`)).join('\n\n'),
  'Cells, the book',
);

async function eventsOf(stream: AsyncIterable<CourseDescriptionEvent>) {
  const events: CourseDescriptionEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('the local engine in its own thread', () => {
  it('makes the same artefacts as the engine run in this thread', async () => {
    expect(await threaded.summary(lecture)).toEqual(await inProcess.summary(lecture));
    expect(await threaded.mindmap(lecture)).toEqual(await inProcess.mindmap(lecture));
    expect(await threaded.flashcards(lecture)).toEqual(await inProcess.flashcards(lecture));
    expect(await threaded.learnPath(lecture)).toEqual(await inProcess.learnPath(lecture));
    const course = { name: 'Biology', language: 'en', documents: [lecture] };
    expect(await eventsOf(threaded.describeCourse(course))).toEqual(await eventsOf(inProcess.describeCourse(course)));
  });

  it("keeps this thread's event loop turning while it reads a long document", async () => {
    let turns = 0;
    let running = true;
    const tick = () => {
      turns += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const summary = await threaded.summary(book);
    running = false;
    expect(summary.sections.length).toBeGreaterThan(1);
    // Run here, the whole analysis would be one synchronous stretch with no turn in between.
    expect(turns).toBeGreaterThan(5);
  });

  it("passes the engine's own failure across, with its key", async () => {
    const empty: StudyDocument = { title: 'Empty', language: 'en', pages: [{ pageNumber: 1, text: '', heading: null }] };
    const failure = await threaded.summary(empty).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StudyEngineError);
    expect(failure).toMatchObject({ key: 'tooLittleText', retryable: false });
  });

  it('stops waiting when the job is cancelled, and goes on serving other calls', async () => {
    const controller = new AbortController();
    const pending = threaded.learnPath({ ...book, title: 'Cancelled book' }, { signal: controller.signal });
    controller.abort(new Error('job expired'));
    await expect(pending).rejects.toThrow('job expired');
    const cancelledStream = threaded.describeCourse({ name: 'X', language: 'en', documents: [lecture] }, { signal: AbortSignal.abort() });
    await expect(eventsOf(cancelledStream)).rejects.toThrow();
    expect((await threaded.flashcards(lecture)).cards.length).toBeGreaterThan(0);
  });
});
