// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip';
import { i18n } from '../../lib/i18n';
import { layoutMindmap, type MindmapNode } from './layout';
import { MapHeader } from './map-header';
import { MapScene } from './map-scene';

const leaf = (id: string): MindmapNode => ({ id, label: `Idea ${id}`, page: 1, children: [] });
const tree: MindmapNode = { id: 'root', label: 'Root', page: 1, children: [{ id: 'a', label: 'Branch A', page: 2, children: [leaf('a1')] }, leaf('b')] };

function renderScene(focusedId: string) {
  const handlers = { onActivate: vi.fn(), onDetails: vi.fn(), onToggle: vi.fn(), onFocusNode: vi.fn(), onNodeKeyDown: vi.fn() };
  render(
    <svg>
      <MapScene layout={layoutMindmap(tree, new Set(['a']))} focusedId={focusedId} selectedId={null} {...handlers} />
    </svg>,
  );
  const node = (id: string) => document.querySelector<SVGGElement>(`[data-node-id="${id}"]`)!;
  return { handlers, node };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('MapScene', () => {
  it('reports a click on a node as activating it (a branch opens), not as opening its details', () => {
    const { handlers, node } = renderScene('root');
    fireEvent.click(node('a'));
    expect(handlers.onActivate).toHaveBeenCalledWith('a');
    expect(handlers.onDetails).not.toHaveBeenCalled();
  });

  it('opens the details from the node’s details button, shown on the current node, without toggling it', () => {
    const { handlers, node } = renderScene('a');
    expect(node('a').hasAttribute('data-current')).toBe(true);
    expect(node('root').hasAttribute('data-current')).toBe(false);
    const button = screen.getByRole('button', { name: 'Show the source of Branch A' });
    expect(node('a').contains(button)).toBe(true);
    expect(button.getAttribute('data-export')).toBe('omit');
    fireEvent.click(button);
    expect(handlers.onDetails).toHaveBeenCalledWith('a');
    expect(handlers.onActivate).not.toHaveBeenCalled();
    expect(handlers.onToggle).not.toHaveBeenCalled();
  });
});

describe('a map with maths', () => {
  it('reads a node\'s formula without its dollar signs in its label, its title and what screen readers hear', () => {
    const withMath: MindmapNode = { id: 'root', label: 'Energy $E = mc^2$', page: 1, children: [] };
    render(
      <svg>
        <MapScene layout={layoutMindmap(withMath, new Set())} focusedId="root" selectedId={null} onActivate={vi.fn()} onDetails={vi.fn()} onToggle={vi.fn()} onFocusNode={vi.fn()} onNodeKeyDown={vi.fn()} />
      </svg>,
    );
    const node = document.querySelector('[data-node-id="root"]')!;
    expect(node.querySelector('.mm-label')?.textContent).toBe('Energy E = mc^2');
    expect(node.querySelector('title')?.textContent).toBe('Energy E = mc^2');
    expect(node.getAttribute('aria-label')).toMatch(/^Energy E = mc\^2\b/);
    expect(screen.getByRole('button', { name: 'Show the source of Energy E = mc^2' })).toBeTruthy();
  });

  it('draws the formula of the map\'s title with KaTeX', async () => {
    render(
      <TooltipProvider>
        <MapHeader title="Energy $E = mc^2$" nodeCount={1} branchCount={0} onExpandAll={vi.fn()} onCollapseAll={vi.fn()} onExport={vi.fn()} />
      </TooltipProvider>,
    );
    const title = screen.getByTestId('mindmap-title');
    await waitFor(() => expect(title.querySelector('.katex annotation')?.textContent).toBe('E = mc^2'));
    expect(title.getAttribute('title')).toBe('Energy E = mc^2');
  });
});
