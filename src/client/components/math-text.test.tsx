// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { HOSTILE_MARKDOWN, HOSTILE_MATH, unsafeNodes } from '../test/hostile-markdown';
import { MathText } from './math-text';

afterEach(cleanup);

/** A text drawn inside a paragraph, as the items are. */
function renderText(text: string) {
  return render(
    <p data-testid="item">
      <MathText text={text} />
    </p>,
  );
}

/** Waits for KaTeX's chunk (loaded on demand) to draw the text's formulas. */
async function formulas(container: HTMLElement, count: number): Promise<Element[]> {
  for (let tries = 0; tries < 200; tries++) {
    const found = [...container.querySelectorAll('.katex')];
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`expected ${count} formula(s), found ${container.querySelectorAll('.katex').length}: ${container.innerHTML}`);
}

describe('MathText', () => {
  test('draws a formula with KaTeX, with MathML for screen readers, and keeps the words around it as text', async () => {
    const { container } = renderText('What is $E = mc^2$?');
    const [formula] = await formulas(container, 1);
    expect(formula?.querySelector('annotation[encoding="application/x-tex"]')?.textContent).toBe('E = mc^2');
    expect(formula?.querySelector('math')).not.toBeNull();
    const paragraph = container.firstElementChild;
    expect(paragraph?.firstChild?.textContent).toBe('What is ');
    expect(paragraph?.lastChild?.textContent).toBe('?');
    expect(paragraph?.querySelector('[data-math]')?.getAttribute('data-math')).toBe('inline');
  });

  test('draws $$…$$ as a display formula, the text beside it not indented by the spaces that set it apart', async () => {
    const { container } = renderText('Area:\n$$\\int_0^1 x\\,dx$$\n in general.');
    const [formula] = await formulas(container, 1);
    expect(formula?.closest('[data-math]')?.getAttribute('data-math')).toBe('display');
    expect(container.querySelector('.katex-display')).not.toBeNull();
    const paragraph = container.firstElementChild;
    expect(paragraph?.firstChild?.textContent).toBe('Area:');
    expect(paragraph?.lastChild?.textContent).toBe('in general.');
  });

  test('renders a text without a formula as the bare string, at once (same DOM as a plain {text})', () => {
    for (const text of ['Plain words.', 'A ticket costs $5 and a meal $10.', 'Revenue $1,200.50, then fell.', '<b>not bold</b> **not markdown**']) {
      const { container } = renderText(text);
      const plain = render(<p data-testid="item">{text}</p>).container;
      expect(container.innerHTML).toBe(plain.innerHTML);
      cleanup();
    }
  });

  test('leaves currency beside a formula as text', async () => {
    const { container } = renderText('It costs $5 and $10, and $x^2$ grows.');
    await formulas(container, 1);
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
    expect(container.textContent).toContain('It costs $5 and $10, and ');
  });

  test('a hostile formula makes no link, no script and no markup', async () => {
    const { container } = renderText('Click $\\href{javascript:alert(1)}{x}$ now');
    await formulas(container, 1);
    expect(container.querySelector('a')).toBeNull();
    expect(unsafeNodes(container)).toEqual([]);
  });

  test.each([...HOSTILE_MATH, ...HOSTILE_MARKDOWN])('never executes or loads anything: %j', async (text) => {
    const { container } = renderText(`${text} $y$`);
    await formulas(container, 1);
    expect(unsafeNodes(container)).toEqual([]);
    expect(container.querySelector('a')).toBeNull();
  });
});
