import { hierarchy, tree, type HierarchyNode } from 'd3-hierarchy';
import type { MindmapNode } from '../../../shared/artefacts';
import { withoutMathDelimiters } from '../../components/math-text';

/**
 * Where everything of the mind map goes: a horizontal tidy tree (d3-hierarchy's Reingold–Tilford layout) growing to
 * the right from the root, one column per level, each node a box sized to its wrapped label, curved links from a
 * parent's right edge to its children's left edges. Pure, so it is tested without a browser; text is measured by the
 * function passed in (a canvas in the browser, an estimate elsewhere).
 */
export type { MindmapNode };

export interface LevelStyle {
  fontSize: number;
  fontWeight: number;
  lineHeight: number;
  maxWidth: number;
  minWidth: number;
  padX: number;
  padY: number;
  maxLines: number;
  radius: number;
}

/** Root, sections, concepts, facts (and anything deeper, like facts). */
export const LEVELS: readonly LevelStyle[] = [
  { fontSize: 18, fontWeight: 700, lineHeight: 24, maxWidth: 260, minWidth: 120, padX: 20, padY: 14, maxLines: 3, radius: 16 },
  { fontSize: 15, fontWeight: 650, lineHeight: 20, maxWidth: 230, minWidth: 96, padX: 15, padY: 10, maxLines: 3, radius: 12 },
  { fontSize: 14, fontWeight: 550, lineHeight: 19, maxWidth: 210, minWidth: 72, padX: 13, padY: 9, maxLines: 3, radius: 10 },
  { fontSize: 13, fontWeight: 400, lineHeight: 18, maxWidth: 260, minWidth: 72, padX: 12, padY: 8, maxLines: 4, radius: 9 },
];

/** On a phone: narrower boxes and columns, so the root and its sections fit 390 px at a readable size. */
export const COMPACT_LEVELS: readonly LevelStyle[] = [
  { fontSize: 16, fontWeight: 700, lineHeight: 21, maxWidth: 150, minWidth: 96, padX: 14, padY: 11, maxLines: 3, radius: 14 },
  { fontSize: 15, fontWeight: 650, lineHeight: 20, maxWidth: 176, minWidth: 80, padX: 12, padY: 9, maxLines: 3, radius: 12 },
  { fontSize: 14, fontWeight: 550, lineHeight: 19, maxWidth: 170, minWidth: 64, padX: 11, padY: 8, maxLines: 3, radius: 10 },
  { fontSize: 13, fontWeight: 400, lineHeight: 18, maxWidth: 210, minWidth: 64, padX: 10, padY: 7, maxLines: 4, radius: 9 },
];

export function levelStyle(depth: number, compact = false): LevelStyle {
  const levels = compact ? COMPACT_LEVELS : LEVELS;
  return levels[Math.min(depth, levels.length - 1)]!;
}

/** Horizontal room between the widest box of a level and the next level (the toggle sits in it). */
export const COLUMN_GAP = 76;
export const COMPACT_COLUMN_GAP = 44;
/** Vertical room between siblings, and more between cousins, so branches read as groups. */
export const SIBLING_GAP = 12;
export const COUSIN_GAP = 26;
/** Distinct branch colours (mindmap.css --mm-b0 … --mm-b7). */
export const BRANCH_COLOURS = 8;

export type Measure = (text: string, fontSize: number, fontWeight: number) => number;

/** An estimate of a sans-serif line's width, for tests and before a canvas exists. */
export const estimateWidth: Measure = (text, fontSize, fontWeight) =>
  text.length * fontSize * (fontWeight >= 600 ? 0.58 : 0.54);

export interface LayoutNode {
  id: string;
  label: string;
  page: number;
  depth: number;
  /** Index of the section (child of the root) the node belongs to, for its colour; -1 for the root. */
  branch: number;
  parentId: string | null;
  /** Top-left corner and size of the node's box, in map coordinates. */
  x: number;
  y: number;
  width: number;
  height: number;
  lines: WrappedLine[];
  style: LevelStyle;
  /** Children in the data, shown or not. */
  childCount: number;
  collapsed: boolean;
  /** How many nodes a collapsed node hides (all its descendants). */
  hiddenCount: number;
  /** Shown children, top to bottom. */
  childIds: string[];
}

export interface WrappedLine {
  text: string;
  width: number;
}

