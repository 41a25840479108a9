// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeFileViewer, useFileViewerState } from '../../lib/file-viewer';
import { i18n } from '../../lib/i18n';
import type { StudyFile } from '../../lib/use-study-file';
import { fakeTrpcServer } from '../../test/fake-trpc-server';
import { renderSignedIn } from '../../test/render-signed-in';
import type { MindmapNode } from './layout';
import { NodePanel } from './node-panel';

function studyFile(lowConfidencePages: number[] | null): StudyFile {
  return {
    id: 'file-1',
    name: 'Scan.pdf',
    extension: 'pdf',
    status: 'ready',
    pageCount: 6,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    error: null,
    errorKey: null,
    errorParams: null,
    progress: null,
    unreadablePages: null,
    lowConfidencePages,
    videoId: null,
    directory: { id: 'course-1', name: 'Biology', model: 'gpt-4o-mini', language: 'en', createdAt: new Date('2026-01-01T00:00:00Z') },
    canRegenerate: true,
  };
}

const NODE: MindmapNode = { id: 'n1', label: 'Osmosis', page: 4, children: [] };

function ViewerProbe() {
  const state = useFileViewerState();
  return <output data-testid="viewer-probe" data-passage={state?.passage} />;
}

const PASSAGE = { text: 'Osmosis moves water. It needs a membrane.', highlight: null as { start: number; end: number } | null, matched: true };

function renderPanel(file: StudyFile, passage = PASSAGE, node: MindmapNode = NODE, ancestors: MindmapNode[] = []) {
  fakeTrpcServer({
    'mindmap.getPassage': () => ({ data: { heading: null, passage } }),
  });
  return renderSignedIn(
    <>
      <NodePanel file={file} node={node} layoutNode={undefined} ancestors={ancestors} narrow={false} focusOnOpen={false} onClose={() => undefined} onToggle={() => undefined} />
      <ViewerProbe />
    </>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  // jsdom has no scrolling; the router's scroll restoration calls it.
  window.scrollTo = () => undefined;
});
afterEach(() => {
  act(() => closeFileViewer());
  cleanup();
  vi.unstubAllGlobals();
});

describe('opening the page from the node panel', () => {
  it('asks the viewer to mark the sentence the panel marks', async () => {
    const { user } = renderPanel(studyFile(null), { ...PASSAGE, highlight: { start: 21, end: 41 } });
    expect(await screen.findByTestId('mindmap-passage', {}, { timeout: 5_000 })).toBeTruthy();
    await user.click(screen.getByTestId('mindmap-open-page'));
    expect(screen.getByTestId('viewer-probe').dataset.passage).toBe('It needs a membrane.');
  });

  it("asks for the node's label when the panel marks no sentence", async () => {
    const { user } = renderPanel(studyFile(null));
    expect(await screen.findByTestId('mindmap-passage', {}, { timeout: 5_000 })).toBeTruthy();
    await user.click(screen.getByTestId('mindmap-open-page'));
    expect(screen.getByTestId('viewer-probe').dataset.passage).toBe('Osmosis');
  });
});

describe('the node panel of an idea from a page OCR read with low confidence', () => {
  it('says so under the source passage', async () => {
    renderPanel(studyFile([4]));
    expect(await screen.findByTestId('mindmap-passage', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('low-confidence-mark').textContent).toBe('From a page read with low confidence (p. 4) — check it against the page.');
  });

  it('says nothing of the kind for an idea from a page read well', async () => {
    renderPanel(studyFile([2, 5]));
    expect(await screen.findByTestId('mindmap-passage', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('low-confidence-mark')).toBeNull();
  });
});

describe('the node panel of an idea with maths', () => {
  it('draws the formulas of the label and the passage with KaTeX, the marked sentence too; the path reads them as text', async () => {
    const text = 'Mass is energy: $E = mc^2$. It costs $5. Light is fast: $c$.';
    const start = text.indexOf('Light');
    renderPanel(studyFile(null), { text, highlight: { start, end: text.length }, matched: true }, { id: 'n2', label: 'Energy $E = mc^2$', page: 2, children: [] }, [
      { id: 'r', label: 'Relativity $v < c$', page: 1, children: [] },
    ]);
    const passage = await screen.findByTestId('mindmap-passage', {}, { timeout: 5_000 });
    const annotations = (element: Element) => [...element.querySelectorAll('.katex annotation')].map((node) => node.textContent);
    await waitFor(() => expect(annotations(screen.getByTestId('mindmap-panel-title'))).toEqual(['E = mc^2']));
    expect(annotations(passage)).toEqual(['E = mc^2', 'c']);
    expect(annotations(passage.querySelector('mark')!)).toEqual(['c']);
    expect(passage.textContent).toContain('It costs $5.');
    expect(screen.getByTestId('mindmap-panel').querySelector('ol')?.textContent).toBe('Relativity v < c');
  });
});
