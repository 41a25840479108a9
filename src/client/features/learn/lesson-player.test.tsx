// @vitest-environment jsdom
import { act, cleanup, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerResult, LessonResult, LessonToPlay, PlayChallenge } from '../../../shared/learn';
import { closeFileViewer, useFileViewerState } from '../../lib/file-viewer';
import { i18n } from '../../lib/i18n';
import { closeUpgradeModal, useUpgradeModalState } from '../../lib/upgrade-modal';
import { fakeTrpcServer as fakeServer } from '../../test/fake-trpc-server';
import { renderSignedIn } from '../../test/render-signed-in';
import LessonPlayer from './lesson-player';

const CHALLENGES: PlayChallenge[] = [
  {
    id: 'c1',
    type: 'multiple_choice',
    question: 'What does a tracing JIT record?',
    page: 3,
    options: [
      { id: 'o1', text: 'Hot loops' },
      { id: 'o2', text: 'Cold code' },
      { id: 'o3', text: 'Comments' },
      { id: 'o4', text: 'Nothing' },
    ],
    reported: false,
  },
  { id: 'c2', type: 'true_false', question: 'TraceMonkey is a JIT for JavaScript.', page: 1, reported: false },
  { id: 'c3', type: 'fill_blank', question: 'A trace tree is anchored at a loop ____.', page: 4, options: ['header', 'footer', 'comment'], reported: false },
  { id: 'c4', type: 'match', question: 'Match the terms.', page: 5, terms: ['trace', 'guard'], definitions: ['a check that exits the trace', 'a recorded path'], reported: true },
];

function lessonToPlay(overrides: Partial<LessonToPlay> = {}): LessonToPlay {
  return {
    lesson: { id: 'l1', title: 'Tracing basics', unitId: 'u1', unitTitle: 'Tracing', fileId: 'file-1' },
    challenges: CHALLENGES,
    practice: false,
    runId: 'run-1',
    hearts: 3,
    unlimitedHearts: false,
    ...overrides,
  };
}

const result = (overrides: Partial<AnswerResult>): { data: AnswerResult } => ({
  data: { correct: true, explanation: 'Explained.', page: 3, correctAnswer: 'Hot loops', hearts: 3, pointsGained: 10, outOfHearts: false, ...overrides },
});
const finished: LessonResult = { stars: 2, accuracy: 0.75, pointsGained: 30, timeMs: 83_000, hearts: 2, practice: false, bestStars: 2 };

function ViewerProbe() {
  const state = useFileViewerState();
  return <output data-testid="viewer-probe">{state ? `${state.fileId}@${state.page ?? 1}` : 'closed'}</output>;
}

function renderPlayer(context: { uuid?: string; id?: string } = {}) {
  return renderSignedIn(
    <>
      <LessonPlayer lessonId="l1" context={context} />
      <ViewerProbe />
    </>,
    { routes: ['/lesson/l1', '/learn'], path: '/lesson/l1' },
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  // jsdom has no scrolling; the router's scroll restoration calls it.
  window.scrollTo = () => undefined;
});

afterEach(() => {
  act(() => closeFileViewer());
  cleanup();
  vi.unstubAllGlobals();
});

