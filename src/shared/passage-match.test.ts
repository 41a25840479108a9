import { describe, expect, it } from 'vitest';
import { locatePassage, normaliseWord, passageHint } from './passage-match';

/** A lecture page as pdf.js gives it: lines broken where the slide broke them, one word hyphenated across a line. */
const BIOLOGY_PAGE = `Photosynthesis
Photosynthesis converts light energy into chemical energy stored in glucose. It takes place in the chloro-
plasts of plant cells.
The light-dependent reactions happen in the thylakoid membranes and produce ATP and NADPH.
The Calvin cycle uses ATP and NADPH to fix carbon dioxide into G3P, which the plant uses to build
glucose and other sugars.
Oxygen is released as a by-product when water molecules are split.`;

const GERMAN_PAGE = `Die Zellatmung
Bei der Zellatmung wird Glukose schrittweise abgebaut. Die Glykolyse findet im Zytoplasma statt und liefert
zwei Moleküle Pyruvat.
Im Citratzyklus, der in der Matrix der Mitochondrien abläuft, werden energiereiche Elektronenträger gebildet.
Die Atmungskette an der inneren Mitochondrien-
membran erzeugt den größten Teil des ATP.`;

const marked = (text: string, hint: string) => {
  const range = locatePassage(text, hint);
  return range ? text.slice(range.start, range.end) : null;
};

describe('locatePassage', () => {
  it('marks an exact quote word for word, whatever its case and spacing', () => {
    expect(marked(BIOLOGY_PAGE, 'the light-dependent reactions happen in the  thylakoid membranes')).toBe(
      'The light-dependent reactions happen in the thylakoid membranes',
    );
    expect(locatePassage(BIOLOGY_PAGE, 'the thylakoid membranes and produce ATP')?.score).toBe(1);
  });

  it('marks a quote whose words are split across a line break, hyphenated or not', () => {
    expect(marked(BIOLOGY_PAGE, 'It takes place in the chloroplasts of plant cells.')).toBe('It takes place in the chloro-\nplasts of plant cells.');
    expect(marked(BIOLOGY_PAGE, 'which the plant uses to build glucose and other sugars')).toBe(
      'which the plant uses to build\nglucose and other sugars.',
    );
  });

  it('marks the longest piece found of a quote shortened with an ellipsis', () => {
    expect(marked(BIOLOGY_PAGE, 'The Calvin cycle uses ATP and NADPH … to build glucose')).toBe('The Calvin cycle uses ATP and NADPH');
  });

  it('marks the sentence a paraphrased summary point comes from', () => {
    expect(marked(BIOLOGY_PAGE, 'In the Calvin cycle, plants fix CO2 / carbon dioxide into G3P using ATP and NADPH, then build glucose from it.')).toBe(
      'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into G3P, which the plant uses to build\nglucose and other sugars.',
    );
  });

  it("marks a card's sentence from its front and back", () => {
    const hint = passageHint('Where do the light-dependent reactions take place?', 'In the thylakoid membranes; they produce ATP and NADPH.');
    expect(marked(BIOLOGY_PAGE, hint ?? '')).toBe('The light-dependent reactions happen in the thylakoid membranes and produce ATP and NADPH.');
  });

  it('finds German sentences with umlauts and ß written either way, and a word hyphenated across lines', () => {
    expect(marked(GERMAN_PAGE, 'Die Glykolyse im Zytoplasma liefert zwei Pyruvat-Moleküle.')).toBe(
      'Die Glykolyse findet im Zytoplasma statt und liefert\nzwei Moleküle Pyruvat.',
    );
    expect(marked(GERMAN_PAGE, 'Die Atmungskette an der inneren Mitochondrienmembran erzeugt den grössten Teil des ATP')).toBe(
      'Die Atmungskette an der inneren Mitochondrien-\nmembran erzeugt den größten Teil des ATP.',
    );
    expect(marked(GERMAN_PAGE, 'Wo läuft der Citratzyklus ab?\nIn der Matrix der Mitochondrien; es entstehen energiereiche Elektronenträger.')).toBe(
      'Im Citratzyklus, der in der Matrix der Mitochondrien abläuft, werden energiereiche Elektronenträger gebildet.',
    );
  });

  it('reads ligatures and soft hyphens as the letters they stand for', () => {
    const page = 'The ﬁrst law of thermo\u00ADdynamics: energy is conserved in every closed system.';
    expect(marked(page, 'first law of thermodynamics')).toBe('ﬁrst law of thermo\u00ADdynamics');
  });

  it('marks nothing when no sentence shares enough with the hint', () => {
    expect(locatePassage(BIOLOGY_PAGE, 'The French Revolution began in 1789 with the storming of the Bastille.')).toBeNull();
    // One shared word is not enough to tell which sentence is meant.
    expect(locatePassage(BIOLOGY_PAGE, 'Glucose')).toBeNull();
    expect(locatePassage(BIOLOGY_PAGE, 'What does the mitochondrion do with glucose during exercise and rest?')).toBeNull();
    expect(locatePassage(GERMAN_PAGE, 'Die Fotosynthese wandelt Lichtenergie in chemische Energie um.')).toBeNull();
    expect(locatePassage('', 'anything at all here')).toBeNull();
    expect(locatePassage(BIOLOGY_PAGE, '   ')).toBeNull();
  });
});

describe('normaliseWord', () => {
  it('folds case, diacritics, ß and ligatures', () => {
    expect(normaliseWord('Größe')).toBe('grosse');
    expect(normaliseWord('ÜBER')).toBe('uber');
    expect(normaliseWord('ﬂuss')).toBe('fluss');
  });
});

describe('passageHint', () => {
  it('joins the non-empty parts, undefined when there are none', () => {
    expect(passageHint(' Front ', null, 'Back')).toBe('Front\nBack');
    expect(passageHint(undefined, '  ')).toBeUndefined();
  });
});
