import { describe, expect, it } from 'vitest';
import { composeAccents, normalizeBullets, readableText, scriptText } from './glyphs';

describe('normalizeBullets', () => {
  it('writes any bullet glyph opening a line as "• ", private-use icon bullets included', () => {
    expect(normalizeBullets(['\uf0b7 Symbol bullet', '\uf0a7Wingdings square', '○ Circle', '▪ Square', '∙ Operator', '• Kept'])).toEqual([
      '• Symbol bullet',
      '• Wingdings square',
      '• Circle',
      '• Square',
      '• Operator',
      '• Kept',
    ]);
  });

  it('takes dashes for bullets only where several lines open with one', () => {
    expect(normalizeBullets(['– first item', '– second item', 'text'])).toEqual(['• first item', '• second item', 'text']);
    expect(normalizeBullets(['– 5 °C at night', 'text'])).toEqual(['– 5 °C at night', 'text']);
  });

  it('drops bullet glyphs standing alone inside a line, and keeps a multiplication dot', () => {
    expect(normalizeBullets(['Home ○ Courses ▪ Contact', 'a ∙ b = c'])).toEqual(['Home Courses Contact', 'a ∙ b = c']);
  });

  it('keeps the tabs of a table row whose first cell is empty', () => {
    expect(normalizeBullets(['\tgestehen\tschweigen'])).toEqual(['\tgestehen\tschweigen']);
  });
});

describe('readableText', () => {
  it('maps Symbol-font codes to their characters and leaves no private-use or control codes', () => {
    expect(readableText('\uf061 = \uf062\uf0b3 2\uf0b4\uf070')).toBe('α = β≥ 2×π');
    expect(readableText('note\uf8e7\ue001\u0001s\ufffd')).toBe('notes');
  });

  it('writes mathematical italic letters as plain letters', () => {
    expect(readableText('𝑝𝑚𝑎𝑥 = 𝜆𝑥')).toBe('pmax = λx');
  });
});

describe('scriptText', () => {
  it('uses Unicode superscripts and subscripts for digits and signs, braces for the rest', () => {
    expect(scriptText('−12', 'sup')).toBe('⁻¹²');
    expect(scriptText('2', 'sub')).toBe('₂');
    expect(scriptText('max', 'sub')).toBe('_{max}');
    expect(scriptText('x+1', 'sup')).toBe('^{x+1}');
  });

  it('leaves a raised bullet or dash of a slide as the mark it is', () => {
    expect(scriptText('●', 'sup')).toBe('●');
    expect(scriptText('–', 'sup')).toBe('–');
    expect(scriptText('•', 'sub')).toBe('•');
  });
});

describe('composeAccents', () => {
  it('joins an accent a PDF drew before its letter with the letter, and leaves quotation marks and apostrophes alone', () => {
    expect(composeAccents('auf den ¨Ubungsbl¨attern nachvollziehen k¨onnen, gr¨ oßerer')).toBe('auf den Übungsblättern nachvollziehen können, größerer');
    expect(composeAccents('caf´e, fid`ele')).toBe('café, fidèle');
    expect(composeAccents('In a na¨ıve implementation')).toBe('In a naïve implementation');
    expect(composeAccents('`a quoted´ word, don´t')).toBe('`a quoted´ word, don´t');
  });
});
