import { describe, expect, it } from 'vitest';
import { escapeCurrency, mathSegments, withoutMathDelimiters } from './math-syntax';

describe('escapeCurrency', () => {
  it('keeps amounts of money out of the math syntax', () => {
    expect(escapeCurrency('A ticket costs $5 and a meal $10.')).toBe('A ticket costs \\$5 and a meal \\$10.');
    expect(escapeCurrency('Revenue rose to $1,200.50, then fell.')).toBe('Revenue rose to \\$1,200.50, then fell.');
  });

  it('leaves formulas and dollars already escaped alone', () => {
    expect(escapeCurrency('The area is $2x^2$ and $2$ is even.')).toBe('The area is $2x^2$ and $2$ is even.');
    expect(escapeCurrency('$$\\int_0^1 x\\,dx$$')).toBe('$$\\int_0^1 x\\,dx$$');
    expect(escapeCurrency('Already \\$5 here.')).toBe('Already \\$5 here.');
  });
});


describe('mathSegments', () => {
  it('cuts a plain text into its words and its formulas', () => {
    expect(mathSegments('What is $E = mc^2$?')).toEqual([
      { kind: 'text', text: 'What is ' },
      { kind: 'math', tex: 'E = mc^2', display: false, source: '$E = mc^2$' },
      { kind: 'text', text: '?' },
    ]);
    expect(mathSegments('Area: $$\\int_0^1 x\\,dx$$ done')).toEqual([
      { kind: 'text', text: 'Area: ' },
      { kind: 'math', tex: '\\int_0^1 x\\,dx', display: true, source: '$$\\int_0^1 x\\,dx$$' },
      { kind: 'text', text: ' done' },
    ]);
  });

  it('has no formula in currency, a lone dollar, an empty pair or plain text', () => {
    expect(mathSegments('A ticket costs $5 and a meal $10.')).toBeNull();
    expect(mathSegments('costs $5')).toBeNull();
    expect(mathSegments('US$ only')).toBeNull();
    expect(mathSegments('$$ $$')).toBeNull();
    expect(mathSegments('Plain words.')).toBeNull();
  });

  it('keeps money beside a formula as text, with its dollar sign', () => {
    expect(mathSegments('Pay $5 for $x^2$')).toEqual([
      { kind: 'text', text: 'Pay $5 for ' },
      { kind: 'math', tex: 'x^2', display: false, source: '$x^2$' },
    ]);
  });
});

describe('withoutMathDelimiters', () => {
  it('reads a formula without its dollar signs and leaves other text alone', () => {
    expect(withoutMathDelimiters('What is $E = mc^2$?')).toBe('What is E = mc^2?');
    expect(withoutMathDelimiters('costs $5 and $10')).toBe('costs $5 and $10');
  });
});
