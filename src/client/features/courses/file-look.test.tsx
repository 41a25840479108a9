// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileTypeIcon } from './file-look';

afterEach(cleanup);

const iconOf = (extension: string, video = false) => {
  const { container } = render(<FileTypeIcon extension={extension} video={video} />);
  return container.querySelector('svg')?.getAttribute('class') ?? '';
};

describe('FileTypeIcon', () => {
  it('gives a Markdown note a notebook, documents, slides, images and video links their own icons', () => {
    expect(iconOf('md')).toContain('lucide-notebook-pen');
    expect(iconOf('markdown')).toContain('lucide-notebook-pen');
    expect(iconOf('pdf')).toContain('lucide-file-text');
    expect(iconOf('pptx')).toContain('lucide-presentation');
    expect(iconOf('png')).toContain('lucide-file-image');
    expect(iconOf('txt', true)).toContain('lucide-video');
  });
});
