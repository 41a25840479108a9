import { useEffect } from 'react';
import type { PlayChallenge } from '../../../shared/learn';
import type { Draft } from './learn-data';
import type { Phase } from './player-state';

/** Whether a key press belongs to a control that handles it itself (a button's Enter, typing in a field). */
function ownedByControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // Enter on an answer tile (just picked) checks; on any other button or link it presses that.
  if (key === 'Enter') return target.closest('button:not([data-choice]), a, [role="button"]') !== null;
  return target.closest('input, textarea, [contenteditable="true"]') !== null;
}

/**
 * The lesson's keyboard, as on Duolingo: Enter checks an answer, continues after the feedback and leaves the finished
 * lesson; the digits pick a multiple-choice option (1–n) or true / false (1, 2). Keys a focused control handles
 * itself are left to it.
 */
export function useLessonKeys({
  phase,
  submission,
  check,
  next,
  leave,
  challenge,
  draft,
  setDraft,
}: {
  phase: Phase;
  submission: unknown;
  check: () => void;
  next: () => void;
  leave: () => void;
  challenge: PlayChallenge | undefined;
  draft: Draft | null;
  setDraft: (next: Draft) => void;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ownedByControl(event.target, event.key)) return;
      if (event.key === 'Enter') {
        if (phase === 'answering' && submission) {
          event.preventDefault();
          check();
        } else if (phase === 'feedback') {
          event.preventDefault();
          next();
        } else if (phase === 'finished') {
          event.preventDefault();
          leave();
        }
        return;
      }
      if (phase !== 'answering' || !challenge || !draft) return;
      const digit = Number(event.key);
      if (!Number.isInteger(digit) || digit < 1) return;
      if (challenge.type === 'multiple_choice' && draft.type === 'multiple_choice' && digit <= challenge.options.length) {
        setDraft({ ...draft, optionId: challenge.options[digit - 1]!.id });
      } else if (challenge.type === 'true_false' && draft.type === 'true_false' && digit <= 2) {
        setDraft({ ...draft, value: digit === 1 ? 'true' : 'false' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase, submission, check, next, leave, challenge, draft, setDraft]);
}
