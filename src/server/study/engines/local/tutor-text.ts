/**
 * Document text as the tutor shows it: the source of Markdown and LaTeX turned into the text a reader sees,
 * then made safe to stand in the chat's Markdown. The chat renders GFM without math (src/client/features/chat/
 * chat-markdown.tsx), so formulas become plain Unicode ("\Delta G = \Delta G^\circ + RT \ln Q" → "ΔG = ΔG° + RT ln Q"),
 * emphasis loses its stars, links keep their words, and nothing of the document can become markup, a link or a
 * citation marker. No backslash escapes are left for a student to see. Deterministic, no dependencies.
 */

import { chatResidue } from './text-prep';

const greek: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ',
  vartheta: 'ϑ', iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', varpi: 'ϖ', rho: 'ρ',
  varrho: 'ϱ', sigma: 'σ', varsigma: 'ς', tau: 'τ', upsilon: 'υ', phi: 'φ', varphi: 'φ', chi: 'χ', psi: 'ψ',
  omega: 'ω', Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Upsilon: 'Υ', Phi: 'Φ',
  Psi: 'Ψ', Omega: 'Ω',
};

const symbols: Record<string, string> = {
  cdot: '·', times: '×', div: '÷', pm: '±', mp: '∓', le: '≤', leq: '≤', leqslant: '≤', ge: '≥', geq: '≥',
  geqslant: '≥', neq: '≠', ne: '≠', approx: '≈', sim: '∼', simeq: '≃', cong: '≅', equiv: '≡', propto: '∝',
  infty: '∞', to: '→', rightarrow: '→', longrightarrow: '→', leftarrow: '←', longleftarrow: '←', Rightarrow: '⇒',
  Longrightarrow: '⇒', Leftarrow: '⇐', Leftrightarrow: '⇔', iff: '⇔', implies: '⇒', leftrightarrow: '↔',
  rightleftharpoons: '⇌', rightleftarrows: '⇄', uparrow: '↑', downarrow: '↓', mapsto: '↦', partial: '∂',
  nabla: '∇', sum: 'Σ', prod: 'Π', int: '∫', iint: '∬', oint: '∮', in: '∈', notin: '∉', ni: '∋', subset: '⊂',
  subseteq: '⊆', supset: '⊃', supseteq: '⊇', cup: '∪', cap: '∩', setminus: '∖', emptyset: '∅', varnothing: '∅',
  land: '∧', wedge: '∧', lor: '∨', vee: '∨', neg: '¬', lnot: '¬', forall: '∀', exists: '∃', circ: '∘', bullet: '•',
  degree: '°', prime: '′', ldots: '…', dots: '…', cdots: '⋯', vdots: '⋮', perp: '⊥', parallel: '∥', angle: '∠',
  hbar: 'ℏ', ell: 'ℓ', AA: 'Å', aa: 'å', mid: '|', vert: '|', lvert: '|', rvert: '|', Vert: '‖', langle: '⟨',
  rangle: '⟩', lfloor: '⌊', rfloor: '⌋', lceil: '⌈', rceil: '⌉', star: '⋆', ast: '∗', oplus: '⊕', otimes: '⊗',
  dagger: '†', ll: '≪', gg: '≫', therefore: '∴', because: '∵', checkmark: '✓', euro: '€', textdegree: '°',
  textmu: 'µ', micro: 'µ', ohm: 'Ω', percent: '%', lbrace: '{', rbrace: '}', backslash: '\\',
};

const blackboard: Record<string, string> = { R: 'ℝ', Z: 'ℤ', N: 'ℕ', Q: 'ℚ', C: 'ℂ', P: 'ℙ' };

const superscripts: Record<string, string> = {
  '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '+': '⁺',
  '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', n: 'ⁿ', i: 'ⁱ', T: 'ᵀ', '∘': '°', '°': '°', '′': '′', '*': '*',
};

const subscripts: Record<string, string> = {
  '0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉', '+': '₊',
  '-': '₋', '−': '₋', '=': '₌', '(': '₍', ')': '₎', a: 'ₐ', e: 'ₑ', h: 'ₕ', i: 'ᵢ', j: 'ⱼ', k: 'ₖ', l: 'ₗ', m: 'ₘ',
  n: 'ₙ', o: 'ₒ', p: 'ₚ', r: 'ᵣ', s: 'ₛ', t: 'ₜ', u: 'ᵤ', v: 'ᵥ', x: 'ₓ',
};