export interface LayoutLink {
  id: string;
  sourceId: string;
  targetId: string;
  branch: number;
  /** Depth of the child end. */
  depth: number;
  path: string;
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MindmapLayout {
  nodes: LayoutNode[];
  links: LayoutLink[];
  byId: Map<string, LayoutNode>;
  bounds: Bounds;
  /** Shown nodes of each depth, top to bottom (what ArrowUp/ArrowDown walk). */
  rows: string[][];
  rootId: string;
}

/** Greedy word wrap to `maxWidth`; words longer than a line are split; past `maxLines` the last line ends in '…'. */
export function wrapLabel(label: string, style: LevelStyle, measure: Measure): WrappedLine[] {
  const room = style.maxWidth - 2 * style.padX;
  const width = (text: string) => measure(text, style.fontSize, style.fontWeight);
  const words = label.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  const pushWord = (word: string) => {
    const candidate = current ? `${current} ${word}` : word;
    if (width(candidate) <= room) {
      current = candidate;
      return;
    }
    if (current) lines.push(current);
    current = '';
    // A word wider than a line: as many characters as fit, then the rest on the next line.
    let rest = word;
    while (width(rest) > room && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && width(rest.slice(0, cut)) > room) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  };
  words.forEach(pushWord);
  if (current) lines.push(current);
  if (lines.length === 0) lines.push('');
  if (lines.length > style.maxLines) {
    const kept = lines.slice(0, style.maxLines);
    let last = `${kept[kept.length - 1]!}…`;
    while (width(last) > room && last.length > 1) last = `${last.slice(0, -2).trimEnd()}…`;
    kept[kept.length - 1] = last;
    return kept.map((text) => ({ text, width: width(text) }));
  }
  return lines.map((text) => ({ text, width: width(text) }));
}

function countDescendants(node: MindmapNode): number {
  return node.children.reduce((sum, child) => sum + 1 + countDescendants(child), 0);
}

interface Sized {
  lines: WrappedLine[];
  width: number;
  height: number;
}

export function layoutMindmap(
  root: MindmapNode,
  collapsed: ReadonlySet<string>,
  measure: Measure = estimateWidth,
  compact = false,
): MindmapLayout {
  const shown = hierarchy(root, (node) => (collapsed.has(node.id) ? undefined : node.children));
  const sizes = new Map<HierarchyNode<MindmapNode>, Sized>();
  const columnWidth: number[] = [];
  shown.each((node) => {
    const style = levelStyle(node.depth, compact);
    // An SVG label is plain text (an exported picture draws it too): a formula reads without its dollar signs.
    const lines = wrapLabel(withoutMathDelimiters(node.data.label), style, measure);
    const textWidth = Math.max(...lines.map((line) => line.width));
    const width = Math.ceil(Math.max(style.minWidth, textWidth + 2 * style.padX));
    const height = Math.ceil(lines.length * style.lineHeight + 2 * style.padY);
    sizes.set(node, { lines, width, height });
    columnWidth[node.depth] = Math.max(columnWidth[node.depth] ?? 0, width);
  });
  const sizeOf = (node: HierarchyNode<MindmapNode>) => sizes.get(node)!;
  const columnX: number[] = [0];
  for (let depth = 1; depth < columnWidth.length; depth += 1) {
    columnX[depth] = columnX[depth - 1]! + columnWidth[depth - 1]! + (compact ? COMPACT_COLUMN_GAP : COLUMN_GAP);
  }

  // nodeSize [1, 1]: separation() answers in pixels, from each box's half height and the gap.
  const laidOut = tree<MindmapNode>()
    .nodeSize([1, 1])
    .separation((a, b) => (sizeOf(a).height + sizeOf(b).height) / 2 + (a.parent === b.parent ? SIBLING_GAP : COUSIN_GAP))(shown);

  const nodes: LayoutNode[] = [];
  const byId = new Map<string, LayoutNode>();
  const rows: string[][] = [];
  const branchOf = new Map<HierarchyNode<MindmapNode>, number>();
  laidOut.each((node) => {
    const size = sizeOf(node);
    const branch = node.depth === 0 ? -1 : node.depth === 1 ? (node.parent?.children?.indexOf(node) ?? 0) : branchOf.get(node.parent!)!;
    branchOf.set(node, branch);
    const data = node.data;
    const isCollapsed = collapsed.has(data.id) && data.children.length > 0;
    const item: LayoutNode = {
      id: data.id,
      label: data.label,
      page: data.page,
      depth: node.depth,
      branch,
      parentId: node.parent?.data.id ?? null,
      x: columnX[node.depth]!,
      y: node.x - size.height / 2,
      width: size.width,
      height: size.height,
      lines: size.lines,
      style: levelStyle(node.depth, compact),
      childCount: data.children.length,
      collapsed: isCollapsed,
      hiddenCount: isCollapsed ? countDescendants(data) : 0,
      childIds: (node.children ?? []).map((child) => child.data.id),
    };
    nodes.push(item);
    byId.set(item.id, item);
    (rows[node.depth] ??= []).push(item.id);
  });
  for (const row of rows) row.sort((a, b) => byId.get(a)!.y - byId.get(b)!.y);

  const links: LayoutLink[] = [];
  for (const node of nodes) {
    if (!node.parentId) continue;
    const parent = byId.get(node.parentId)!;
    links.push({
      id: `${parent.id}→${node.id}`,
      sourceId: parent.id,
      targetId: node.id,
      branch: node.branch,
      depth: node.depth,
      path: linkPath(parent.x + parent.width, parent.y + parent.height / 2, node.x, node.y + node.height / 2),
    });
  }

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const node of nodes) {
    minX = Math.min(minX, node.x);
    minY = Math.min(minY, node.y);
    // The toggle sticks out of the right edge by its radius.
    maxX = Math.max(maxX, node.x + node.width + (node.childCount > 0 ? TOGGLE_RADIUS : 0));
    maxY = Math.max(maxY, node.y + node.height);
  }
  return {
    nodes,
    links,
    byId,
    rows,
    rootId: root.id,
    bounds: { x: minX, y: minY, width: maxX - minX, height: maxY - minY },
  };
}

