import type { AnswerPassage } from '../engine';
import { sentencesOf } from './nlp';
import type { Token } from './nlp';
import { stopWords } from './stopwords';
import { scaffoldingOf } from './scaffolding';
import { keysOf, matchingText } from './tutor-terms';
import { latexToText, readableText, withoutBlockMarks } from './tutor-text';

/**
 * The passages as the tutor reads them: each cut into units a teacher would quote — sentences, list items,
 * table rows ("M + 2 peak: Presence of Cl (3:1) or Br (1:1)") — in readable text (no Markdown or LaTeX source), each
 * with the heading it stands under (a Markdown heading, a slide or page title on its own line), so that a question
 * about "Rastertunnelmikroskop" finds the sentences under that heading even when they only say "Das STM …".
 */

export interface Unit {
  passage: number;
  /** Reading order within the passage. */
  position: number;
  /** Readable text, as shown. */
  text: string;
  kind: 'sentence' | 'item' | 'row' | 'formula' | 'slide';
  /** The heading it stands under, readable; null when the passage shows none. */
  heading: string | null;
  /** Match keys of its content words, and per token (for phrases). */
  keys: Set<string>;
  sequence: string[][];
  /** Match keys of its heading. */
  headingKeys: Set<string>;
  /** The first few tokens, for the shape of a definition. */
  tokens: Token[];
  /** An exercise or instruction, navigation, a reference: answers only a question about it. */
  scaffolding: boolean;
  /** A few words without a sentence (a label, a stray line): never an answer. */
  fragment: boolean;
}

const sentenceStarters = new Set(
  `the a an this these those it its in on at for we our there here when if as by to with from one each every all most
  many some such what which how why der die das ein eine einer dies diese dieser dieses es er sie wir im in am bei mit
  man hier dabei durch für zur zum auf nach unter wenn als damit so`.split(/\s+/),
);

/** A Markdown heading whose line break a chunk lost ("### Rastertunnelmikroskop (STM) Das STM basiert …"). */
function splitGluedHeading(line: string): { heading: string; rest: string } | null {
  const words = line.split(/\s+/);
  for (let index = 1; index < Math.min(words.length, 12); index++) {
    const word = words[index] ?? '';
    const bare = word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
    if (/^\p{Lu}/u.test(bare) && sentenceStarters.has(bare.toLowerCase())) {
      return { heading: words.slice(0, index).join(' '), rest: words.slice(index).join(' ') };
    }
    if (/^(?:[-*•]|\*\*|\||\$\$)/u.test(word)) return { heading: words.slice(0, index).join(' '), rest: words.slice(index).join(' ') };
  }
  return null;
}

const isFormulaLine = (line: string) => !/\p{L}{4}/u.test(line.replace(/\b(?:ln|log|exp|sin|cos|tan|lim|max|min)\b/g, '')) && /[=<>≤≥≈→]/.test(line);

/** Table rows of a line: its cells per row, the delimiter row dropped (a chunk may have joined the rows into one line). */
function tableRows(line: string): string[][] {
  const cells = line.split('|').map((cell) => cell.trim());
  if (cells[0] === '') cells.shift();
  if (cells.at(-1) === '') cells.pop();
  const delimiter = cells.findIndex((cell) => /^:?-{3,}:?$/.test(cell));
  if (delimiter < 0) return [cells.filter((cell) => cell.length > 0)];
  let width = 0;
  while (/^:?-{3,}:?$/.test(cells[delimiter + width] ?? '')) width++;
  const header = cells.slice(0, delimiter).filter((cell) => cell.length > 0);
  const rest = cells.slice(delimiter + width);
  const rows: string[][] = [header];
  // Rows joined into one line are separated by an empty cell ("… | | next row …").
  for (let index = 0; index < rest.length; ) {
    if (rest[index] === '') {
      index++;
      continue;
    }
    rows.push(rest.slice(index, index + width));
    index += width;
  }
  return rows;
}

interface Piece {
  text: string;
  kind: Unit['kind'];
  heading: string | null;
}

