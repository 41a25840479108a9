import { describe, expect, it } from 'vitest';
import type { AnswerEvent, AnswerPassage } from '../engine';
import { composeAnswer } from './answer';
import { captionRelevance, gridsOf, labelledTablesOf, tableAnswer, tableHeaders, tableNaming } from './tutor-tables';

/** Tables as a PDF's text layer gives them: a caption, a variable's name on its own line, tab-separated rows. */
const tTable = [
  'Table 3: Percentiles of Student’s t-distribution.',
  'Each table entry is t_{k}(α), where the area to its left is A = 1 − α.',
  'A',
  'k\t0.90\t0.95\t0.975\t0.99',
  '1\t3.078\t6.314\t12.706\t31.821',
  '2\t1.886\t2.920\t4.303\t6.965',
  '9\t1.383\t1.833\t2.262\t2.821',
  '10\t1.372\t1.812\t2.228\t2.764',
].join('\n');
const chiTable = [
  'Table 2: Percentiles of the χ²-distribution.',
  'A',
  'k\t0.050\t0.900\t0.950\t0.975',
  '1\t0.0²393\t2.706\t3.841\t5.024',
  '2\t0.103\t4.605\t5.991\t7.378',
  '10\t3.940\t15.987\t18.307\t20.483',
].join('\n');
const zTable = [
  'Table 1: Cumulative probabilities of the standard normal distribution.',
  'z\t.00\t.01\t.05\t.06',
  '1.8\t0.9641\t0.9649\t0.9678\t0.9686',
  '1.9\t0.9713\t0.9719\t0.9744\t0.9750',
  '2.0\t0.9772\t0.9778\t0.9798\t0.9803',
].join('\n');
const fTable = [
  'Table 4.1: Percentiles of the F-distribution.',
  'k₁',
  'A 1 2 3',
  'k₂ = 1',
  '0.9\t39.9\t49.5\t53.6',
  '0.95\t161\t199\t216',
  'k₂ = 2',
  '0.9\t8.526\t9.000\t9.162',
  '0.95\t18.51\t19.00\t19.16',
].join('\n');
const binomial = [
  'Table 5: Binomial probabilities',
  'The entries are Pr(X = x) where X ∼ Bin(n, p).',
  'p',
  'x 0.1 0.3 0.5',
  'n = 3',
  '0\t0.729\t0.343\t0.125',
  '1\t0.243\t0.441\t0.375',
  '2\t0.027\t0.189\t0.375',
  '3\t0.001\t0.027\t0.125',
].join('\n');
const pValues = ['p-Werte für eine χ²-Verteilung mit zwei Freiheitsgraden finden sich in der folgenden Tabelle:', 'p-Wert', '.05 .025 .01 .001', 'χ² 5.99 7.38 9.21 13.82', 'Fragen'].join('\n');

const passage = (page: number, text: string, lookup = true): AnswerPassage => ({ fileId: 'f', fileName: 'tables.pdf', page, text, lookup });
const handout = [passage(2, zTable), passage(3, chiTable), passage(4, tTable), passage(5, fTable), passage(13, binomial)];
const textOf = (events: AnswerEvent[] | undefined) => (events ?? []).map((event) => (event.type === 'text' ? event.text : '')).join('');
const pagesOf = (events: AnswerEvent[] | undefined, passages: readonly AnswerPassage[]) =>
  (events ?? []).flatMap((event) => (event.type === 'citation' ? [passages[event.citation.passage]?.page] : []));

