import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../../shared/artefacts';
import { BLANK } from '../../../shared/artefacts';
import { cardFlaws, challengeFlaws, duplicateIndexes, labelFlaws, sentenceFlaws } from './item-flaws';

const codes = (flaws: { code: string }[]) => [...new Set(flaws.map((found) => found.code))].sort();

function choice(question: string, correct: string, wrong: string[], explanation = 'The explanation sentence is here.'): Challenge {
  return {
    type: 'multiple_choice',
    question,
    explanation,
    page: 1,
    options: [{ text: correct, correct: true }, ...wrong.map((text) => ({ text, correct: false }))],
  };
}

describe('sentence flaws', () => {
  it('finds exercises and instructions in English and German', () => {
    expect(codes(sentenceFlaws('Determine the number of sample points in the sample space.', 'en'))).toContain('instruction');
    expect(codes(sentenceFlaws('Show two different ways to calculate this probability.', 'en'))).toContain('instruction');
    expect(codes(sentenceFlaws('Exercise 3: the dice are thrown twice and the sum is noted.', 'en'))).toContain('instruction');
    expect(codes(sentenceFlaws('Beschreiben Sie, warum die jeweilige Normalform verletzt ist.', 'de'))).toContain('instruction');
    expect(codes(sentenceFlaws('Berechne die Dichte des Körpers aus Masse und Volumen.', 'de'))).toContain('instruction');
  });

  it('leaves content sentences alone, including ones that start with a verb-like noun', () => {
    expect(sentenceFlaws('A sample space is the set of all possible outcomes of an experiment.', 'en')).toEqual([]);
    expect(sentenceFlaws('Die Dichte eines Körpers ist der Quotient aus seiner Masse und seinem Volumen.', 'de')).toEqual([]);
    expect(codes(sentenceFlaws('Use of antibiotics is the main cause of resistance in hospitals.', 'en'))).not.toContain('instruction');
  });

  it('finds navigation, references, questions, markup and glyphs', () => {
    expect(codes(sentenceFlaws('Klicke auf die einzelnen Kapitel, um mehr zu erfahren.', 'de'))).toEqual(expect.arrayContaining(['instruction']));
    expect(codes(sentenceFlaws('Smith, J. et al. (2019). Principles of economics, pp. 12–40.', 'en'))).toContain('reference');
    expect(codes(sentenceFlaws('What is the probability of rolling two sixes in a row?', 'en'))).toContain('question-text');
    expect(codes(sentenceFlaws('The ideal gas law is \\( p V = n R T \\) for every gas.', 'en'))).toContain('markup');
    expect(codes(sentenceFlaws('○ The kinetic product forms fastest at low temperature.', 'en'))).toContain('markup');
  });

  it('finds a sentence cut where a formula stood', () => {
    expect(codes(sentenceFlaws('The probability of the intersection of two events A and B is.', 'en'))).toContain('cut-sentence');
    expect(codes(sentenceFlaws('Für die Arbeit bei konstantem Druck gilt.', 'de'))).toContain('cut-sentence');
    expect(codes(sentenceFlaws('The probability of the intersection of two events is their product when they are independent.', 'en'))).toEqual([]);
  });

  it('finds fragments and dangling references', () => {
    expect(codes(sentenceFlaws('and so the rate increases with temperature.', 'en'))).toContain('fragment');
    expect(codes(sentenceFlaws('This shows that the rate increases with temperature.', 'en'))).toContain('dangling');
    expect(codes(sentenceFlaws('The table below lists the boiling points of the alkanes.', 'en'))).toContain('dangling');
  });

  it('finds two pieces of a page glued into one sentence: table cells before an exercise, a heading before its text', () => {
    expect(codes(sentenceFlaws('Li F 3 LiF Ionenbindung Aufgabe 6: Bei gegebener Elektronegativität ist eine grobe Vorhersage des Bindungstyps möglich.', 'de'))).toContain('fragment');
    expect(codes(sentenceFlaws('Traditional and modern societies Many societies are somewhere in between.', 'en'))).toContain('fragment');
    // A label at the start, a capital after a mark or in a name: one sentence.
    expect(codes(sentenceFlaws('Aufgabe 6 zeigt, wie die Elektronegativität den Bindungstyp bestimmt.', 'de'))).not.toContain('fragment');
    expect(sentenceFlaws('Modern societies are shaped by markets; Many Hands Make Light Work is a proverb about them.', 'en')).toEqual([]);
    expect(sentenceFlaws('The sample was drawn in The Hague and in Paris.', 'en')).toEqual([]);
    expect(sentenceFlaws('In Table 3, the value at k = 12 and A = 0.975 is 2.179.', 'en')).toEqual([]);
  });
});

