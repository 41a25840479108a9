import { describe, expect, it } from 'vitest';
import {
  allBranches,
  ancestorsOf,
  COLUMN_GAP,
  countNodes,
  estimateWidth,
  collapsedBelow,
  openingCollapsed,
  layoutMindmap,
  levelStyle,
  linkPath,
  wrapLabel,
  type LayoutNode,
  type MindmapNode,
} from './layout';

const leaf = (id: string, label = id): MindmapNode => ({ id, label, page: 1, children: [] });
const node = (id: string, children: MindmapNode[], label = id): MindmapNode => ({ id, label, page: 1, children });

/** root → 3 sections → 2 concepts each → 2 facts each: 1 + 3 + 6 + 12 = 22 nodes. */
function sample(): MindmapNode {
  return node(
    'root',
    ['a', 'b', 'c'].map((s) =>
      node(
        s,
        [1, 2].map((c) => node(`${s}${c}`, [leaf(`${s}${c}-f1`, 'A fact sentence that is long enough to wrap onto a second line.'), leaf(`${s}${c}-f2`)])),
        `Section ${s.toUpperCase()}`,
      ),
    ),
    'Cell Biology',
  );
}

const overlap = (a: LayoutNode, b: LayoutNode) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('layoutMindmap', () => {
  it('lays the tree out left to right, one column per level, with no two boxes overlapping', () => {
    const layout = layoutMindmap(sample(), new Set());
    expect(layout.nodes).toHaveLength(22);
    const root = layout.byId.get('root')!;
    const section = layout.byId.get('a')!;
    const concept = layout.byId.get('a1')!;
    expect(root.x).toBe(0);
    expect(section.x).toBeGreaterThanOrEqual(root.width + COLUMN_GAP);
    expect(concept.x).toBeGreaterThan(section.x + section.width);
    for (const [index, a] of layout.nodes.entries()) {
      for (const b of layout.nodes.slice(index + 1)) expect(overlap(a, b), `${a.id} / ${b.id}`).toBe(false);
    }
    // Children sit around their parent: the parent's centre lies between its first and last child's.
    const centre = (n: LayoutNode) => n.y + n.height / 2;
    const children = section.childIds.map((id) => layout.byId.get(id)!);
    expect(centre(section)).toBeGreaterThanOrEqual(centre(children[0]!));
    expect(centre(section)).toBeLessThanOrEqual(centre(children.at(-1)!));
    // Bounds hold every box.
    for (const n of layout.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(layout.bounds.x);
      expect(n.y + n.height).toBeLessThanOrEqual(layout.bounds.y + layout.bounds.height);
    }
  });

  it('gives every node the colour of its section and links it from its parent with a curve', () => {
    const layout = layoutMindmap(sample(), new Set());
    expect(layout.byId.get('root')!.branch).toBe(-1);
    expect(['a', 'b', 'c'].map((id) => layout.byId.get(id)!.branch)).toEqual([0, 1, 2]);
    expect(layout.byId.get('b2-f1')!.branch).toBe(1);
    expect(layout.links).toHaveLength(21);
    const link = layout.links.find((candidate) => candidate.targetId === 'a')!;
    const root = layout.byId.get('root')!;
    const a = layout.byId.get('a')!;
    expect(link).toMatchObject({ sourceId: 'root', branch: 0, depth: 1 });
    expect(link.path).toBe(linkPath(root.x + root.width, root.y + root.height / 2, a.x, a.y + a.height / 2));
    expect(link.path).toMatch(/^M[\d.,-]+ C[\d.,-]+ [\d.,-]+ [\d.,-]+$/);
  });

  it('hides what a collapsed node holds and counts it on the node', () => {
    const layout = layoutMindmap(sample(), new Set(['a', 'b1']));
    expect(layout.byId.has('a1')).toBe(false);
    expect(layout.byId.has('b1-f1')).toBe(false);
    expect(layout.byId.get('a')).toMatchObject({ collapsed: true, hiddenCount: 6, childCount: 2, childIds: [] });
    expect(layout.byId.get('b1')).toMatchObject({ collapsed: true, hiddenCount: 2 });
    expect(layout.byId.get('b')).toMatchObject({ collapsed: false, hiddenCount: 0, childIds: ['b1', 'b2'] });
    // A leaf is never "collapsed", even when asked.
    expect(layoutMindmap(sample(), new Set(['a1-f2'])).byId.get('a1-f2')!.collapsed).toBe(false);
  });

  it('keeps the shown nodes of each level in top-to-bottom order', () => {
    const layout = layoutMindmap(sample(), new Set());
    expect(layout.rows[0]).toEqual(['root']);
    expect(layout.rows[1]).toEqual(['a', 'b', 'c']);
    expect(layout.rows[2]).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2']);
    const ys = layout.rows[3]!.map((id) => layout.byId.get(id)!.y);
    expect([...ys].sort((x, y) => x - y)).toEqual(ys);
  });
});

