import type { Link, Parent, Root, Text } from 'mdast';

/**
 * An answer marks what it draws on with [n]: the n-th of its citations (the server's ChatCitation list, in order).
 * This remark plugin turns each marker whose citation exists into a link to `#cite-n`, which the chat's markdown
 * renders as a chip opening the cited page. Only plain text is touched — never code — and a marker without a
 * citation stays as it is written.
 */
export const CITATION_HREF = '#cite-';
const marker = /\[(\d{1,3})\]/g;

function split(node: Text, count: number): Array<Text | Link> {
  const parts: Array<Text | Link> = [];
  let last = 0;
  for (const match of node.value.matchAll(marker)) {
    const number = Number(match[1]);
    if (number < 1 || number > count) continue;
    if (match.index > last) parts.push({ type: 'text', value: node.value.slice(last, match.index) });
    parts.push({ type: 'link', url: `${CITATION_HREF}${number}`, children: [{ type: 'text', value: String(number) }] });
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return [node];
  if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) });
  return parts;
}

function walk(parent: Parent, count: number): void {
  const children: Parent['children'] = [];
  for (const child of parent.children) {
    if (child.type === 'text') children.push(...split(child, count));
    else {
      if ('children' in child && child.type !== 'link' && child.type !== 'linkReference') walk(child, count);
      children.push(child);
    }
  }
  parent.children = children;
}

export function remarkCitations(options: { count: number }) {
  return (tree: Root) => {
    if (options.count > 0) walk(tree, options.count);
  };
}

/** The citation number a chip's href names, or null for any other link. */
export function citationNumber(href: string | undefined): number | null {
  if (!href?.startsWith(CITATION_HREF)) return null;
  const number = Number(href.slice(CITATION_HREF.length));
  return Number.isInteger(number) && number > 0 ? number : null;
}

/** The answer as plain text for the clipboard: markers read "[n]" and markdown escapes are dropped. */
export function answerAsText(markdown: string): string {
  return markdown.replace(/\\([\\`*_[\]{}<>#|~$.+\-=)!])/g, '$1');
}