describe('LessonPlayer', () => {
  it('plays every kind of challenge: keys 1–4 and Enter, feedback with the answer and source page, hearts, the finish screen', async () => {
    const server = fakeServer({
      'learn.getLesson': () => ({ data: lessonToPlay() }),
      'learn.submitAnswer': (input) =>
        input.challengeId === 'c1' ? result({ correct: false, hearts: 2, pointsGained: 0 }) : result({ correctAnswer: 'x', hearts: 2 }),
      'learn.finishLesson': () => ({ data: finished }),
    });
    const { user } = renderPlayer();
    await screen.findByTestId('lesson-player', {}, { timeout: 5_000 });
    expect(server.of('learn.getLesson')).toEqual([{ procedure: 'learn.getLesson', input: { lessonId: 'l1' } }]);
    expect(screen.getByTestId('lesson-hearts').textContent).toContain('3');
    expect(screen.getByText('Challenge 1 of 4')).toBeTruthy();
    const check = screen.getByTestId('lesson-check');
    expect((check as HTMLButtonElement).disabled).toBe(true);

    // Multiple choice: key 2 picks the second option; Enter checks. Wrong: a heart goes, the right answer shows.
    await user.keyboard('2');
    expect(screen.getAllByTestId('challenge-option')[1]!.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Enter}');
    const feedback = await screen.findByTestId('lesson-feedback');
    expect(feedback.dataset.correct).toBe('false');
    expect(within(feedback).getByText('Not quite')).toBeTruthy();
    expect(screen.getByTestId('lesson-correct-answer').textContent).toBe('Correct answer: Hot loops');
    expect(screen.getByTestId('lesson-explanation').textContent).toBe('Explained.');
    expect(screen.getByTestId('lesson-hearts').textContent).toContain('2');
    const submitted = server.of('learn.submitAnswer')[0]!.input;
    expect(submitted).toMatchObject({ challengeId: 'c1', runId: 'run-1', optionId: 'o2' });
    expect(typeof submitted.timeToCompleteMs).toBe('number');
    await user.click(screen.getByTestId('lesson-source'));
    expect(screen.getByTestId('viewer-probe').textContent).toBe('file-1@3');
    act(() => closeFileViewer());
    expect(screen.getByTestId('lesson-progress').getAttribute('aria-valuenow')).toBe('25');

    // Continue (its button has the focus: Enter presses it), then true/false with key 1.
    await user.click(screen.getByTestId('lesson-continue'));
    expect(screen.getByText('Challenge 2 of 4')).toBeTruthy();
    await user.keyboard('1');
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('lesson-feedback')).dataset.correct).toBe('true');
    expect(screen.getByText('+10 points')).toBeTruthy();
    expect(server.of('learn.submitAnswer')[1]!.input).toMatchObject({ challengeId: 'c2', answer: 'true' });
    await user.keyboard('{Enter}');

    // Fill-in: a word from the bank goes into the blank.
    expect(await screen.findByText('Challenge 3 of 4')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'header' }));
    expect(screen.getByTestId('challenge-question').textContent).toBe('A trace tree is anchored at a loop header.');
    await user.click(screen.getByTestId('lesson-check'));
    await screen.findByTestId('lesson-feedback');
    expect(server.of('learn.submitAnswer')[2]!.input).toMatchObject({ challengeId: 'c3', answer: 'header' });
    await user.click(screen.getByTestId('lesson-continue'));

    // Match: a term, then its definition; the question of a reported challenge is struck through.
    expect(await screen.findByText('Challenge 4 of 4')).toBeTruthy();
    expect(screen.getByTestId('challenge-question').className).toContain('line-through');
    expect(screen.getByTestId('lesson-reported')).toBeTruthy();
    expect(screen.queryByTestId('lesson-report')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'trace' }));
    await user.click(screen.getByRole('button', { name: 'a recorded path' }));
    expect((screen.getByTestId('lesson-check') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'guard' }));
    await user.click(screen.getByRole('button', { name: 'a check that exits the trace' }));
    await user.click(screen.getByTestId('lesson-check'));
    await screen.findByTestId('lesson-feedback');
    expect(JSON.parse(String(server.of('learn.submitAnswer')[3]!.input.answer))).toEqual([
      { term: 'trace', definition: 'a recorded path' },
      { term: 'guard', definition: 'a check that exits the trace' },
    ]);
    await user.click(screen.getByTestId('lesson-continue'));

    // Finished: the run is closed on the server and its result shown.
    const finish = await screen.findByTestId('lesson-finished');
    expect(server.of('learn.finishLesson')).toEqual([{ procedure: 'learn.finishLesson', input: { lessonId: 'l1', runId: 'run-1' } }]);
    expect(within(finish).getByText('Lesson complete!')).toBeTruthy();
    expect(screen.getByTestId('finish-stars').dataset.stars).toBe('2');
    expect(screen.getByTestId('finish-stars').getAttribute('aria-label')).toBe('2 stars of 3');
    expect(screen.getByTestId('finish-points').textContent).toBe('+30');
    expect(screen.getByTestId('finish-accuracy').textContent).toBe('75%');
    expect(screen.getByTestId('finish-time').textContent).toBe('1:23');
  });

  it('says when the source page of the feedback is one OCR read with low confidence, asking the lesson’s file once', async () => {
    const server = fakeServer({
      'learn.getLesson': () => ({ data: lessonToPlay() }),
      'file.getProcessingStatus': () => ({ data: { status: 'ready', lowConfidencePages: [3], unreadablePages: null, progress: null } }),
      'learn.submitAnswer': (input) => result(input.challengeId === 'c1' ? { page: 3 } : { page: 1 }),
    });
    const { user } = renderPlayer();
    await screen.findByTestId('lesson-player', {}, { timeout: 5_000 });
    await user.keyboard('1');
    await user.keyboard('{Enter}');
    const feedback = await screen.findByTestId('lesson-feedback');
    expect(within(feedback).getByTestId('lesson-source').textContent).toBe('Source: page 3');
    expect(within(feedback).getByRole('button', { name: 'From a page read with low confidence (p. 3) — check it against the page.' })).toBeTruthy();

    await user.click(screen.getByTestId('lesson-continue'));
    await user.keyboard('1');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(screen.getByTestId('lesson-feedback')).getByTestId('lesson-source').textContent).toBe('Source: page 1'));
    expect(screen.queryByTestId('low-confidence-mark')).toBeNull();
    expect(server.of('file.getProcessingStatus').map((call) => call.input)).toEqual([{ fileId: 'file-1' }]);
  });

  it('skips a challenge without an answer, showing the right one', async () => {
    const server = fakeServer({
      'learn.getLesson': () => ({ data: lessonToPlay() }),
      'learn.skipChallenge': () => result({ correct: false, pointsGained: 0 }),
      'learn.submitAnswer': () => result({ correct: false, correctAnswer: 'true', hearts: 2, pointsGained: 0 }),
    });
    const { user } = renderPlayer();
    await user.click(await screen.findByTestId('lesson-skip', {}, { timeout: 5_000 }));
    const feedback = await screen.findByTestId('lesson-feedback');
    expect(feedback.dataset.skipped).toBe('true');
    expect(within(feedback).getByText('Skipped')).toBeTruthy();
    expect(screen.getByTestId('lesson-correct-answer').textContent).toBe('Correct answer: Hot loops');
    expect(screen.getByTestId('lesson-hearts').textContent).toContain('3');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Challenge 2 of 4')).toBeTruthy();
    expect(server.of('learn.skipChallenge')[0]!.input).toMatchObject({ challengeId: 'c1', runId: 'run-1' });
    expect(server.of('learn.submitAnswer')).toEqual([]);
    expect(screen.getByTestId('lesson-progress').getAttribute('aria-valuenow')).toBe('25');
    // A true/false answer is shown in words.
    await user.keyboard('2');
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('lesson-correct-answer')).textContent).toBe('Correct answer: True');
  });

  it('stops at 0 hearts with a dialog offering the shop or an upgrade', async () => {
    fakeServer({
      'learn.getLesson': () => ({ data: lessonToPlay({ hearts: 1 }) }),
      'learn.submitAnswer': () => result({ correct: false, hearts: 0, pointsGained: 0, outOfHearts: true }),
    });
    const { user } = renderPlayer();
    await user.click((await screen.findAllByTestId('challenge-option', {}, { timeout: 5_000 }))[3]!);
    // Enter on the option just picked checks it.
    await user.keyboard('{Enter}');
    await user.click(await screen.findByTestId('lesson-continue'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("You're out of hearts")).toBeTruthy();
    expect(within(dialog).getByTestId('out-of-hearts-shop').getAttribute('href')).toBe('/shop');
    // Upgrade opens the app's upgrade modal (mounted by the app layout) with the reason.
    const upgradeModal = renderHook(() => useUpgradeModalState());
    await user.click(within(dialog).getByTestId('out-of-hearts-upgrade'));
    expect(upgradeModal.result.current?.reason).toBe('hearts');
    act(() => closeUpgradeModal());
  });

  it('opens straight onto the dialog without hearts, but subscribers play with the unlimited icon', async () => {
    fakeServer({ 'learn.getLesson': () => ({ data: lessonToPlay({ hearts: 0 }) }) });
    renderPlayer();
    expect(await screen.findByTestId('out-of-hearts', {}, { timeout: 5_000 })).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    fakeServer({ 'learn.getLesson': () => ({ data: lessonToPlay({ hearts: 0, unlimitedHearts: true }) }) });
    renderPlayer();
    expect(await screen.findByTestId('lesson-hearts-unlimited', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('out-of-hearts')).toBeNull();
    expect(screen.getByTestId('lesson-hearts').textContent).toContain('Unlimited hearts');
  });

  it('in a shared course, a retried finish still carries the shared context', async () => {
    let calls = 0;
    const server = fakeServer({
      'learn.getLesson': () => ({ data: lessonToPlay({ challenges: [CHALLENGES[1]!] }) }),
      'learn.submitAnswer': () => result({ correctAnswer: 'true' }),
      'learn.finishLesson': () => {
        calls += 1;
        return calls === 1 ? { error: { message: 'Service unavailable', code: 'INTERNAL_SERVER_ERROR', status: 500 } } : { data: finished };
      },
    });
    const { user } = renderPlayer({ uuid: 'share-uuid', id: 'file-7' });
    await screen.findByTestId('lesson-player', {}, { timeout: 5_000 });
    await user.keyboard('1');
    await user.keyboard('{Enter}');
    await user.click(await screen.findByTestId('lesson-continue'));
    const failed = await screen.findByTestId('lesson-finish-failed');
    await user.click(within(failed).getByRole('button'));
    await screen.findByTestId('lesson-finished');
    const shared = { lessonId: 'l1', runId: 'run-1', uuid: 'share-uuid', id: 'file-7' };
    expect(server.of('learn.finishLesson').map((call) => call.input)).toEqual([shared, shared]);
  });

  it('reports a challenge and, in a shared space, shows why unreporting is refused', async () => {
    const server = fakeServer({
      'learn.getLesson': () => ({ data: lessonToPlay() }),
      'learn.reportChallenge': () => ({ data: { reported: true } }),
      'learn.unreportChallenge': () => ({
        error: { message: 'Unreporting challenges is not allowed in shared spaces', code: 'FORBIDDEN', status: 403, messageKey: 'unreportSharedSpace' },
      }),
    });
    const { user } = renderPlayer({ uuid: 'share-uuid', id: 'file-7' });
    await user.click(await screen.findByTestId('lesson-report', {}, { timeout: 5_000 }));
    const mark = await screen.findByTestId('lesson-reported');
    expect(mark.className).toContain('line-through');
    expect(screen.queryByTestId('lesson-report')).toBeNull();
    expect(screen.getByTestId('challenge-question').className).toContain('line-through');
    expect(server.of('learn.reportChallenge')[0]!.input).toEqual({ challengeId: 'c1', isShared: true, sharedSpaceId: 'share-uuid' });
    await user.click(screen.getByTestId('lesson-unreport'));
    await waitFor(() => expect(document.body.textContent).toContain('Unreporting challenges is not allowed in shared spaces'));
    expect(screen.getByTestId('lesson-reported')).toBeTruthy();
  });
});