describe('the tutor looks values up in tables', () => {
  it('reads a table as a header of column keys, rows under it, blocks and the names of rows and columns', () => {
    const [t] = gridsOf(tTable, 0);
    expect(t).toMatchObject({ caption: 'Table 3: Percentiles of Student’s t-distribution.', rowName: 'k', columnName: 'A', columns: ['0.90', '0.95', '0.975', '0.99'] });
    expect(t?.rows.map((row) => row.key)).toEqual(['1', '2', '9', '10']);
    const [f] = gridsOf(fTable, 0);
    expect(f?.rows.map((row) => `${row.block?.key}:${row.key}`)).toEqual(['1:0.9', '1:0.95', '2:0.9', '2:0.95']);
    expect(f).toMatchObject({ rowName: 'A', columnName: 'k₁' });
    // Prose with numbers is no table.
    expect(gridsOf('In 2019 there were 3 studies, 4 trials and 5 reviews.\nAbout 12 of 20 were positive.', 0)).toEqual([]);
    expect(tableHeaders(binomial)).toEqual(['x 0.1 0.3 0.5']);
    expect(tableNaming(binomial)).toBe('Table 5: Binomial probabilities\nThe entries are Pr(X = x) where X ∼ Bin(n, p).\np');
    expect(captionRelevance('What is the 0.95 percentile of the chi-square distribution?', 'Table 2: Percentiles of the χ²-distribution.')).toBeGreaterThan(
      captionRelevance('What is the 0.95 percentile of the chi-square distribution?', 'Table 3: Percentiles of Student’s t-distribution.'),
    );
  });

  it('answers with the cell where the question’s row and column meet, in the table its words name', () => {
    const chi = tableAnswer('What is the 0.95 percentile of the chi-square distribution with 1 degree of freedom?', handout, 'en');
    expect(textOf(chi)).toBe(
      'Here is what your documents say about this:\n\nIn Table 2 (Percentiles of the χ²-distribution), the row k = 1 and the column A = 0.950 give **3.841**. [1]',
    );
    expect(pagesOf(chi, handout)).toEqual([3]);
    const quote = chi?.find((event) => event.type === 'citation');
    expect(quote?.type === 'citation' && quote.citation.quote).toBe('Table 2: Percentiles of the χ²-distribution.\nk\t0.050\t0.900\t0.950\t0.975\n1\t0.0²393\t2.706\t3.841\t5.024');
    // The z table: the row holds the first decimal of z, the column the second.
    expect(textOf(tableAnswer('Which cumulative probability does Table 1 list for z = 1.96?', handout, 'en'))).toContain('the row z = 1.9 and the column .06 give **0.9750**');
  });

  it('reads levels as a statistics teacher does: two-sided intervals, significance levels, a fair coin', () => {
    const t = textOf(tableAnswer('How do I read off the critical t value for a two-sided 95% interval with 10 degrees of freedom?', handout, 'en'));
    expect(t).toContain('the row k = 10 and the column A = 0.975 give **2.228** (at a 5\u00a0% level, two-sided, the value to look up is 0.975). [1]');
    // One-sided, the same level is the column 0.95.
    expect(textOf(tableAnswer('What is the one-sided critical t value at the 5% level with 10 degrees of freedom?', handout, 'en'))).toContain('**1.812**');
    const f = textOf(tableAnswer('For an F test at the 5% level with 1 and 2 degrees of freedom, which value do I compare my statistic with?', handout, 'en'));
    expect(f).toContain('the block k₂ = 2, the row A = 0.95 and the column k₁ = 1 give **18.51**');
    expect(textOf(tableAnswer('If I flip a fair coin 3 times, how likely am I to get exactly 2 heads according to these tables?', handout, 'en'))).toContain(
      'the block n = 3, the row x = 2 and the column p = 0.5 give **0.375**',
    );
  });

  it('answers in German, also from a row of values under a header of keys alone', () => {
    const german = textOf(tableAnswer('Ab welchem χ²-Wert ist das Ergebnis bei zwei Freiheitsgraden auf dem Niveau p = 0,01 signifikant?', [passage(4, pValues, false)], 'de'));
    expect(german).toBe(
      'Das steht in deinen Dokumenten dazu:\n\nIn „p-Werte für eine χ²-Verteilung mit zwei Freiheitsgraden finden sich in der folgenden Tabelle“ ergibt die Spalte p-Wert = .01 den Wert χ² = **9.21**. [1]',
    );
    expect(textOf(tableAnswer('Welcher Wert steht in Tabelle 2 bei k = 10 und 0,975?', handout, 'de'))).toContain('In Table 2 (Percentiles of the χ²-distribution) ergeben die Zeile k = 10 und die Spalte A = 0.975 den Wert **20.483**.');
  });

  it('looks nothing up where the question’s numbers meet no row and column, or its words no caption', () => {
    expect(tableAnswer('What is the Poisson probability of observing 3 events when the mean number of events is 2?', handout, 'en')).toBeUndefined();
    expect(tableAnswer('What are the critical values of the Wilcoxon signed-rank test for a sample of 10 pairs?', handout, 'en')).toBeUndefined();
    // Numbers that meet a row and a column, but in a table the question's words do not name.
    expect(tableAnswer('How many students passed in 2 of the 10 courses in 0.95 of the terms?', handout, 'en')).toBeUndefined();
    expect(tableAnswer('What is a percentile?', handout, 'en')).toBeUndefined();
  });

  it('a look-up page is no prose to answer from: a question it cannot look up is answered from the passages', () => {
    const prose: AnswerPassage = {
      fileId: 'f',
      fileName: 'tables.pdf',
      page: 1,
      text: 'Degrees of freedom\n\nThe degrees of freedom of a t statistic are the sample size minus one.',
    };
    const passages = [prose, ...handout];
    const events = composeAnswer('What are the degrees of freedom of a t statistic?', { language: 'en', history: [], passages });
    expect(textOf(events)).toContain('The degrees of freedom of a t statistic are the sample size minus one. [1]');
    expect(pagesOf(events, passages)).toEqual([1]);
    // Through the tutor's whole answer, a look-up comes first.
    expect(textOf(composeAnswer('What is the 0.95 percentile of the chi-square distribution with 1 degree of freedom?', { language: 'en', history: [], passages }))).toContain('**3.841**');
  });

  const turnout = [
    'Wahlbeteiligung und Arbeitslosenquote',
    'Die Ortsteile mit der niedrigsten Wahlbeteiligung (2015):',
    'Ortsteil\tWahlbeteiligung\tArbeitslosenquote',
    'Tenever\t31,8\t21,3',
    'Neue Vahr Nord\t34,2\t17,0',
    'Gröpelingen\t36,8\t30,6',
    'Die Ortsteile mit der höchsten Wahlbeteiligung (2015):',
    'Ortsteil\tWahlbeteiligung\tArbeitslosenquote',
    'Schwachhausen\t72,3\t5,7',
    'Borgfeld\t73,1\t3,3',
    'Blockland\t76,8\t1,7',
    'Aufgaben:',
  ].join('\n');

  it('reads a data table of named rows under a header naming each column, and no table of contents', () => {
    const tables = labelledTablesOf(turnout.replace(/\t/g, ' '), 0);
    expect(tables.map((table) => [table.caption, table.columns, table.rows.map((row) => row.label)])).toEqual([
      ['Die Ortsteile mit der niedrigsten Wahlbeteiligung (2015)', ['Wahlbeteiligung', 'Arbeitslosenquote'], ['Tenever', 'Neue Vahr Nord', 'Gröpelingen']],
      ['Die Ortsteile mit der höchsten Wahlbeteiligung (2015)', ['Wahlbeteiligung', 'Arbeitslosenquote'], ['Schwachhausen', 'Borgfeld', 'Blockland']],
    ]);
    expect(labelledTablesOf('Contents\nIntroduction 3\nMethods 12\nResults 20\nDiscussion 31', 0)).toEqual([]);
  });

  it('answers with a named row’s value in a named column, and with the row holding a column’s highest or lowest value', () => {
    const sheet = [passage(1, turnout, false)];
    expect(textOf(tableAnswer('Wie hoch ist die Arbeitslosenquote in Gröpelingen?', sheet, 'de'))).toBe(
      'Das steht in deinen Dokumenten dazu:\n\nIn „Die Ortsteile mit der niedrigsten Wahlbeteiligung (2015)“ steht bei Gröpelingen unter Arbeitslosenquote der Wert **30,6**. [1]',
    );
    // "wählen gegangen" is the turnout, "die meisten" its highest value — over both tables.
    expect(textOf(tableAnswer('In welchem Ortsteil sind die meisten Leute wählen gegangen?', sheet, 'de'))).toContain('Den höchsten Wert unter Wahlbeteiligung hat Blockland: **76,8**');
    expect(textOf(tableAnswer('Which district had the lowest Wahlbeteiligung?', sheet, 'en'))).toContain("The lowest Wahlbeteiligung in the tables is Tenever's: **31,8**");
    // A row named without a column asked for, or a column without a row or an extreme: nothing looked up.
    expect(tableAnswer('Was weißt du über Gröpelingen?', sheet, 'de')).toBeUndefined();
    expect(tableAnswer('Was bedeutet Arbeitslosenquote?', sheet, 'de')).toBeUndefined();
  });
});
