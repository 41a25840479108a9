import { Network } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MathText, withoutMathDelimiters } from '../../components/math-text';
import { MapToolbar } from './map-toolbar';

/**
 * The bar above the map: the map's title (its root idea), how many ideas and branches it holds (for screen readers;
 * the toolbar shows it on wide screens), and the toolbar.
 */
export function MapHeader({
  title,
  nodeCount,
  branchCount,
  onExpandAll,
  onCollapseAll,
  onExport,
}: {
  title: string;
  nodeCount: number;
  branchCount: number;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  onExport: (format: 'svg' | 'png') => Promise<void>;
}) {
  const { t } = useTranslation('mindmap');
  const stats = t('stats', { ideas: t('ideas', { count: nodeCount }), branches: t('branches', { count: branchCount }) });
  return (
    <header className="flex items-center gap-3 border-b border-border bg-background px-4 py-2.5 md:px-6">
      <div aria-hidden="true" className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary sm:flex">
        <Network className="size-5" />
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-[0.6875rem] font-semibold tracking-wider text-muted-foreground uppercase">{t('title')}</p>
        <h1 className="truncate text-base leading-tight font-bold tracking-tight md:text-lg" data-testid="mindmap-title" title={withoutMathDelimiters(title)}>
          <MathText text={title} />
        </h1>
        <p className="sr-only" data-testid="mindmap-stats">{stats}</p>
      </div>
      <MapToolbar stats={stats} onExpandAll={onExpandAll} onCollapseAll={onCollapseAll} onExport={onExport} />
    </header>
  );
}
