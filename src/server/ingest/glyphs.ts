/**
 * Characters as documents store them, made readable for the study engine: symbol fonts' private-use codes, control
 * codes of fonts without a Unicode map, mathematical italic letters, list bullets, and the writing of raised and
 * lowered text (superscripts and subscripts).
 */

/**
 * Microsoft's Symbol font, whose glyphs PDF and Word files often give as U+F000 + the font's own code: the letters and
 * operators a course text uses. Codes 0x20–0x3F not listed here are ASCII.
 */
const symbolFont: Record<number, string> = {
  0x22: '∀', 0x24: '∃', 0x27: '∋', 0x2a: '∗', 0x2d: '−', 0x40: '≅',
  0x41: 'Α', 0x42: 'Β', 0x43: 'Χ', 0x44: 'Δ', 0x45: 'Ε', 0x46: 'Φ', 0x47: 'Γ', 0x48: 'Η', 0x49: 'Ι', 0x4a: 'ϑ',
  0x4b: 'Κ', 0x4c: 'Λ', 0x4d: 'Μ', 0x4e: 'Ν', 0x4f: 'Ο', 0x50: 'Π', 0x51: 'Θ', 0x52: 'Ρ', 0x53: 'Σ', 0x54: 'Τ',
  0x55: 'Υ', 0x56: 'ς', 0x57: 'Ω', 0x58: 'Ξ', 0x59: 'Ψ', 0x5a: 'Ζ', 0x5c: '∴', 0x5e: '⊥',
  0x61: 'α', 0x62: 'β', 0x63: 'χ', 0x64: 'δ', 0x65: 'ε', 0x66: 'φ', 0x67: 'γ', 0x68: 'η', 0x69: 'ι', 0x6a: 'ϕ',
  0x6b: 'κ', 0x6c: 'λ', 0x6d: 'μ', 0x6e: 'ν', 0x6f: 'ο', 0x70: 'π', 0x71: 'θ', 0x72: 'ρ', 0x73: 'σ', 0x74: 'τ',
  0x75: 'υ', 0x76: 'ϖ', 0x77: 'ω', 0x78: 'ξ', 0x79: 'ψ', 0x7a: 'ζ', 0x7e: '∼',
  0xa2: '′', 0xa3: '≤', 0xa5: '∞', 0xab: '↔', 0xac: '←', 0xad: '↑', 0xae: '→', 0xaf: '↓', 0xb0: '°', 0xb1: '±',
  0xb2: '″', 0xb3: '≥', 0xb4: '×', 0xb5: '∝', 0xb6: '∂', 0xb7: '•', 0xb8: '÷', 0xb9: '≠', 0xba: '≡', 0xbb: '≈',
  0xbc: '…', 0xc0: 'ℵ', 0xc4: '⊗', 0xc5: '⊕', 0xc6: '∅', 0xc7: '∩', 0xc8: '∪', 0xc9: '⊃', 0xca: '⊇', 0xcc: '⊂',
  0xcd: '⊆', 0xce: '∈', 0xcf: '∉', 0xd0: '∠', 0xd1: '∇', 0xd5: '∏', 0xd6: '√', 0xd7: '·', 0xd8: '¬', 0xd9: '∧',
  0xda: '∨', 0xdb: '⇔', 0xdc: '⇐', 0xdd: '⇑', 0xde: '⇒', 0xdf: '⇓', 0xe0: '◊', 0xe5: '∑', 0xf2: '∫',
};

/** Glyphs that mark a list item when they open a line. */
const bulletGlyphs = '•∙●○◦▪▫■□►▶▸▹‣⁃➢➤➔❖◆◇♦✓✔✗✘➜⦁⚫⚪';
const bulletAtStart = new RegExp(`^[${bulletGlyphs}\\uE000-\\uF8FF]\\s*(?=\\S)`, 'u');
/** A bullet glyph standing alone inside a line: a marker that lost its line, or an icon. */
const strayBullet = new RegExp(`(^|\\s)[${bulletGlyphs.replace('∙', '')}](?=\\s|$)`, 'gu');
/** Whether a line needs a closer look at all: most lines hold no bullet, dash or unreadable character. */
// eslint-disable-next-line no-misleading-character-class -- variation selectors are matched alone, to be dropped
const mayHoldBullet = new RegExp(`[${bulletGlyphs}\\-–—\\uE000-\\uF8FF\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f\\ufffd\\ufe00-\\ufe0e]|^ | $|  `, 'u');
/** Dashes open list items only where several lines of a page start with the same one; alone they may be a minus. */
const dashItem = /^([-–—])\s+(?=\p{L})/u;

// Control codes (fonts without a Unicode map), the replacement character, variation selectors that follow no emoji,
// and the Private Use Area (checked per character in readableChar).
// eslint-disable-next-line no-control-regex, no-misleading-character-class -- these codes are what it looks for
const unreadable = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd\ufe00-\ufe0e\ue000-\uf8ff]|[\u{1d400}-\u{1d7ff}]/u;

/**
 * One character as a reader expects it: a Symbol-font code as its Unicode character, a mathematical italic or bold
 * letter as the plain letter (so 𝑥 is found when a student types x), unreadable codes as nothing.
 */
