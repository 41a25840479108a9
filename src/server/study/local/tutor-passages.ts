import type { AnswerPassage } from '../engine';
import { sentencesOf } from './nlp';
import type { Token } from './nlp';
import { stopWords } from './stopwords';
import { scaffoldingOf } from './scaffolding';
import { keysOf } from './tutor-terms';
import { latexToText, readableText, withoutBlockMarks } from './tutor-text';

/**
 * The passages as the tutor reads them (issue 18): each cut into units a teacher would quote — sentences, list items,
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
  kind: 'sentence' | 'item' | 'row' | 'formula';
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

const bulletMark = /^\s*(?:[-*+•▪◦○●■►▸‣⁃–]|\d{1,2}[.)])\s+/u;
const endsSentence = (line: string) => /[.!?;:…]["”’)]?$/.test(line);
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
        const piece = sentence.text.trim();
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
        const continues = /^[\p{Ll}\p{N}(„"]/u.test(following) || /[,–-]$/.test(line) || stopWords(language).has(line.split(/\s+/).at(-1)?.toLowerCase() ?? '');
        if (!continues) break;
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
      const readable = readableText(withoutBlockMarks(item));
      if (!readable) continue;
      const previous = pieces.at(-1);
      // A short item continuing an announcing sentence ("The conditions for this are:") is read with it.
      if (previous && /:$/.test(previous.text) && readable.length <= 140 && previous.text.length < 360) {
        previous.text = `${previous.text} ${readable}`;
        continue;
      }
      push(readable, 'item');
    }
  }
  return pieces;
}

/** Every unit of the passages, in passage order; the same text twice (overlapping passages) only once. */
export function unitsOf(passages: readonly AnswerPassage[], language: string): Unit[] {
  const units: Unit[] = [];
  const seen = new Set<string>();
  const stop = new Set([...stopWords('en'), ...stopWords('de')]);
  const keysOfText = (text: string) => {
    const sequence = sentencesOf(text, language).flatMap((sentence) =>
      sentence.tokens.map((token) => (/\p{L}|\p{N}/u.test(token.text) && !stop.has(token.lower) ? keysOf(token, language) : [])),
    );
    return sequence;
  };
  const headingCache = new Map<string, Set<string>>();
  passages.forEach((passage, index) => {
    let position = 0;
    for (const piece of piecesOf(passage.text, language)) {
      const normalized = piece.text.toLowerCase().replace(/\s+/g, ' ');
      if (piece.text.length < 2 || seen.has(normalized) || !/\p{L}{2}|\p{N}/u.test(piece.text)) continue;
      seen.add(normalized);
      const analysed = sentencesOf(piece.text, language);
      const tokens = analysed.flatMap((sentence) => sentence.tokens);
      const sequence = tokens.map((token) => (/\p{L}|\p{N}/u.test(token.text) && !stop.has(token.lower) ? keysOf(token, language) : []));
      let headingKeys = piece.heading ? headingCache.get(piece.heading) : new Set<string>();
      if (!headingKeys) {
        headingKeys = new Set(keysOfText(piece.heading ?? '').flat());
        headingCache.set(piece.heading ?? '', headingKeys);
      }
      const words = tokens.filter((token) => /\p{L}/u.test(token.text));
      const secondIsVerb = words[1]?.pos === 'VERB' || words[1]?.pos === 'AUX';
      const kind = scaffoldingOf(piece.text, language, secondIsVerb);
      const fragment = piece.kind !== 'row' && piece.kind !== 'formula' && (words.length < 3 || piece.text.replace(/[^\p{L}]/gu, '').length < 15);
      units.push({
        scaffolding: kind !== undefined && kind !== 'markup',
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
