import type { LayoutNode, MindmapLayout } from './layout';

/**
 * What a key does on a focused node of the map (the tree grows to the right):
 *   ArrowRight  opens a closed branch, else goes to its first child
 *   ArrowLeft   goes to the parent
 *   ArrowUp/Down  the node above/below on the same level (siblings first, then the neighbouring branch)
 *   Home / End  the root / the last node of the level
 *   Enter/Space opens or closes a branch; on a leaf opens the details (what a click does, see clickAction)
 *   i           opens the details of any node;  Escape closes them
 *   + / − / 0   zoom in / out / fit to screen
 */
export type KeyAction =
  | { type: 'focus'; id: string }
  | { type: 'toggle'; id: string }
  | { type: 'expand'; id: string }
  | { type: 'details'; id: string }
  | { type: 'closeDetails' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'fit' };

export function keyAction(key: string, focusedId: string, layout: MindmapLayout): KeyAction | null {
  const node = layout.byId.get(focusedId);
  if (!node) return null;
  const row = layout.rows[node.depth] ?? [];
  const index = row.indexOf(node.id);
  switch (key) {
    case 'ArrowRight':
      if (node.collapsed) return { type: 'expand', id: node.id };
      return node.childIds[0] ? { type: 'focus', id: node.childIds[0] } : null;
    case 'ArrowLeft':
      return node.parentId ? { type: 'focus', id: node.parentId } : null;
    case 'ArrowDown':
      return index >= 0 && index < row.length - 1 ? { type: 'focus', id: row[index + 1]! } : null;
    case 'ArrowUp':
      return index > 0 ? { type: 'focus', id: row[index - 1]! } : null;
    case 'Home':
      return node.id === layout.rootId ? null : { type: 'focus', id: layout.rootId };
    case 'End':
      return row.length > 0 && row[row.length - 1] !== node.id ? { type: 'focus', id: row[row.length - 1]! } : null;
    case 'Enter':
    case ' ':
      return clickAction(node);
    case 'i':
    case 'I':
      return { type: 'details', id: node.id };
    case 'Escape':
      return { type: 'closeDetails' };
    case '+':
    case '=':
      return { type: 'zoomIn' };
    case '-':
    case '_':
      return { type: 'zoomOut' };
    case '0':
      return { type: 'fit' };
    default:
      return null;
  }
}


/**
 * What a click or tap on a node does, like Enter: a branch opens or closes (what a student of a mind map tries first),
 * a leaf, with nothing to open, shows its details. A branch's details take a second action: the node's details button
 * (shown on the current node and under the mouse) or the key I.
 */
export function clickAction(node: LayoutNode): Extract<KeyAction, { type: 'toggle' | 'details' }> {
  return node.childCount > 0 ? { type: 'toggle', id: node.id } : { type: 'details', id: node.id };
}
