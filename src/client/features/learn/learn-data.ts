import type { PlayChallenge } from '../../../shared/learn';

/** ?uuid=&id= of a shared course, passed along with every call. */
export interface SharedContext {
  uuid?: string;
  id?: string;
}

/** What the path needs of its file. */
export interface LearnFile {
  id: string;
  name: string;
}

/** The report flags of spec §7 from the shared context: a shared space is one opened with both uuid and id. */
export function reportContext(context: SharedContext): { isShared: boolean; sharedSpaceId?: string } {
  const isShared = Boolean(context.uuid && context.id);
  // The space's link id: the server takes it (or the space's own id) as sharedSpaceId.
  return isShared ? { isShared, sharedSpaceId: context.uuid } : { isShared };
}

/** The answer a student is putting together for the challenge on screen. */
export type Draft =
  | { type: 'multiple_choice'; optionId: string | null }
  | { type: 'true_false'; value: 'true' | 'false' | null }
  | { type: 'fill_blank'; text: string }
  | { type: 'match'; pairs: { term: string; definition: string }[]; selectedTerm: string | null };

export function emptyDraft(challenge: PlayChallenge): Draft {
  switch (challenge.type) {
    case 'multiple_choice':
      return { type: 'multiple_choice', optionId: null };
    case 'true_false':
      return { type: 'true_false', value: null };
    case 'fill_blank':
      return { type: 'fill_blank', text: '' };
    case 'match':
      return { type: 'match', pairs: [], selectedTerm: null };
  }
}

/** What learn.submitAnswer takes for a draft, or null while the draft is not a full answer (Check stays disabled). */
export function submissionOf(challenge: PlayChallenge, draft: Draft): { optionId?: string; answer?: string } | null {
  if (draft.type === 'multiple_choice') return draft.optionId ? { optionId: draft.optionId } : null;
  if (draft.type === 'true_false') return draft.value ? { answer: draft.value } : null;
  if (draft.type === 'fill_blank') {
    const text = draft.text.trim();
    return text ? { answer: text } : null;
  }
  if (challenge.type !== 'match' || draft.pairs.length < challenge.terms.length) return null;
  return { answer: JSON.stringify(draft.pairs.map(({ term, definition }) => ({ term, definition }))) };
}

/**
 * Match: tapping a term selects it (tapping it again, or a matched one, unselects or undoes its pair); tapping a
 * definition then pairs it with the selected term, replacing a pair that used that definition.
 */
export function tapTerm(draft: Extract<Draft, { type: 'match' }>, term: string): Extract<Draft, { type: 'match' }> {
  if (draft.pairs.some((pair) => pair.term === term)) {
    return { ...draft, pairs: draft.pairs.filter((pair) => pair.term !== term), selectedTerm: term };
  }
  return { ...draft, selectedTerm: draft.selectedTerm === term ? null : term };
}

export function tapDefinition(draft: Extract<Draft, { type: 'match' }>, definition: string): Extract<Draft, { type: 'match' }> {
  const term = draft.selectedTerm;
  if (!term) {
    // Tapping a matched definition without a term selected undoes its pair.
    return { ...draft, pairs: draft.pairs.filter((pair) => pair.definition !== definition) };
  }
  const pairs = draft.pairs.filter((pair) => pair.term !== term && pair.definition !== definition);
  return { ...draft, pairs: [...pairs, { term, definition }], selectedTerm: null };
}

/** A fill-in question split at its blank ('____'), for showing the chosen word in place. */
export function splitAtBlank(question: string): [string, string] | null {
  const match = /_{3,}/.exec(question);
  if (!match) return null;
  return [question.slice(0, match.index), question.slice(match.index + match[0].length)];
}

/** A lesson's time as m:ss (h:mm:ss from an hour). */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
