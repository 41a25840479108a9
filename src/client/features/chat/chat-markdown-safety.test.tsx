// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, test } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip';
import { i18n } from '../../lib/i18n';
import { HOSTILE_MARKDOWN, HOSTILE_MATH, unsafeNodes } from '../../test/hostile-markdown';
import { ChatMarkdown } from './chat-markdown';

afterEach(cleanup);

const citations = [{ fileId: 'file-1', fileName: 'Lecture 3.pdf', page: 4, quote: 'Photosynthesis is the process …' }];

function show(text: string) {
  return render(
    <I18nextProvider i18n={i18n}>
      <TooltipProvider>
        <ChatMarkdown text={text} citations={citations} />
      </TooltipProvider>
    </I18nextProvider>,
  );
}

describe("the tutor's answers never execute what they quote", () => {
  test.each([...HOSTILE_MARKDOWN, ...HOSTILE_MATH])('%j', (text) => {
    const { container } = show(`The document says: ${text} [1]`);
    expect(unsafeNodes(container)).toEqual([]);
  });

  test('quoted markup reads as text, citations stay chips and safe links stay links', () => {
    const { container, getByRole } = show('It says <svg onload="window.pwned = 1"> and [more](https://example.org/more) [1]');
    expect(container.textContent).toContain('<svg onload="window.pwned = 1">');
    expect(getByRole('link', { name: 'more' }).getAttribute('href')).toBe('https://example.org/more');
    expect(container.querySelector('svg[onload]')).toBeNull();
  });
});
