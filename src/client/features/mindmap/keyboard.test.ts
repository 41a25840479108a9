import { describe, expect, it } from 'vitest';
import { clickAction, keyAction } from './keyboard';
import { layoutMindmap, type MindmapNode } from './layout';

const leaf = (id: string): MindmapNode => ({ id, label: id, page: 1, children: [] });
const tree: MindmapNode = {
  id: 'root',
  label: 'Root',
  page: 1,
  children: [
    { id: 'a', label: 'A', page: 1, children: [leaf('a1'), leaf('a2')] },
    { id: 'b', label: 'B', page: 2, children: [leaf('b1')] },
    leaf('c'),
  ],
};

describe('keyAction', () => {
  const open = layoutMindmap(tree, new Set());

  it('moves right to the first child, left to the parent', () => {
    expect(keyAction('ArrowRight', 'root', open)).toEqual({ type: 'focus', id: 'a' });
    expect(keyAction('ArrowRight', 'a', open)).toEqual({ type: 'focus', id: 'a1' });
    expect(keyAction('ArrowLeft', 'a1', open)).toEqual({ type: 'focus', id: 'a' });
    expect(keyAction('ArrowLeft', 'root', open)).toBeNull();
    expect(keyAction('ArrowRight', 'c', open)).toBeNull();
  });

  it('moves up and down along a level: siblings, then into the neighbouring branch', () => {
    expect(keyAction('ArrowDown', 'a', open)).toEqual({ type: 'focus', id: 'b' });
    expect(keyAction('ArrowUp', 'b', open)).toEqual({ type: 'focus', id: 'a' });
    expect(keyAction('ArrowDown', 'a1', open)).toEqual({ type: 'focus', id: 'a2' });
    expect(keyAction('ArrowDown', 'a2', open)).toEqual({ type: 'focus', id: 'b1' });
    expect(keyAction('ArrowDown', 'c', open)).toBeNull();
    expect(keyAction('ArrowUp', 'a', open)).toBeNull();
    expect(keyAction('Home', 'b1', open)).toEqual({ type: 'focus', id: 'root' });
    expect(keyAction('End', 'a', open)).toEqual({ type: 'focus', id: 'c' });
  });

  it('opens a closed branch with ArrowRight, toggles a branch with Enter or Space, and opens a leaf’s details', () => {
    const closed = layoutMindmap(tree, new Set(['a']));
    expect(keyAction('ArrowRight', 'a', closed)).toEqual({ type: 'expand', id: 'a' });
    expect(keyAction('Enter', 'a', closed)).toEqual({ type: 'toggle', id: 'a' });
    expect(keyAction(' ', 'b', open)).toEqual({ type: 'toggle', id: 'b' });
    expect(keyAction('Enter', 'c', open)).toEqual({ type: 'details', id: 'c' });
    expect(keyAction('i', 'a', open)).toEqual({ type: 'details', id: 'a' });
    expect(keyAction('Escape', 'a', open)).toEqual({ type: 'closeDetails' });
    // Hidden nodes are skipped: a2 is not shown while a is closed.
    expect(keyAction('ArrowDown', 'b1', closed)).toBeNull();
  });

  it('zooms with + and −, fits with 0, and ignores other keys and unknown nodes', () => {
    expect(keyAction('+', 'a', open)).toEqual({ type: 'zoomIn' });
    expect(keyAction('=', 'a', open)).toEqual({ type: 'zoomIn' });
    expect(keyAction('-', 'a', open)).toEqual({ type: 'zoomOut' });
    expect(keyAction('0', 'a', open)).toEqual({ type: 'fit' });
    expect(keyAction('x', 'a', open)).toBeNull();
    expect(keyAction('ArrowDown', 'missing', open)).toBeNull();
  });
});

describe('clickAction', () => {
  it('opens or closes a branch on a click, and shows a leaf’s details (a branch’s take a second action)', () => {
    const closed = layoutMindmap(tree, new Set(['a']));
    expect(clickAction(closed.byId.get('a')!)).toEqual({ type: 'toggle', id: 'a' });
    expect(clickAction(closed.byId.get('root')!)).toEqual({ type: 'toggle', id: 'root' });
    expect(clickAction(closed.byId.get('c')!)).toEqual({ type: 'details', id: 'c' });
  });
});