describe('compact layout', () => {
  it('is narrower for a phone, with the same nodes', () => {
    const wide = layoutMindmap(sample(), new Set(['a', 'b', 'c']));
    const compact = layoutMindmap(sample(), new Set(['a', 'b', 'c']), estimateWidth, true);
    expect(compact.nodes.map((n) => n.id)).toEqual(wide.nodes.map((n) => n.id));
    expect(compact.bounds.width).toBeLessThan(wide.bounds.width);
    expect(compact.byId.get('root')!.width).toBeLessThanOrEqual(150);
  });
});

describe('wrapLabel', () => {
  const style = levelStyle(3);
  it('wraps at words within the box, and ends a label past the line limit with an ellipsis', () => {
    const room = style.maxWidth - 2 * style.padX;
    const lines = wrapLabel('Mitochondria are the organelles that produce most of the energy of the cell.', style, estimateWidth);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(room);
    expect(lines.map((line) => line.text).join(' ')).toBe('Mitochondria are the organelles that produce most of the energy of the cell.');

    const long = wrapLabel(Array.from({ length: 60 }, () => 'word').join(' '), style, estimateWidth);
    expect(long).toHaveLength(style.maxLines);
    expect(long.at(-1)!.text.endsWith('…')).toBe(true);
    expect(long.at(-1)!.width).toBeLessThanOrEqual(room);
  });

  it('splits a word longer than a line', () => {
    const lines = wrapLabel('Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen', levelStyle(1), estimateWidth);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((line) => line.text).join('')).toBe('Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen');
  });
});

describe('a label with maths', () => {
  it('is drawn as plain text without the dollar signs (an SVG label, exported too); the node keeps the label as written', () => {
    const layout = layoutMindmap(node('root', [leaf('e', 'Energy $E = mc^2$'), leaf('m', 'Costs $5 and $10')], 'Physics'), new Set());
    const energy = layout.nodes.find((candidate) => candidate.id === 'e')!;
    expect(energy.lines.map((line) => line.text).join(' ')).toBe('Energy E = mc^2');
    expect(energy.label).toBe('Energy $E = mc^2$');
    expect(layout.nodes.find((candidate) => candidate.id === 'm')!.lines.map((line) => line.text).join(' ')).toBe('Costs $5 and $10');
  });
});

describe('openingCollapsed', () => {
  it('opens a small map fully on a big screen', () => {
    expect(openingCollapsed(sample(), { width: 1400, height: 900 }, 0.6).size).toBe(0);
  });

  it('opens levels while the fitted map stays readable and closes the rest', () => {
    const full = layoutMindmap(sample(), new Set()).bounds;
    const concepts = layoutMindmap(sample(), collapsedBelow(sample(), 2)).bounds;
    // Room for the map down to the concepts at scale 0.6, not for the facts.
    const viewport = { width: concepts.width * 0.6 + 1, height: concepts.height * 0.6 + 1 };
    expect(Math.min(viewport.width / full.width, viewport.height / full.height)).toBeLessThan(0.6);
    const collapsed = openingCollapsed(sample(), viewport, 0.6);
    expect([...collapsed].sort()).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2']);
    expect(layoutMindmap(sample(), collapsed).nodes).toHaveLength(10);
  });

  it('always shows the sections, however small the screen', () => {
    const collapsed = openingCollapsed(sample(), { width: 100, height: 100 }, 0.6);
    expect([...collapsed].sort()).toEqual(['a', 'a1', 'a2', 'b', 'b1', 'b2', 'c', 'c1', 'c2']);
    expect(layoutMindmap(sample(), collapsed).nodes.map((n) => n.id)).toEqual(['root', 'a', 'b', 'c']);
  });
});

describe('helpers', () => {
  it('collapse-all closes every branch but the root; counts and ancestors', () => {
    expect([...allBranches(sample())].sort()).toEqual(['a', 'a1', 'a2', 'b', 'b1', 'b2', 'c', 'c1', 'c2']);
    expect(countNodes(sample())).toBe(22);
    expect(ancestorsOf(sample(), 'b2-f1').map((n) => n.id)).toEqual(['root', 'b', 'b2']);
    expect(ancestorsOf(sample(), 'root')).toEqual([]);
    expect(ancestorsOf(sample(), 'missing')).toEqual([]);
  });
});