describe('challenge flaws', () => {
  it('finds a blank on a generic word or a stop word', () => {
    const generic = choice(`Which term fills the blank? The ${BLANK} of chromosomes halves during meiosis in the sex cells.`, 'number', ['mass', 'shape', 'colour']);
    expect(codes(challengeFlaws(generic, 'en'))).toContain('generic-blank');
    const good = choice(`Which term fills the blank? ${BLANK} is the process by which plants turn light into chemical energy.`, 'Photosynthesis', ['Respiration', 'Fermentation', 'Glycolysis']);
    expect(challengeFlaws(good, 'en')).toEqual([]);
  });

  it('finds distractors of another word class, kind or length', () => {
    const mixed = choice(`Which term fills the blank? In Germany the ${BLANK} is elected by the Bundestag for four years.`, 'chancellor', ['False', 'Ireland', 'quickly']);
    expect(codes(challengeFlaws(mixed, 'en'))).toContain('distractor-kind');
    const numbers = choice(`Which term fills the blank? The critical t value for 95 % and 10 degrees of freedom is ${BLANK}.`, '2.228', ['2.201', '2.262', 'freedom']);
    expect(challengeFlaws(numbers, 'en').map((found) => found.detail).join(' ')).toContain('"freedom" is a word, the answer "2.228" a number');
    const german = choice(`Welcher Begriff gehört in die Lücke? Bei konstantem Volumen steigt der Druck eines Gases mit der ${BLANK}.`, 'Temperatur', ['Klicke', 'Auto', 'gilt']);
    expect(codes(challengeFlaws(german, 'de'))).toContain('distractor-kind');
  });

  it('finds an answer given away by the stem', () => {
    const giveaway = choice(`Which term fills the blank? The ${BLANK} of a reaction is measured by the reaction rate constant.`, 'reaction rate', ['equilibrium', 'yield', 'enthalpy']);
    expect(codes(challengeFlaws(giveaway, 'en'))).toContain('giveaway');
  });

  it('finds false statements made by a substitution of another kind, and accepts a same-kind swap', () => {
    const source = 'Photosynthesis produces 34 molecules of ATP per glucose in the chloroplasts.';
    const bad: Challenge = { type: 'true_false', question: 'Photosynthesis produces 34 dioxide of ATP per glucose in the chloroplasts.', explanation: source, page: 1, answer: false };
    expect(codes(challengeFlaws(bad, 'en'))).toContain('false-statement-kind');
    const good: Challenge = { type: 'true_false', question: 'Photosynthesis produces 38 molecules of ATP per glucose in the chloroplasts.', explanation: source, page: 1, answer: false };
    expect(codes(challengeFlaws(good, 'en'))).not.toContain('false-statement-kind');
    const keyedWrong: Challenge = { type: 'true_false', question: source, explanation: source, page: 1, answer: false };
    expect(codes(challengeFlaws(keyedWrong, 'en'))).toContain('keyed-wrong');
  });

  it('finds instructions inside fill-in-the-blank questions', () => {
    const prompt: Challenge = {
      type: 'fill_blank',
      question: `${BLANK} two different ways to calculate this.`,
      explanation: 'Show two different ways to calculate this.',
      page: 2,
      answer: 'Show',
      acceptedAnswers: [],
      options: ['Show', 'Prove'],
    };
    expect(codes(challengeFlaws(prompt, 'en'))).toEqual(expect.arrayContaining(['instruction']));
  });
});

describe('cards, labels and duplicates', () => {
  it('finds a reference on a card and a generic label', () => {
    expect(codes(cardFlaws({ kind: 'definition', front: 'Principles', back: 'Mankiw, N. G. (2020). Principles of Economics, 9th edition.', page: 9 }, 'en'))).toContain('reference');
    expect(codes(labelFlaws('Zusammenfassung', 'de'))).toContain('generic-label');
    expect(codes(labelFlaws('Part 3', 'en'))).toContain('generic-label');
    expect(labelFlaws('Ideal gas law', 'en')).toEqual([]);
  });

  it('finds near-duplicate items', () => {
    const repeats = duplicateIndexes(
      [
        'Mitochondria produce most of the energy of the cell as ATP.',
        'Ribosomes build proteins from amino acids.',
        'Mitochondria produce most of the cell energy as ATP.',
      ],
      'en',
    );
    expect([...repeats.entries()]).toEqual([[2, 0]]);
  });
});