/** Commands whose argument is shown as it is ("\text{kJ}" → "kJ"). */
const plainArgument = /^(?:text|textrm|textit|textbf|textsf|texttt|mathrm|mathit|mathbf|mathsf|mathtt|mathcal|mathscr|mathfrak|boldsymbol|bm|operatorname|mbox|hbox|emph|underline|overline|displaystyle|textstyle|ce|pu|unit|si|mathop|mathbin|mathrel|mathord|cancel|bcancel|boxed|color|textcolor|phantom)$/;
/** Function names that read as words ("\ln Q" → "ln Q"). */
const functionNames = /^(?:ln|log|lg|exp|sin|cos|tan|cot|sec|csc|arcsin|arccos|arctan|sinh|cosh|tanh|lim|max|min|sup|inf|det|dim|ker|deg|gcd|arg|Pr|mod|bmod|pmod)$/;

/** The argument in braces starting at `index` (at a '{'), or a single character / command without braces. */
function argumentAt(source: string, index: number): { value: string; end: number } {
  let at = index;
  while (source[at] === ' ') at++;
  if (source[at] === '{') {
    let depth = 0;
    for (let cursor = at; cursor < source.length; cursor++) {
      const char = source[cursor];
      if (char === '\\') {
        cursor++;
        continue;
      }
      if (char === '{') depth++;
      else if (char === '}' && --depth === 0) return { value: source.slice(at + 1, cursor), end: cursor + 1 };
    }
    return { value: source.slice(at + 1), end: source.length };
  }
  if (source[at] === '\\') {
    const command = /^\\(?:[A-Za-z]+|.)/.exec(source.slice(at))?.[0] ?? '\\';
    return { value: command, end: at + command.length };
  }
  return { value: source[at] ?? '', end: Math.min(source.length, at + 1) };
}

function scripted(text: string, table: Record<string, string>, mark: '^' | '_'): string {
  const chars = [...text.replace(/\s+/g, '')];
  const letters = chars.filter((char) => /\p{L}/u.test(char)).length;
  const convertible = chars.length > 0 && chars.every((char) => table[char] !== undefined) && (letters === 0 || chars.length === 1);
  if (convertible) return chars.map((char) => table[char]).join('');
  if (mark === '^' && text.trim() === '∘') return '°';
  const inner = text.trim();
  if (inner.length === 0) return '';
  // A subscript that is a word reads as one ("E_thermo"); anything else keeps its mark with parentheses.
  if (mark === '_' && /^[\p{L}\p{N}]+$/u.test(inner)) return `_${inner}`;
  return /^[\p{L}\p{N}.]+$/u.test(inner) ? `${mark}${inner}` : `${mark}(${inner})`;
}

const needsParentheses = (text: string) => /[\s+\-−=·×/]/.test(text.trim()) && !/^\(.*\)$/.test(text.trim());
const wrapped = (text: string) => (needsParentheses(text) ? `(${text.trim()})` : text.trim());