export const TOGGLE_RADIUS = 11;

/** A horizontal S-curve from (x1, y1) to (x2, y2). */
export function linkPath(x1: number, y1: number, x2: number, y2: number): string {
  const middle = (x1 + x2) / 2;
  const round = (value: number) => Math.round(value * 10) / 10;
  return `M${round(x1)},${round(y1)} C${round(middle)},${round(y1)} ${round(middle)},${round(y2)} ${round(x2)},${round(y2)}`;
}

/** Every node from depth `openDepth` down that has children: the map opened `openDepth` levels below the root. */
export function collapsedBelow(root: MindmapNode, openDepth: number): Set<string> {
  const collapsed = new Set<string>();
  const visit = (node: MindmapNode, depth: number) => {
    if (depth >= openDepth && node.children.length > 0) collapsed.add(node.id);
    for (const child of node.children) visit(child, depth + 1);
  };
  visit(root, 0);
  return collapsed;
}

function depthOf(node: MindmapNode): number {
  return 1 + Math.max(0, ...node.children.map(depthOf));
}

/**
 * What a map opens with: the root's children always show; each further level opens only while the whole map, fitted
 * to `viewport`, stays at `minScale` or larger, so a big map starts readable with its deeper levels closed and a small
 * one starts fully open.
 */
export function openingCollapsed(
  root: MindmapNode,
  viewport: { width: number; height: number },
  minScale: number,
  measure: Measure = estimateWidth,
  compact = false,
): Set<string> {
  let chosen = collapsedBelow(root, 1);
  const levels = depthOf(root);
  for (let openDepth = 2; openDepth < levels; openDepth += 1) {
    const candidate = collapsedBelow(root, openDepth);
    const { bounds } = layoutMindmap(root, candidate, measure, compact);
    if (Math.min(viewport.width / bounds.width, viewport.height / bounds.height) < minScale) break;
    chosen = candidate;
  }
  return chosen;
}

/** Every node with children but the root: what "Collapse all" leaves. */
export function allBranches(root: MindmapNode): Set<string> {
  const collapsed = new Set<string>();
  const visit = (node: MindmapNode) => {
    if (node !== root && node.children.length > 0) collapsed.add(node.id);
    node.children.forEach(visit);
  };
  visit(root);
  return collapsed;
}

export function countNodes(node: MindmapNode): number {
  return 1 + countDescendants(node);
}

/** The labels from the root down to the node's parent, for the details panel. */
export function ancestorsOf(root: MindmapNode, id: string): MindmapNode[] {
  const path: MindmapNode[] = [];
  const visit = (node: MindmapNode): boolean => {
    if (node.id === id) return true;
    path.push(node);
    if (node.children.some(visit)) return true;
    path.pop();
    return false;
  };
  return visit(root) ? path : [];
}

export function findNode(root: MindmapNode, id: string): MindmapNode | undefined {
  if (root.id === id) return root;
  for (const child of root.children) {
    const found = findNode(child, id);
    if (found) return found;
  }
  return undefined;
}
