import { and, eq } from 'drizzle-orm';
import type { MindmapNode } from '../../shared/artefacts';
import type { Db } from '../db/client';
import { filePage, mindmap } from '../db/schema';
import { AppError } from '../errors';
import { studyFileAccess, type SharedStudy } from '../sharing/study-access';
import { bestPassage } from '../study/engines/local/passage';

/**
 * The Mindmap tab: a file's stored tree, and the passage of a node's source page that best supports its label, read
 * when the student opens the node (one page, not the whole file, per click). Whoever may study the file, by
 * ownership or in a shared course (`uuid`), may read both; anyone else is answered NOT_FOUND.
 */

export const mindmapNotReady = () =>
  new AppError({
    code: 'NOT_FOUND',
    userMessage: 'The mind map of this file has not been made yet.',
    messageKey: 'mindmapNotReady',
  });

export const mindmapNodeNotFound = () =>
  new AppError({
    code: 'NOT_FOUND',
    userMessage: 'This part of the mind map no longer exists. Try to refresh the page.',
    messageKey: 'mindmapNodeNotFound',
  });

interface MindmapRequest {
  fileId: string;
  shared: SharedStudy | undefined;
}

export async function getMindmap(db: Db, userId: string, input: MindmapRequest) {
  const access = await studyFileAccess(db, userId, input.fileId, input.shared);
  const row = await storedTree(db, access.fileId);
  return { fileId: access.fileId, fileName: access.fileName, root: row.tree, nodeCount: countNodes(row.tree), createdAt: row.createdAt };
}

export async function getMindmapPassage(db: Db, userId: string, input: MindmapRequest & { nodeId: string }) {
  const access = await studyFileAccess(db, userId, input.fileId, input.shared);
  const { tree } = await storedTree(db, access.fileId);
  const node = findNode(tree, input.nodeId);
  if (!node) throw mindmapNodeNotFound();
  const [page] = await db
    .select({ text: filePage.text, heading: filePage.heading })
    .from(filePage)
    .where(and(eq(filePage.fileId, access.fileId), eq(filePage.pageNumber, node.page)))
    .limit(1);
  const passage = page ? bestPassage(page.text, node.label, access.language) : null;
  return { nodeId: node.id, label: node.label, page: node.page, heading: page?.heading ?? null, passage };
}

async function storedTree(db: Db, fileId: string) {
  const [row] = await db
    .select({ tree: mindmap.tree, createdAt: mindmap.createdAt })
    .from(mindmap)
    .where(eq(mindmap.fileId, fileId))
    .limit(1);
  if (!row) throw mindmapNotReady();
  return row;
}

function countNodes(node: MindmapNode): number {
  return 1 + node.children.reduce((sum, child) => sum + countNodes(child), 0);
}

function findNode(root: MindmapNode, id: string): MindmapNode | undefined {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.id === id) return node;
    stack.push(...node.children);
  }
  return undefined;
}
