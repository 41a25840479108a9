import { describe, expect, it } from 'vitest';
import type { PlayChallenge } from '../../../shared/learn';
import { emptyDraft, formatDuration, reportContext, splitAtBlank, submissionOf, tapDefinition, tapTerm, type Draft } from './learn-data';

const match: PlayChallenge = { id: 'c4', type: 'match', question: 'Match', page: 1, terms: ['A', 'B'], definitions: ['a', 'b'], reported: false };

describe('drafts and submissions', () => {
  it('answers only complete drafts', () => {
    const choice: PlayChallenge = { id: 'c1', type: 'multiple_choice', question: 'Q', page: 1, options: [{ id: 'o1', text: 'x' }], reported: false };
    expect(submissionOf(choice, emptyDraft(choice))).toBeNull();
    expect(submissionOf(choice, { type: 'multiple_choice', optionId: 'o1' })).toEqual({ optionId: 'o1' });
    const fill: PlayChallenge = { id: 'c3', type: 'fill_blank', question: 'A ____ b', page: 1, options: ['x'], reported: false };
    expect(submissionOf(fill, { type: 'fill_blank', text: '   ' })).toBeNull();
    expect(submissionOf(fill, { type: 'fill_blank', text: ' trace ' })).toEqual({ answer: 'trace' });
    const truth: PlayChallenge = { id: 'c2', type: 'true_false', question: 'Q', page: 1, reported: false };
    expect(submissionOf(truth, { type: 'true_false', value: 'false' })).toEqual({ answer: 'false' });
  });

  it('pairs a tapped term with the next tapped definition, and undoes pairs', () => {
    let draft = emptyDraft(match) as Extract<Draft, { type: 'match' }>;
    draft = tapDefinition(draft, 'a');
    expect(draft.pairs).toEqual([]);
    draft = tapDefinition(tapTerm(draft, 'A'), 'b');
    expect(draft).toMatchObject({ pairs: [{ term: 'A', definition: 'b' }], selectedTerm: null });
    expect(submissionOf(match, draft)).toBeNull();
    // B takes b from A.
    draft = tapDefinition(tapTerm(draft, 'B'), 'b');
    expect(draft.pairs).toEqual([{ term: 'B', definition: 'b' }]);
    draft = tapDefinition(tapTerm(draft, 'A'), 'a');
    expect(JSON.parse(submissionOf(match, draft)?.answer ?? '[]')).toEqual([
      { term: 'B', definition: 'b' },
      { term: 'A', definition: 'a' },
    ]);
    // Tapping a matched term undoes its pair and selects it again.
    expect(tapTerm(draft, 'A')).toMatchObject({ pairs: [{ term: 'B', definition: 'b' }], selectedTerm: 'A' });
    expect(tapDefinition({ ...draft, selectedTerm: null }, 'b').pairs).toEqual([{ term: 'A', definition: 'a' }]);
  });

  it('splits a fill-in at its blank, formats times and the report flags', () => {
    expect(splitAtBlank('Tracing ____ loops')).toEqual(['Tracing ', ' loops']);
    expect(splitAtBlank('No blank')).toBeNull();
    expect(formatDuration(65_400)).toBe('1:05');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
    expect(formatDuration(-5)).toBe('0:00');
    expect(reportContext({})).toEqual({ isShared: false });
    // The space's link id (the URL's uuid) identifies the space; id is the file.
    expect(reportContext({ uuid: 'u', id: 's1' })).toEqual({ isShared: true, sharedSpaceId: 'u' });
  });
});
