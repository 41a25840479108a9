import { describe, expect, it } from 'vitest';
import { exportFileName, pngScale } from './export';

describe('exportFileName', () => {
  it('names the file after the document, without its extension or characters file systems refuse', () => {
    expect(exportFileName('Week 1: Cells.pdf', 'mind map', 'svg')).toBe('Week 1 Cells - mind map.svg');
    expect(exportFileName('a/b\\c?.docx', 'Mindmap', 'png')).toBe('a b c - Mindmap.png');
    expect(exportFileName('.pdf', 'mind map', 'png')).toBe('mindmap - mind map.png');
    expect(exportFileName('x'.repeat(300), 'mind map', 'svg')).toHaveLength(120 + ' - mind map.svg'.length);
  });
});

describe('pngScale', () => {
  it('draws at twice the size when it fits a canvas, smaller for a huge map', () => {
    expect(pngScale(1200, 800)).toBe(2);
    const huge = pngScale(20_000, 9_000);
    expect(huge).toBeLessThan(1);
    expect(20_000 * huge).toBeLessThanOrEqual(8_000);
    expect(20_000 * huge * 9_000 * huge).toBeLessThanOrEqual(16_000_000);
  });
});
