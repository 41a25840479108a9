// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Flame, Settings } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';

afterEach(cleanup);

describe('PageHeader', () => {
  it('gives the page its title (h1#page-title) and line, on a primary tile by default', () => {
    const { container } = render(<PageHeader icon={Settings} title="Settings" description="Your account." className="mb-6" />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Settings' });
    expect(heading.id).toBe('page-title');
    expect(screen.getByText('Your account.')).toBeTruthy();
    expect(container.querySelector('header')?.className).toContain('mb-6');
    const tile = container.querySelector('header > span[aria-hidden="true"]');
    expect(tile?.className).toContain('bg-primary/12');
    expect(tile?.querySelector('svg')).toBeTruthy();
  });

  it("takes the tile's colours and the page's actions", () => {
    const { container } = render(
      <PageHeader icon={Flame} title="Streak" description="Keep it going." tileClassName="bg-streak/12 text-streak" actions={<button type="button">{'Share'}</button>} />,
    );
    const tile = container.querySelector('header > span[aria-hidden="true"]');
    expect(tile?.className).toContain('bg-streak/12');
    expect(tile?.className).not.toContain('bg-primary/12');
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });
});