/** LaTeX math source as readable Unicode text. */
export function mathToText(source: string): string {
  let out = '';
  let index = 0;
  while (index < source.length) {
    const char = source[index] ?? '';
    if (char === '\\') {
      const match = /^\\([A-Za-z]+|.)/.exec(source.slice(index));
      const name = match?.[1] ?? '';
      index += (match?.[0].length ?? 1);
      if (name === 'frac' || name === 'dfrac' || name === 'tfrac' || name === 'cfrac') {
        const numerator = argumentAt(source, index);
        const denominator = argumentAt(source, numerator.end);
        index = denominator.end;
        out += `${wrapped(mathToText(numerator.value))}/${wrapped(mathToText(denominator.value))}`;
      } else if (name === 'sqrt') {
        let degree = '';
        if (source[index] === '[') {
          const close = source.indexOf(']', index);
          degree = close > index ? mathToText(source.slice(index + 1, close)) : '';
          index = close > index ? close + 1 : index;
        }
        const radicand = argumentAt(source, index);
        index = radicand.end;
        const root = degree === '3' ? '∛' : degree === '4' ? '∜' : degree ? `${degree}√` : '√';
        out += `${root}${wrapped(mathToText(radicand.value))}`;
      } else if (name === 'vec' || name === 'overrightarrow') {
        const argument = argumentAt(source, index);
        index = argument.end;
        const inner = mathToText(argument.value);
        out += [...inner].length === 1 ? `${inner}\u20d7` : inner;
      } else if (name === 'bar' || name === 'hat' || name === 'tilde' || name === 'dot' || name === 'ddot') {
        const argument = argumentAt(source, index);
        index = argument.end;
        const inner = mathToText(argument.value);
        const accent = { bar: '\u0304', hat: '\u0302', tilde: '\u0303', dot: '\u0307', ddot: '\u0308' }[name];
        out += [...inner].length === 1 ? `${inner}${accent}` : inner;
      } else if (name === 'mathbb') {
        const argument = argumentAt(source, index);
        index = argument.end;
        out += [...argument.value.trim()].map((letter) => blackboard[letter] ?? letter).join('');
      } else if (name === 'underbrace' || name === 'overbrace') {
        const argument = argumentAt(source, index);
        index = argument.end;
        out += mathToText(argument.value);
        // The brace's label ("_{\text{bonds broken}}") is left out: the formula reads without it.
        if (source[index] === '_' || source[index] === '^') index = argumentAt(source, index + 1).end;
      } else if (name === 'begin' || name === 'end') {
        index = argumentAt(source, index).end;
        out += ' ';
      } else if (name === 'left' || name === 'right' || name === 'big' || name === 'Big' || name === 'bigg' || name === 'Bigg' || name === 'bigl' || name === 'bigr' || name === 'Bigl' || name === 'Bigr') {
        // The delimiter after it stays; '.' means none.
        if (source[index] === '.') index++;
      } else if (plainArgument.test(name)) {
        if (name === 'color' || name === 'textcolor') index = argumentAt(source, index).end;
        if (name === 'textcolor') index = argumentAt(source, index).end;
        if (name === 'phantom') {
          index = argumentAt(source, index).end;
          continue;
        }
        if (source[index] === '{' || source[index] === ' ') {
          const argument = argumentAt(source, index);
          index = argument.end;
          out += /^(?:text|textrm|textit|textbf|mbox|hbox|emph)$/.test(name)
            ? argument.value
            : /^(?:mathrm|operatorname)$/.test(name)
              ? argument.value.split(/(\s+)/).map((part) => (/^\s+$/.test(part) ? ' ' : mathToText(part))).join('')
              : mathToText(argument.value);
        }
      } else if (greek[name]) out += greek[name];
      else if (symbols[name]) out += symbols[name];
      else if (functionNames.test(name)) out += ` ${name} `;
      else if (name === '\\') out += '; ';
      else if (name === ',' || name === ';' || name === ':' || name === '>' || name === ' ' || name === 'quad' || name === 'qquad' || name === 'enspace' || name === 'thinspace') out += ' ';
      else if (name === '!' || name === 'limits' || name === 'nolimits' || name === 'nonumber' || name === 'notag') out += '';
      else if (/^[{}%&$#_|]$/.test(name)) out += name;
      else if (name.length === 1) out += name;
      else out += name;
    } else if (char === '^' || char === '_') {
      const argument = argumentAt(source, index + 1);
      index = argument.end;
      out += scripted(mathToText(argument.value), char === '^' ? superscripts : subscripts, char);
    } else if (char === '{' || char === '}') {
      index++;
    } else if (char === '&') {
      out += ' ';
      index++;
    } else if (/\s/.test(char)) {
      index++;
    } else if (char === '~') {
      out += ' ';
      index++;
    } else {
      out += char;
      index++;
    }
  }
  return out
    .replace(/\s+/g, ' ')
    .replace(/\s*([=<>≤≥≈≠→⇌⇒⇔∝≡∈∉⊂⊆])\s*/g, ' $1 ')
    .replace(/(?<=[\p{L}\p{N})\]}⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉′°]|\u20d7)\s*([+±∓])\s*(?=[\p{L}\p{N}([{√ΣΔ∫])/gu, ' $1 ')
    .replace(/(?<=[\p{L}\p{N})\]}⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉′°]|\u20d7)\s*[-−]\s*(?=[\p{L}\p{N}([{√ΣΔ∫])/gu, ' − ')
    .replace(/\s*([·×])\s*/g, ' $1 ')
    .replace(/\s+([)\]},.;:!?′°])/g, '$1')
    .replace(/([([{])\s+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

const entities: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', lbrace: '{', rbrace: '}', ndash: '–', mdash: '—',
  hellip: '…', deg: '°', times: '×', middot: '·', minus: '−', le: '≤', ge: '≥', ne: '≠', asymp: '≈', plusmn: '±',
};

/**
 * Text with its LaTeX math (`$$…$$`, `\[…\]`, `\(…\)`, `$…$`) written out as Unicode. A lone `$` (a price) stays; an
 * inline `$…$` needs a non-space after the first and before the last `$`, and no digit right after the last.
 */
export function latexToText(text: string): string {
  return text
    .replace(/&(amp|lt|gt|quot|apos|nbsp|lbrace|rbrace|ndash|mdash|hellip|deg|times|middot|minus|le|ge|ne|asymp|plusmn);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\$\$([\s\S]+?)\$\$/g, (_, math: string) => ` ${mathToText(math)} `)
    .replace(/\\\[([\s\S]+?)\\\]/g, (_, math: string) => ` ${mathToText(math)} `)
    .replace(/\\\(([\s\S]+?)\\\)/g, (_, math: string) => mathToText(math))
    .replace(/\$(?=\S)((?:\\\$|[^$\n])+?)(?<=\S)\$(?!\d)/g, (_, math: string) => mathToText(math))
    .replace(/\\(?:ce|pu)\{([^{}]*)\}/g, (_, formula: string) => mathToText(formula.replace(/(\p{L})(\d+)/gu, '$1_$2')))
    .replace(/\\(?:textbf|textit|emph|text)\{([^{}]*)\}/g, '$1');
}

/**
 * Inline Markdown as the words a reader sees: emphasis without its marks, links and images as their text, code as
 * its content, footnote and bibliography references ("[^planck1901]", "[@problem_id:2171912]", "[12]") left out.
 */
export function markdownToText(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)(?:\{[^}]*\})?/g, '$1')
    .replace(/\[\^[^\]]*\]/g, '')
    .replace(/\s*\[@[^\]]*\]/g, '')
    .replace(/\[([^\]]+)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, '$1')
    .replace(/\[([^\]]+)\]\(@[^)]*\)/g, '$1')
    .replace(/\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}*])\*(?=[^\s*])([^*]*?[^\s*])\*(?![\p{L}\p{N}*])/gu, '$1$2')
    .replace(/(^|[^\p{L}\p{N}_])_(?=[^\s_])([^_]*?[^\s_])_(?![\p{L}\p{N}_])/gu, '$1$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/<\/?(?:sup|sub|b|i|em|strong|u|br|span)\b[^>]*>/gi, ' ')
    .replace(/\\([\\`*_[\]{}()<>#+\-.!|~$&%])/g, '$1');
}

/** A line's block marks (heading hashes, quote marks, bullets, list numbers, callout fences) taken off. */
export function withoutBlockMarks(line: string): string {
  return line
    .replace(/^\s*(?:>\s*)+/, '')
    .replace(/^\s*#{1,6}\s+/, '')
    .replace(/^\s*(?:[-–*+•▪◦○●■□►▸‣⁃]|\d{1,2}[.)])\s+/u, '')
    .replace(/^\s*:::+\s*\{?[^}]*\}?\s*$/, '')
    .replace(/^\s*:::+.*$/, '')
    .trim();
}

/** Document text as readable text: math written out, Markdown marks gone, whitespace single. */
export function readableText(text: string): string {
  return markdownToText(latexToText(text.replace(chatResidue, '')))
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;!?)])/g, '$1')
    // A colon between numbers is a ratio ("1 : 2") and keeps its spaces; elsewhere it follows its word.
    .replace(/\s+:(?!\s*\d)/g, ':')
    .replace(/\(\s+/g, '(')
    .replace(/-{2,3}/g, (dashes) => (dashes.length === 3 ? '—' : '–'))
    .trim();
}

/**
 * Readable text made safe to stand inside a Markdown paragraph of the chat: nothing in it can start a block, emphasis,
 * code, a link, HTML or a citation marker, and no backslash escape is shown. Stars and tildes become their look-alike
 * operators, a tag-like '<' is escaped (the one escape a renderer hides and the student never sees), and brackets
 * around a bare number (which the chat would turn into a citation chip) become parentheses.
 */
export function markdownSafe(text: string): string {
  return text
    .replace(/\\/g, '∖')
    .replace(/\*/g, '∗')
    .replace(/~/g, '∼')
    .replace(/`/g, "'")
    .replace(/\[(\d{1,3})\]/g, '($1)')
    .replace(/\]\(/g, '] (')
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    .replace(/(^|\s)_(?=\S)/g, '$1\\_')
    .replace(/^(\d+)([.)])(?=\s)/, '$1\\$2')
    .replace(/^- /, '– ')
    .replace(/^([>+#])/, '\\$1')
    .trim();
}
