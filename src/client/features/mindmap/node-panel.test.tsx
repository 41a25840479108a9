// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

function renderPanel(file: StudyFile) {
  fakeTrpcServer({
    'mindmap.getPassage': () => ({ data: { heading: null, passage: { text: 'Osmosis moves water.', highlight: null, matched: true } } }),
  });
  renderSignedIn(
    <NodePanel file={file} node={NODE} layoutNode={undefined} ancestors={[]} narrow={false} focusOnOpen={false} onClose={() => undefined} onToggle={() => undefined} />,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  // jsdom has no scrolling; the router's scroll restoration calls it.
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
