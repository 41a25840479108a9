import { useMemo, useState } from 'react';
import { allBranches, collapsedBelow, layoutMindmap, openingCollapsed, type Measure, type MindmapLayout, type MindmapNode } from './layout';
import { freeArea, READABLE_SCALE, type Size } from './viewport';

/**
 * Which branches of the map are open, and the map laid out for them. As the map opens, as many levels show as the
 * canvas holds readably; once the student opens or closes a branch (or all of them), that choice holds.
 */
export function useMapExpansion(root: MindmapNode, size: Size | null, narrow: boolean, measure: Measure) {
  /** null: as the map opens, chosen for the canvas's size; set once the student opens or closes a branch. */
  const [collapsedState, setCollapsed] = useState<Set<string> | null>(null);
  const opening = useMemo(
    // A level opens at first only if the whole map still fits the free part of the canvas at a readable size.
    () => (size ? openingCollapsed(root, freeArea(size, { narrow, panelOpen: false }), READABLE_SCALE, measure, narrow) : null),
    [root, size, narrow, measure],
  );
  const collapsed = collapsedState ?? opening ?? collapsedBelow(root, 1);
  const layout = useMemo(() => layoutMindmap(root, collapsed, measure, narrow), [root, collapsed, measure, narrow]);

  /**
   * Opens the branch `id` if closed, else closes it. Answers the layout it leads to (drawn on the next render) and
   * whether the branch opened, so the view and the focus can follow at once.
   */
  const toggle = (id: string): { layout: MindmapLayout; opened: boolean } => {
    const next = new Set(collapsed);
    const opened = next.has(id);
    if (opened) next.delete(id);
    else next.add(id);
    setCollapsed(next);
    return { layout: layoutMindmap(root, next, measure, narrow), opened };
  };

  return {
    layout,
    toggle,
    expandAll: () => setCollapsed(new Set()),
    /** Only the root and its sections stay. */
    collapseAll: () => setCollapsed(allBranches(root)),
  };
}

export type MapExpansion = ReturnType<typeof useMapExpansion>;