function readableChar(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x1d400 && code <= 0x1d7ff) return char.normalize('NFKC');
  if (code >= 0xf020 && code <= 0xf0ff) {
    if (code < 0xf040 && !symbolFont[code - 0xf000]) return String.fromCharCode(code - 0xf000);
    return symbolFont[code - 0xf000] ?? '';
  }
  return unreadable.test(char) ? '' : char;
}

/** Text with every unreadable character mapped or removed; `\t` and `\n` stay. */
export function readableText(text: string): string {
  if (!unreadable.test(text)) return text;
  let out = '';
  for (const char of text) out += unreadable.test(char) ? readableChar(char) : char;
  return out;
}

/** Private-use codes that open a line are icon-font bullets whatever their font; elsewhere they go through readableText. */
function privateUseBullet(line: string): string {
  const code = line.codePointAt(0) ?? 0;
  return code >= 0xe000 && code <= 0xf8ff && /^.\s*\S/su.test(line) ? `• ${line.slice(1).trimStart()}` : line;
}

/**
 * The lines of a page with list markers written one way: a bullet glyph opening a line becomes "• " (what the study
 * engine reads as a list item), and so does a dash where at least two lines open with it; bullet glyphs standing alone
 * inside a line are dropped. Unreadable characters are mapped or removed.
 */
export function normalizeBullets(lines: string[]): string[] {
  const dashCounts = new Map<string, number>();
  for (const line of lines) {
    const dash = dashItem.exec(line)?.[1];
    if (dash) dashCounts.set(dash, (dashCounts.get(dash) ?? 0) + 1);
  }
  return lines.map((raw) => {
    if (!mayHoldBullet.test(raw)) return raw;
    let line = readableText(privateUseBullet(raw));
    if (bulletAtStart.test(line)) line = `• ${line.replace(bulletAtStart, '')}`;
    else {
      const dash = dashItem.exec(line)?.[1];
      if (dash && (dashCounts.get(dash) ?? 0) >= 2) line = `• ${line.replace(dashItem, '')}`;
    }
    const head = line.startsWith('• ') ? '• ' : '';
    // Spaces only: a table row may open with an empty cell's tab.
    const rest = line.slice(head.length).replace(strayBullet, '$1').replace(/ {2,}/g, ' ').replace(/^ +| +$/g, '');
    return head + rest;
  });
}

const superscripts: Record<string, string> = {
  '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
  '+': '⁺', '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', n: 'ⁿ', i: 'ⁱ',
  // Signs that are raised already: f′, p* read right inline.
  '′': '′', '″': '″', '*': '*', '∗': '*',
};
const subscripts: Record<string, string> = {
  '0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉',
  '+': '₊', '-': '₋', '−': '₋', '=': '₌', '(': '₍', ')': '₎',
};

/**
 * Raised or lowered text written inline: digits and simple signs as Unicode superscripts or subscripts (10³, H₂O),
 * anything else as `^{…}` or `_{…}`, the notation the study engine's formula reader knows; marks without a letter or
 * digit (a bullet, a dash) as they are.
 */
export function scriptText(text: string, kind: 'sup' | 'sub'): string {
  const compact = text.replace(/\s+/g, ' ').trim();
  if (!compact) return '';
  const table = kind === 'sup' ? superscripts : subscripts;
  const chars = [...compact];
  if (chars.every((char) => table[char] !== undefined)) return chars.map((char) => table[char]).join('');
  // A raised bullet or dash (slides set "●" and "–" a little high) is the list's mark, no script.
  if (!/[\p{L}\p{N}]/u.test(compact)) return compact;
  return `${kind === 'sup' ? '^' : '_'}{${compact}}`;
}

/** Letters with a diaeresis, acute, grave or circumflex, as the spacing accent before the letter writes them. */
const accented: Record<string, Record<string, string>> = {
  // LaTeX accents an i without its dot (\"\i): "na¨ıve" is "naïve".
  '¨': { a: 'ä', o: 'ö', u: 'ü', e: 'ë', i: 'ï', ı: 'ï', A: 'Ä', O: 'Ö', U: 'Ü', E: 'Ë', I: 'Ï' },
  '´': { a: 'á', e: 'é', i: 'í', ı: 'í', o: 'ó', u: 'ú', A: 'Á', E: 'É', I: 'Í', O: 'Ó', U: 'Ú' },
  '`': { a: 'à', e: 'è', i: 'ì', ı: 'ì', o: 'ò', u: 'ù', A: 'À', E: 'È', I: 'Ì', O: 'Ò', U: 'Ù' },
  ˆ: { a: 'â', e: 'ê', i: 'î', ı: 'î', o: 'ô', u: 'û', A: 'Â', E: 'Ê', I: 'Î', O: 'Ô', U: 'Û' },
};
const spacingAccent = /([¨´`ˆ])\s?([aeiouıAEIOU])/g;

/**
 * Accents a PDF drew as a glyph of their own before the letter (LaTeX fonts without precomposed umlauts: "k¨onnen",
 * "¨Ubungsbl¨atter") joined with it: "können", "Übungsblätter". A grave accent only inside a word, where it is no
 * quotation mark or code.
 */
export function composeAccents(text: string): string {
  if (!/[¨´`ˆ]/.test(text)) return text;
  return text.replace(spacingAccent, (whole: string, accent: string, letter: string, offset: number) => {
    if (accent === '`' && !/\p{L}/u.test(text[offset - 1] ?? '')) return whole;
    return accented[accent]?.[letter] ?? whole;
  });
}
