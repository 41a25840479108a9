// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { HOSTILE_MARKDOWN, HOSTILE_MATH, unsafeNodes } from '../../test/hostile-markdown';
import { mayHaveMath } from '../../lib/math-syntax';
import { InlineMarkdown, Markdown, preloadMath } from './markdown';

afterEach(cleanup);
// KaTeX is a chunk of its own that a text with a formula waits for: loaded first, so every text renders at once.
beforeAll(async () => {
  await preloadMath();
});

/** The visible words of a rendered text, for "the markup is shown as the text it is". */
const shown = (element: Element) => element.textContent ?? '';

describe('KaTeX loads only for a text that may hold a formula', () => {
  test.each([
    ['$E = mc^2$ holds', true],
    ['$$\\int_0^1 x\\,dx$$', true],
    ['costs \\$5 and \\$10', false],
    ['no formula here', false],
  ])('%j: %s', (text, expected) => {
    expect(mayHaveMath(text)).toBe(expected);
  });

  test('a formula is drawn by KaTeX; currency stays text', () => {
    const { container } = render(<Markdown text="Energy $E = mc^2$ costs $5 a day." />);
    expect(container.querySelector('.katex annotation')?.textContent).toBe('E = mc^2');
    expect(shown(container)).toContain('costs $5 a day.');
  });
});

describe('summary markdown never executes a document', () => {
  test.each([...HOSTILE_MARKDOWN, ...HOSTILE_MATH])('block: %j', (text) => {
    const { container } = render(<Markdown text={text} />);
    // Drawn (not suspended): the check below would pass on an empty page.
    expect(container.firstElementChild).not.toBeNull();
    expect(unsafeNodes(container)).toEqual([]);
  });

  test.each([...HOSTILE_MARKDOWN, ...HOSTILE_MATH])('inline (titles, headings, terms): %j', (text) => {
    const { container } = render(<InlineMarkdown text={text} />);
    expect(unsafeNodes(container)).toEqual([]);
  });

  test('raw HTML reads as the text it is, and safe links stay links', () => {
    const { container } = render(
      <Markdown text={'<img src=x onerror="window.pwned = 1"> then <script>x()</script>, see [the notes](https://example.org/notes) and **this**.'} />,
    );
    expect(shown(container)).toContain('<img src=x onerror="window.pwned = 1"> then <script>x()</script>');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.org/notes');
    expect(container.querySelector('a')?.getAttribute('rel')).toContain('noopener');
    expect(container.querySelector('strong')?.textContent).toBe('this');
  });

  test('an image is a placeholder that links to its address (never fetched), and a javascript: one has no link', () => {
    const { container } = render(<Markdown text={'![pixel](https://tracker.example/p.gif) ![bad](javascript:window.pwned=1)'} />);
    expect(container.querySelectorAll('[data-testid="summary-image-placeholder"]')).toHaveLength(2);
    expect([...container.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['https://tracker.example/p.gif']);
  });

  test('the check itself catches what it looks for', () => {
    const probe = document.createElement('div');
    probe.innerHTML =
      '<img src="x"><a href=" JAVASCRIPT:x">a</a><span onclick="x">b</span><a href="data:text/html,x">c</a><i style="background:url(x)">d</i>';
    expect(unsafeNodes(probe)).toEqual([
      '<img>',
      '<a href=" JAVASCRIPT:x">',
      '<span onclick>',
      '<a href="data:text/html,x">',
      '<i style="background:url(x)">',
    ]);
  });
});
