// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileKindIcon } from './file-kind-icon';

afterEach(cleanup);

const iconOf = (extension: string) => {
  const { container } = render(<FileKindIcon extension={extension} />);
  return container.querySelector('svg')?.getAttribute('class') ?? '';
};

describe('FileKindIcon', () => {
  it('gives a chosen Markdown note a notebook, unlike a text file or an unknown type', () => {
    expect(iconOf('md')).toContain('lucide-notebook-pen');
    expect(iconOf('markdown')).toContain('lucide-notebook-pen');
    expect(iconOf('txt')).toContain('lucide-file-text');
    expect(iconOf('odt')).not.toContain('lucide-notebook-pen');
  });
});
