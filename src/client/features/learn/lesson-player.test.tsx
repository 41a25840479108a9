// @vitest-environment jsdom
import { act, cleanup, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { AnswerResult, LearnPath, LessonResult, LessonToPlay, PathLesson, PlayChallenge } from '../../../shared/learn';
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
const finished: LessonResult = { stars: 2, accuracy: 0.75, pointsGained: 30, timeMs: 83_000, hearts: 2, practice: false, bestStars: 2, askedAgain: 1 };

function ViewerProbe() {
  const state = useFileViewerState();
  return (
    <output data-testid="viewer-probe" data-passage={state?.passage}>
      {state ? `${state.fileId}@${state.page ?? 1}` : 'closed'}
    </output>
  );
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
      // c1 is missed the first time (a heart goes) and answered right when it comes back (no points then).
      'learn.submitAnswer': (input) =>
        input.challengeId === 'c1'
          ? input.optionId === 'o1'
            ? result({ hearts: 2, pointsGained: 0 })
            : result({ correct: false, hearts: 2, pointsGained: 0 })
          : result({ correctAnswer: 'x', hearts: 2 }),
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
    // The viewer marks the challenge's source on the page: its question, right answer and explanation are the hint.
    expect(screen.getByTestId('viewer-probe').dataset.passage).toBe('What does a tracing JIT record?\nHot loops\nExplained.');
    act(() => closeFileViewer());
    // The bar moves on with right answers only.
    expect(screen.getByTestId('lesson-progress').getAttribute('aria-valuenow')).toBe('0');

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
    expect(screen.getByTestId('lesson-progress').getAttribute('aria-valuenow')).toBe('75');
    await user.click(screen.getByTestId('lesson-continue'));

    // The missed one comes back, marked as a previous mistake, with no answer chosen yet.
    expect(await screen.findByText('Previous mistake')).toBeTruthy();
    expect(screen.getByTestId('challenge-question').textContent).toBe('What does a tracing JIT record?');
    expect(screen.getAllByTestId('challenge-option').map((option) => option.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false', 'false']);
    await user.keyboard('1');
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('lesson-feedback')).dataset.correct).toBe('true');
    expect(server.of('learn.submitAnswer')[4]!.input).toMatchObject({ challengeId: 'c1', optionId: 'o1' });
    expect(screen.getByTestId('lesson-progress').getAttribute('aria-valuenow')).toBe('100');
    expect(server.of('learn.finishLesson')).toEqual([]);
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
    // What was asked again, by its question.
    expect(within(screen.getByTestId('finish-asked-again')).getByText('Asked again until you got it right: 1 challenge')).toBeTruthy();
    expect(screen.getAllByTestId('finish-asked-again-item').map((item) => item.textContent)).toEqual(['What does a tracing JIT record?']);
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
    expect(screen.getByTestId('lesson-progress').getAttribute('aria-valuenow')).toBe('0');
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

  it('after a wrong answer marks the right answer and the wrong one chosen, visibly and for screen readers, in every kind of challenge', async () => {
    const rightAnswers: Record<string, string> = {
      c1: 'Hot loops',
      c2: 'false',
      c3: 'header',
      c4: 'trace — a recorded path\nguard — a check that exits the trace',
    };
    fakeServer({
      'learn.getLesson': () => ({ data: lessonToPlay() }),
      'learn.submitAnswer': (input) => result({ correct: false, correctAnswer: rightAnswers[String(input.challengeId)]!, hearts: 3, pointsGained: 0 }),
    });
    const { user } = renderPlayer();
    await screen.findByTestId('lesson-player', {}, { timeout: 5_000 });
    const marks = () =>
      [...screen.getByTestId('lesson-challenge').querySelectorAll<HTMLElement>('[data-verdict]')].map((element) => [element.textContent, element.dataset.verdict]);
    const checked = async () => {
      await user.click(screen.getByTestId('lesson-check'));
      await screen.findByTestId('lesson-feedback');
      return marks();
    };
    const onTo = async (challenge: number) => {
      await user.click(screen.getByTestId('lesson-continue'));
      await screen.findByText(`Challenge ${challenge} of 4`);
    };

    await user.keyboard('2');
    expect(await checked()).toEqual([
      ['1Hot loops(the right answer)', 'right'],
      ['2Cold code(your answer, wrong)', 'wrong'],
    ]);
    expect(screen.getByRole('radio', { name: /Hot loops \(the right answer\)/ })).toBeTruthy();

    await onTo(2);
    await user.keyboard('1');
    expect(await checked()).toEqual([
      ['1True(your answer, wrong)', 'wrong'],
      ['2False(the right answer)', 'right'],
    ]);

    await onTo(3);
    await user.click(screen.getByRole('button', { name: 'footer' }));
    expect(await checked()).toEqual([
      ['', 'wrong'],
      ['header(the right answer)', 'right'],
      ['footer(your answer, wrong)', 'wrong'],
    ]);
    expect(screen.getByTestId('challenge-input').getAttribute('aria-invalid')).toBe('true');

    await onTo(4);
    for (const name of ['trace', 'a check that exits the trace', 'guard', 'a recorded path']) await user.click(screen.getByRole('button', { name }));
    expect(await checked()).toEqual([
      ['trace(your answer, wrong)', 'wrong'],
      ['guard(your answer, wrong)', 'wrong'],
      ['a check that exits the trace(your answer, wrong)', 'wrong'],
      ['a recorded path(your answer, wrong)', 'wrong'],
    ]);
  });

  describe('at 0 hearts (issue 22)', () => {
    const noHearts = () => ({ data: { hearts: 0, unlimitedHearts: false, points: 40, stars: 3, streak: 1 } });
    const pathWith = (state: PathLesson['state']): LearnPath => ({
      fileId: 'file-1',
      canSkip: false,
      units: [
        {
          id: 'u1',
          title: 'Tracing',
          description: '',
          page: 1,
          position: 0,
          completionPercentage: 50,
          lessons: [
            { id: 'l0', title: 'Hot loops', position: 0, state: 'completed', stars: 2, challengeCount: 4 },
            { id: 'l1', title: 'Tracing basics', position: 1, state, stars: 0, challengeCount: 4 },
          ],
        },
      ],
    });
    const seedPath = (queryClient: QueryClient, state: PathLesson['state']) =>
      queryClient.setQueryData([['learn', 'getPath'], { input: { fileId: 'file-1' }, type: 'query' }], pathWith(state));

    it('opens the out-of-hearts dialog for a lesson not completed without asking the server to start it', async () => {
      const server = fakeServer({ 'gamification.getProgress': noHearts, 'learn.getLesson': () => ({ data: lessonToPlay() }) });
      const { queryClient, router, user } = renderPlayer();
      seedPath(queryClient, 'current');
      const dialog = await screen.findByTestId('out-of-hearts', {}, { timeout: 5_000 });
      expect(within(dialog).getByText("You're out of hearts")).toBeTruthy();
      expect(server.of('learn.getLesson')).toEqual([]);
      expect(screen.queryByTestId('lesson-load-failed')).toBeNull();
      // Three ways on: practise the path's finished lesson (a heart back), the shop, a plan.
      const practice = within(dialog).getByTestId('out-of-hearts-practice');
      expect(practice.textContent).toBe('Practise “Hot loops” for a heart');
      expect(practice.getAttribute('href')).toBe('/lesson/l0');
      expect(within(dialog).getByTestId('out-of-hearts-shop').getAttribute('href')).toBe('/shop');
      const upgradeModal = renderHook(() => useUpgradeModalState());
      await user.click(within(dialog).getByTestId('out-of-hearts-upgrade'));
      expect(upgradeModal.result.current?.reason).toBe('hearts');
      act(() => closeUpgradeModal());
      await user.click(within(screen.getByTestId('out-of-hearts')).getByTestId('out-of-hearts-leave'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/learn'));
      expect(server.of('learn.getLesson')).toEqual([]);
    });

    it('lets a run that loses its last heart show the feedback before the dialog, though the hearts now read 0', async () => {
      let hearts = 1;
      const server = fakeServer({
        'gamification.getProgress': () => ({ data: { ...noHearts().data, hearts } }),
        'learn.getLesson': () => ({ data: lessonToPlay({ hearts: 1 }) }),
        'learn.submitAnswer': () => {
          hearts = 0;
          return result({ correct: false, hearts: 0, pointsGained: 0, outOfHearts: true });
        },
      });
      const { queryClient, user } = renderPlayer();
      seedPath(queryClient, 'current');
      await user.click((await screen.findAllByTestId('challenge-option', {}, { timeout: 5_000 }))[3]!);
      await user.click(screen.getByTestId('lesson-check'));
      await screen.findByTestId('lesson-feedback');
      await waitFor(() => expect(server.of('gamification.getProgress').length).toBeGreaterThan(1));
      expect(screen.getByTestId('lesson-feedback').dataset.correct).toBe('false');
      expect(screen.queryByTestId('out-of-hearts')).toBeNull();
      await user.click(screen.getByTestId('lesson-continue'));
      expect(await screen.findByTestId('out-of-hearts')).toBeTruthy();
      expect(screen.getByTestId('lesson-player')).toBeTruthy();
      expect(server.of('learn.getLesson')).toHaveLength(1);
    });

    it('starts a completed lesson as practice, hearts or not', async () => {
      const server = fakeServer({ 'gamification.getProgress': noHearts, 'learn.getLesson': () => ({ data: lessonToPlay({ hearts: 0, practice: true }) }) });
      const { queryClient } = renderPlayer();
      seedPath(queryClient, 'completed');
      await screen.findByTestId('lesson-player', {}, { timeout: 5_000 });
      expect(server.of('learn.getLesson')).toHaveLength(1);
      expect(screen.queryByTestId('out-of-hearts')).toBeNull();
    });

    it('shows the dialog, not a failure, when the server refuses for want of hearts (hearts out of date here)', async () => {
      const server = fakeServer({
        'learn.getLesson': () => ({ error: { message: 'You have no hearts left.', code: 'FORBIDDEN', status: 403, messageKey: 'outOfHearts' } }),
      });
      renderPlayer();
      const dialog = await screen.findByTestId('out-of-hearts', {}, { timeout: 5_000 });
      expect(server.of('learn.getLesson')).toHaveLength(1);
      expect(screen.queryByTestId('lesson-load-failed')).toBeNull();
      // No path loaded: nothing known to practise, so no practice offer; back to the path stays.
      expect(within(dialog).queryByTestId('out-of-hearts-practice')).toBeNull();
      expect(within(dialog).getByTestId('out-of-hearts-leave').textContent).toBe('Back to the path');
    });
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

describe('LessonPlayer with maths', () => {
  const MATH_CHALLENGES: PlayChallenge[] = [
    {
      id: 'm1',
      type: 'multiple_choice',
      question: 'Which formula gives the energy of a mass $m$?',
      page: 2,
      options: [
        { id: 'o1', text: '$E = mc^2$' },
        { id: 'o2', text: '$E = mc$' },
        { id: 'o3', text: 'It costs $5' },
        { id: 'o4', text: 'None' },
      ],
      reported: false,
    },
    { id: 'm2', type: 'fill_blank', question: 'In $E = mc^2$, $c$ is the speed of ____.', page: 2, options: ['light', '$v$'], reported: false },
    { id: 'm3', type: 'match', question: 'Match the formulas.', page: 3, terms: ['$F$', '$p$'], definitions: ['$m a$', '$m v$'], reported: false },
  ];
  const annotations = (element: Element) => [...element.querySelectorAll('.katex annotation')].map((node) => node.textContent);

  it('draws the formulas of the question, the options, the word bank, the pairs and the feedback with KaTeX; currency stays text', async () => {
    fakeServer({
      'learn.getLesson': () => ({ data: lessonToPlay({ challenges: MATH_CHALLENGES }) }),
      'learn.submitAnswer': () => result({ correct: false, correctAnswer: '$E = mc^2$', explanation: 'Einstein: $E = mc^2$ for a ticket of $5.', hearts: 2, pointsGained: 0 }),
    });
    const { user } = renderPlayer();
    await screen.findByTestId('lesson-player', {}, { timeout: 5_000 });
    await waitFor(() => expect(annotations(screen.getByTestId('challenge-question'))).toEqual(['m']));
    const options = screen.getAllByTestId('challenge-option');
    expect(options.map(annotations)).toEqual([['E = mc^2'], ['E = mc'], [], []]);
    expect(options[2]!.textContent).toContain('It costs $5');

    await user.click(options[1]!);
    await user.click(screen.getByTestId('lesson-check'));
    await screen.findByTestId('lesson-feedback');
    expect(annotations(screen.getByTestId('lesson-correct-answer'))).toEqual(['E = mc^2']);
    const explanation = screen.getByTestId('lesson-explanation');
    expect(annotations(explanation)).toEqual(['E = mc^2']);
    expect(explanation.textContent).toContain('for a ticket of $5.');

    await user.keyboard('{Enter}');
    await screen.findByText('Challenge 2 of 3');
    expect(annotations(screen.getByTestId('challenge-question'))).toEqual(['E = mc^2', 'c']);
    expect(screen.getAllByTestId('challenge-word').map(annotations)).toEqual([[], ['v']]);
    // The word put in the blank is drawn as it is in the word bank.
    await user.click(screen.getAllByTestId('challenge-word')[1]!);
    expect(annotations(screen.getByTestId('challenge-question'))).toEqual(['E = mc^2', 'c', 'v']);
  });

  it('draws the formulas of a match challenge\'s terms and definitions', async () => {
    fakeServer({ 'learn.getLesson': () => ({ data: lessonToPlay({ challenges: [MATH_CHALLENGES[2]!] }) }) });
    renderPlayer();
    await screen.findByTestId('lesson-player', {}, { timeout: 5_000 });
    await waitFor(() => expect(screen.getAllByTestId('match-term').map(annotations)).toEqual([['F'], ['p']]));
    expect(screen.getAllByTestId('match-definition').map(annotations)).toEqual([['m a'], ['m v']]);
  });
});
