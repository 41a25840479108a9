import { memo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutMathDelimiters } from '../../components/math-text';
import { isFromLowConfidencePage } from '../../lib/ocr';
import { BRANCH_COLOURS, TOGGLE_RADIUS, type LayoutNode, type MindmapLayout } from './layout';

const branchClass = (branch: number) => (branch < 0 ? 'mm-root-branch' : `mm-branch-${branch % BRANCH_COLOURS}`);
const levelOf = (depth: number) => Math.min(depth, 3);

interface SceneProps {
  layout: MindmapLayout;
  /** Pages OCR read with low confidence: ideas from them carry a small mark. */
  lowConfidencePages?: readonly number[] | null;
  focusedId: string;
  selectedId: string | null;
  /** A click or tap on the node (see clickAction). */
  onActivate: (id: string) => void;
  /** The node's details button: its details open. */
  onDetails: (id: string) => void;
  onToggle: (id: string) => void;
  onFocusNode: (id: string) => void;
  onNodeKeyDown: (event: KeyboardEvent<SVGGElement>, id: string) => void;
}

/**
 * The drawing: links under nodes, each node a focusable tree item (roving tabindex: only the focused one is in the tab
 * order) with its wrapped label and, for a branch, a toggle showing how many ideas it hides. Memoised, so panning
 * (which only moves the group around it) does not redraw it.
 */
export const MapScene = memo(function MapScene({
  layout,
  lowConfidencePages,
  focusedId,
  selectedId,
  onActivate,
  onDetails,
  onToggle,
  onFocusNode,
  onNodeKeyDown,
}: SceneProps) {
  return (
    <>
      <g aria-hidden="true">
        {layout.links.map((link) => (
          <path key={link.id} className={`mm-link ${branchClass(link.branch)}`} data-level={levelOf(link.depth)} d={link.path} />
        ))}
      </g>
      {layout.nodes.map((node) => (
        <MapNode
          key={node.id}
          node={node}
          focused={node.id === focusedId}
          selected={node.id === selectedId}
          lowConfidence={isFromLowConfidencePage(lowConfidencePages, node.page)}
          onActivate={onActivate}
          onDetails={onDetails}
          onToggle={onToggle}
          onFocusNode={onFocusNode}
          onNodeKeyDown={onNodeKeyDown}
          siblings={layout.byId.get(node.parentId ?? '')?.childIds ?? [node.id]}
        />
      ))}
    </>
  );
});

function MapNode({
  node,
  focused,
  selected,
  lowConfidence,
  siblings,
  onActivate,
  onDetails,
  onToggle,
  onFocusNode,
  onNodeKeyDown,
}: {
  node: LayoutNode;
  focused: boolean;
  selected: boolean;
  lowConfidence: boolean;
  siblings: string[];
  onActivate: (id: string) => void;
  onDetails: (id: string) => void;
  onToggle: (id: string) => void;
  onFocusNode: (id: string) => void;
  onNodeKeyDown: (event: KeyboardEvent<SVGGElement>, id: string) => void;
}) {
  const { t } = useTranslation('mindmap');
  const { style } = node;
  const hasChildren = node.childCount > 0;
  // First baseline: the top padding plus the part of the line box above the text's baseline.
  const firstBaseline = style.padY + style.lineHeight / 2 + style.fontSize * 0.35;
  return (
    <g
      className={`mm-node ${branchClass(node.branch)}`}
      data-testid="mindmap-node"
      data-node-id={node.id}
      data-level={levelOf(node.depth)}
      data-collapsed={hasChildren ? String(node.collapsed) : undefined}
      data-current={focused || undefined}
      transform={`translate(${node.x} ${node.y})`}
      role="treeitem"
      tabIndex={focused ? 0 : -1}
      aria-level={node.depth + 1}
      aria-setsize={siblings.length}
      aria-posinset={siblings.indexOf(node.id) + 1}
      aria-expanded={hasChildren ? !node.collapsed : undefined}
      aria-selected={selected}
      aria-label={t(lowConfidence ? 'map.nodeLowConfidence' : 'map.node', { label: withoutMathDelimiters(node.label), page: node.page })}
      data-low-confidence={lowConfidence || undefined}
      onClick={() => onActivate(node.id)}
      onFocus={() => onFocusNode(node.id)}
      onKeyDown={(event) => onNodeKeyDown(event, node.id)}
    >
      <title>{withoutMathDelimiters(node.label)}</title>
      {hasChildren && (
        // A finger-sized target around the toggle's small dot, drawn under the box: a tap beside the box opens or
        // closes the branch, as a tap on the box does.
        <circle
          className="mm-toggle-hit"
          data-export="omit"
          cx={node.width}
          cy={node.height / 2}
          r={22}
          onClick={(event) => {
            event.stopPropagation();
            onToggle(node.id);
          }}
        />
      )}
      <rect className="mm-box" width={node.width} height={node.height} rx={style.radius} />
      <rect
        className="mm-focus-ring"
        data-export="omit"
        x={-5}
        y={-5}
        width={node.width + 10}
        height={node.height + 10}
        rx={style.radius + 5}
      />
      {lowConfidence && (
        // A quiet dot in the box's corner; the panel says what it means. Not part of an exported picture.
        <circle className="fill-amber-500" data-export="omit" data-testid="mindmap-node-low-confidence" cx={node.width - 7} cy={7} r={3.5} />
      )}
      <text className="mm-label" fontSize={style.fontSize} fontWeight={style.fontWeight}>
        {node.lines.map((line, index) => (
          <tspan key={index} x={style.padX} y={firstBaseline + index * style.lineHeight} data-width={line.width.toFixed(1)}>
            {line.text}
          </tspan>
        ))}
      </text>
      {/* The details button on the box's top edge near its right corner (clear of the toggle and of the label's
          first line), shown on the current node and under the mouse. */}
      <g
        className="mm-details"
        data-testid="mindmap-node-details"
        data-export="omit"
        role="button"
        aria-label={t('map.details', { label: withoutMathDelimiters(node.label) })}
        transform={`translate(${node.width - 14} -4)`}
        onClick={(event) => {
          event.stopPropagation();
          onDetails(node.id);
        }}
      >
        <circle className="mm-details-hit" r={16} />
        <circle className="mm-details-dot" r={10} />
        {/* An "i": its stem and its dot. */}
        <path className="mm-details-mark" d="M0 -0.5 V5" />
        <circle className="mm-details-mark-dot" cy={-4.5} r={1.4} />
      </g>
      {hasChildren && (
        <g
          className="mm-toggle"
          data-testid="mindmap-toggle"
          data-collapsed={String(node.collapsed)}
          transform={`translate(${node.width} ${node.height / 2})`}
          onClick={(event) => {
            event.stopPropagation();
            onToggle(node.id);
          }}
        >
          <circle className="mm-toggle-dot" r={node.collapsed ? TOGGLE_RADIUS : TOGGLE_RADIUS - 2} />
          {node.collapsed ? (
            <text className="mm-toggle-count" textAnchor="middle" dy="0.35em" fontSize={node.hiddenCount > 99 ? 8 : 10}>
              {node.hiddenCount > 999 ? '999+' : node.hiddenCount}
            </text>
          ) : (
            <path className="mm-toggle-minus" d="M-4 0 H4" />
          )}
        </g>
      )}
    </g>
  );
}