const gluedHeading =
  /^(?:\d+(?:\.\d+)*\.?\s+)?(?:[\p{Lu}][\p{L}\p{N}'’-]*\s+){1,6}(?=(?:This|These|The|In|We|Our|It|A|An|Die|Der|Das|Dies|Diese|Ein|Eine|Wir|Im)\s)/u;

/** The points a solution sheet gives an answer ("… ändert den Speicherort. – 2 P"): the marking, not the answer. */
const pointsAfter = /\s+[–-]\s*\d+(?:[.,]5)?\s*(?:P|Pkt|Punkte?|pts?|points?)\.?$/i;

const bulletMark = /^\s*(?:[-*+•▪◦○●■►▸‣⁃–]|\d{1,2}[.)])\s+/u;
const endsSentence = (line: string) => /[.!?;:…]["”’)]?$/.test(line);
/** Whether a line a PDF or a slide wrapped goes on in the next: a small letter or a number next, a comma or dash or a stop word last. */
const continuesOn = (line: string, following: string, language: string) =>
  /^[\p{Ll}\p{N}(„"]/u.test(following) || /[,–-]$/.test(line) || stopWords(language).has(line.split(/\s+/).at(-1)?.toLowerCase() ?? '');

/** What kind of scaffolding a text is (an instruction, a question, navigation …), judged on its first sentence's words. */
function scaffoldingKind(text: string, language: string): ReturnType<typeof scaffoldingOf> {
  const words = (sentencesOf(text, language)[0]?.tokens ?? []).filter((token) => /\p{L}/u.test(token.text));
  return scaffoldingOf(text, language, words[1]?.pos === 'VERB' || words[1]?.pos === 'AUX');
}

const wordCount = (line: string) => line.split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word)).length;
/** A page's furniture: running footers with versions and builds, page numbers, dot leaders of a contents page. */
const furniture = (line: string) => /^\d{1,3}$/.test(line) || /\.{4,}|…{2,}|(?:\s\.){3,}/.test(line) || /\b(?:version|build)\s+v?\d/i.test(line);

/**
 * The pieces of one passage, in order, with their headings. Lines are read as a page shows them: a line a PDF wrapped
 * is joined to its continuation ("Personenbezogene Daten ermöglichen," + "eine Person zu erkennen."), a line
 * announcing a list takes its short items ("Zu jeder Abbildung gehören: Urheber, Titel, Lizenz, Quelle."), a short
 * line without a sentence end over its text is a heading (a slide's sub-title), and display formulas join the
 * sentence announcing them.
 */
function piecesOf(text: string, language: string): Piece[] {
  const pieces: Piece[] = [];
  let heading: string | null = null;
  let sectionHeading: string | null = null;
  // Math spanning lines ($$ … $$) is written out before the text is read line by line.
  const lines = latexToText(text)
    .split('\n')
    .map((line) => line.trim());
  let header: string[] | null = null;
  // Whether the lines since the last piece were all labels.
  let labelsRun = false;
  // The announcing sentence whose list items are being read into it.
  let listOpen: Piece | null = null;
  const push = (readable: string, kind: Unit['kind']) => {
    if (!readable) return;
    labelsRun = false;
    if (kind === 'sentence') {
      // A heading a PDF's text glued to the sentence after it ("Trace Tree Optimization This section explains …").
      const glued = gluedHeading.exec(readable);
      if (glued && glued[0].trim().split(/\s+/).length >= 2) {
        heading = glued[0].trim();
        readable = readable.slice(glued[0].length);
      }
      for (const sentence of sentencesOf(readable, language)) {
        const piece = sentence.text.replace(pointsAfter, '').trim();
        if (piece) pieces.push({ text: piece, kind: 'sentence', heading });
      }
    } else pieces.push({ text: readable, kind, heading });
  };
  for (let index = 0; index < lines.length; index++) {
    const rawLine = lines[index] ?? '';
    if (!rawLine || furniture(rawLine)) {
      if (!rawLine) header = null;
      continue;
    }
    if (/^\|.*\|$/.test(rawLine) || (rawLine.startsWith('|') && rawLine.split('|').length > 3)) {
      const rows = tableRows(rawLine);
      if (rows.length === 1 && rows[0]?.length === 0) continue;
      for (const [rowIndex, row] of rows.entries()) {
        const cells = row.map((cell) => readableText(cell)).filter((cell) => cell.length > 0);
        if (cells.length === 0) continue;
        if (header === null && rowIndex === 0) {
          header = cells;
          continue;
        }
        const [first, ...others] = cells;
        pieces.push({ text: others.length > 0 ? `${first}: ${others.join('; ')}` : (first ?? ''), kind: 'row', heading });
      }
      continue;
    }
    header = null;
    let line = rawLine;
    const next = () => lines[index + 1] ?? '';
    // A bold label over a list ("**To Favor the Kinetic Enolate:**") is the items' heading, under the section's.
    if (/^\*\*[^*]{2,80}\*\*:?$/.test(line) && bulletMark.test(next())) {
      const label = readableText(line).replace(/:$/, '');
      sectionHeading ??= heading;
      heading = sectionHeading ? `${sectionHeading}: ${label}` : label;
      continue;
    }
    if (/^#{1,6}\s/.test(line)) {
      sectionHeading = null;
      // A heading line holding a sentence too lost its line break in the chunk.
      const split = /[.!?](?:\s|$)|\s[*•]\s/.test(line) ? splitGluedHeading(line.replace(/^#{1,6}\s+/, '')) : null;
      if (!split) {
        heading = readableText(withoutBlockMarks(line));
        continue;
      }
      heading = readableText(split.heading);
      line = split.rest;
    }
    const bullet = bulletMark.test(line);
    if (!bullet) listOpen = null;
    if (bullet) {
      // A bullet a slide wrapped goes on in the next line without a mark ("• Since Python does not have to build
      // tuple structures to be" / "modifiable, they are simpler …").
      while (!endsSentence(line) && /^[\p{Ll}(]/u.test(next()) && !furniture(next())) {
        line = `${line} ${next()}`;
        index++;
      }
    }
    if (!bullet) {
      // A line a PDF or a slide wrapped continues on the next: joined while the sentence has not ended.
      while (!endsSentence(line) && next() && !bulletMark.test(next()) && !/^#{1,6}\s|^\|/.test(next()) && !furniture(next())) {
        const following = next();
        if (!continuesOn(line, following, language)) break;
        line = `${line} ${following}`;
        index++;
      }
      const readable = readableText(withoutBlockMarks(line));
      if (!readable) continue;
      // A line announcing a list ("Zu jeder Abbildung gehören", "Zum Beispiel:") takes its short items.
      if (bulletMark.test(next()) && wordCount(readable) <= 14) {
        const items: string[] = [];
        let look = index + 1;
        while (bulletMark.test(lines[look] ?? '') && items.length < 12) {
          items.push(readableText(withoutBlockMarks(lines[look] ?? '')).replace(/[.;,]$/, ''));
          look++;
        }
        if (items.length > 0 && items.every((item) => wordCount(item) <= 8)) {
          push(`${readable.replace(/[:.]$/, '')}: ${items.join(', ')}.`, 'item');
          index = look - 1;
          continue;
        }
        if (!endsSentence(readable) || readable.endsWith(':')) {
          // Long items stand on their own under the announcing line.
          sectionHeading ??= heading;
          heading = sectionHeading ? `${sectionHeading}: ${readable.replace(/:$/, '')}` : readable.replace(/:$/, '');
          continue;
        }
      }
      // A list written on one line after the line announcing it ("Bestimme die Komplementärintervalle von:" / "r1, k3,
      // r4, ü4") is what it announces, not a title over what follows.
      const announcing = pieces.at(-1);
      if (announcing?.kind === 'sentence' && /:$/.test(announcing.text) && announcing.heading === heading && /^[^,]+(?:,\s*[^,]+){2,}$/.test(readable) && !endsSentence(readable)) {
        announcing.text = `${announcing.text} ${readable}.`;
        continue;
      }
      // A short line without a sentence end over more text: a slide's (sub-)title. Short lines one after the other
      // are a slide's labels ("Blaise Pascal" / "1642" / "Schlüsselidee" / "Rechnen mechanisieren"): what follows
      // stands under all of them.
      if (!endsSentence(readable) && wordCount(readable) <= 8 && next() && !isFormulaLine(readable)) {
        heading = labelsRun && heading ? `${heading} – ${readable}` : readable;
        labelsRun = true;
        sectionHeading = null;
        continue;
      }
      if (isFormulaLine(readable)) {
        const previous = pieces.at(-1);
        if (previous && /:$/.test(previous.text) && previous.heading === heading) previous.text = `${previous.text} ${readable}`;
        else push(readable, 'formula');
        continue;
      }
      push(readable, 'sentence');
      continue;
    }
    // Items a chunk joined into one line ("* a * b * c") are read one by one.
    for (const item of line.split(/\s+(?=[*•▪◦○●■►▸‣⁃]\s+\S)/u)) {
      const readable = readableText(withoutBlockMarks(item)).replace(pointsAfter, '');
      if (!readable) continue;
      const previous = pieces.at(-1);
      // Short items continuing an announcing sentence ("The conditions for this are:") are read with it, all of them.
      if (previous && (/:$/.test(previous.text) || previous === listOpen) && readable.length <= 140 && previous.text.length < 480) {
        previous.text = previous === listOpen ? `${previous.text.replace(/[.;,]$/, '')}, ${readable}` : `${previous.text} ${readable}`;
        listOpen = previous;
        continue;
      }
      push(readable, 'item');
      listOpen = null;
    }
  }
  return pieces;
}

/** The title of a slide that lists topics rather than teaching them. */
const overviewTitle =
  /^(?:agenda|overview|outline|summary|contents|table of contents|topics|learning (?:objectives|goals|outcomes)|inhalt|inhalte|inhaltsverzeichnis|gliederung|übersicht|überblick|zusammenfassung|themen|lernziele|ablauf|programm)\b/i;

const lineKey = (line: string) => line.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * A slide's content as its lines, when the passage is a slide (or reads like one): a few short lines, many of them
 * labels without a sentence end ("Silent Writing", "Lochkarte: Information durch Positionen"), which belong to the
 * sentences around them in an order the layout decides. Lines a slide wrapped are joined; furniture, bare numbers and
 * a line repeating an earlier one are left out. Null for running text.
 */
export function slideLines(text: string, language: string, options: { labelsOnly?: boolean } = {}): string[] | null {
  const raw = latexToText(text)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !furniture(line) && /\p{L}{2}/u.test(line) && !/^[\d\s.·|]+$/u.test(line));
  const lines: string[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < raw.length; index++) {
    let line = raw[index] ?? '';
    if (/^\|/.test(line)) return null;
    while (index + 1 < raw.length && !endsSentence(line) && !bulletMark.test(raw[index + 1] ?? '')) {
      const following = raw[index + 1] ?? '';
      if (!continuesOn(line, following, language)) break;
      line = `${line} ${following}`;
      index++;
    }
    const readable = readableText(withoutBlockMarks(line));
    const key = lineKey(readable);
    if (!readable || seen.has(key)) continue;
    seen.add(key);
    // A teacher's note on the slide ("Erst jetzt sichern.", "Noch keine Antwort zeigen.") is not for the student.
    const kind = scaffoldingKind(sentencesOf(readable, language)[0]?.text ?? readable, language);
    if (kind === 'instruction' || kind === 'navigation') continue;
    lines.push(readable);
  }
  // A slide of labels only answers by its labels ("Nipkow-Scheibe" / "1883") where asked for; an agenda or a summary of
  // topics never does.
  if (!lines.some((line) => endsSentence(line) && wordCount(line) >= 5) && (!options.labelsOnly || overviewTitle.test(lines[0] ?? ''))) return null;
  const total = lines.reduce((sum, line) => sum + line.length, 0);
  const labels = lines.filter((line) => !endsSentence(line)).length;
  if (lines.length < 3 || lines.length > 16 || total > 700 || total / lines.length > 70 || labels < 0.3 * lines.length) return null;
  return lines;
}

/** An exercise's number alone: "Aufgabe 2.3.", "Exercise 4:", "Task 2)". */
const exerciseLabel = /^(?:Aufgabe|Übungsaufgabe|Übung|Exercise|Task|Problem|Frage|Question)\s+\d+(?:\.\d+)*[.:)]?$/i;

/** Every unit of the passages, in passage order; the same text twice (overlapping passages) only once. */
export function unitsOf(passages: readonly AnswerPassage[], language: string): Unit[] {
  const units: Unit[] = [];
  const seen = new Set<string>();
  const stop = new Set([...stopWords('en'), ...stopWords('de')]);
  const keysOfText = (text: string) => {
    const sequence = sentencesOf(matchingText(text), language).flatMap((sentence) =>
      sentence.tokens.map((token) => (/\p{L}|\p{N}|%/u.test(token.text) && !stop.has(token.lower) ? keysOf(token, language) : [])),
    );
    return sequence;
  };
  const headingCache = new Map<string, Set<string>>();
  passages.forEach((passage, index) => {
    let position = 0;
    // A slide is also read whole: its labels and sentences together answer what none of them does alone.
    const slide = passage.wholePage ? slideLines(passage.text, language, { labelsOnly: true }) : null;
    // An exercise's label cut off as a sentence of its own ("Aufgabe 2.3." / "Bestimme die Komplementärintervalle
    // von:") names the task it stands before: a question about "Aufgabe 2.3" is about that task.
    const pieces = piecesOf(passage.text, language).reduce<ReturnType<typeof piecesOf>>((joined, piece) => {
      const label = joined.at(-1);
      if (label && label.kind === 'sentence' && piece.kind === 'sentence' && exerciseLabel.test(label.text)) joined[joined.length - 1] = { ...piece, text: `${label.text} ${piece.text}` };
      else joined.push(piece);
      return joined;
    }, []);
    if (slide) pieces.push({ text: slide.join('; '), kind: 'slide', heading: pieces[0]?.heading ?? null });
    for (const piece of pieces) {
      const normalized = piece.text.toLowerCase().replace(/\s+/g, ' ');
      if (piece.text.length < 2 || seen.has(normalized) || !/\p{L}{2}|\p{N}/u.test(piece.text)) continue;
      seen.add(normalized);
      const analysed = sentencesOf(matchingText(piece.text), language);
      const tokens = analysed.flatMap((sentence) => sentence.tokens);
      const sequence = tokens.map((token) => (/\p{L}|\p{N}|%/u.test(token.text) && !stop.has(token.lower) ? keysOf(token, language) : []));
      let headingKeys = piece.heading ? headingCache.get(piece.heading) : new Set<string>();
      if (!headingKeys) {
        headingKeys = new Set(keysOfText(piece.heading ?? '').flat());
        headingCache.set(piece.heading ?? '', headingKeys);
      }
      const words = tokens.filter((token) => /\p{L}/u.test(token.text));
      const secondIsVerb = words[1]?.pos === 'VERB' || words[1]?.pos === 'AUX';
      const kind = scaffoldingOf(piece.text, language, secondIsVerb);
      const fragment = piece.kind !== 'row' && piece.kind !== 'formula' && piece.kind !== 'slide' && (words.length < 3 || piece.text.replace(/[^\p{L}]/gu, '').length < 15);
      units.push({
        // A procedure's steps are what the document says it does: an answer to "how does it work".
        scaffolding: kind !== undefined && kind !== 'markup' && kind !== 'step',
        fragment,
        passage: index,
        position: position++,
        text: piece.text,
        kind: piece.kind,
        heading: piece.heading,
        keys: new Set(sequence.flat()),
        sequence,
        headingKeys,
        tokens: tokens.slice(0, 16),
      });
    }
  });
  return units;
}
