import { Download, FileCode2, FileImage, FoldHorizontal, UnfoldHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { Tooltip } from '../../components/ui/tooltip';

/**
 * The map's toolbar in its header: how many ideas and branches it holds (on wide screens), Expand all, Collapse all,
 * and the export menu (PNG or SVG).
 */
export function MapToolbar({
  stats,
  onExpandAll,
  onCollapseAll,
  onExport,
}: {
  stats: string;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  onExport: (format: 'svg' | 'png') => Promise<void>;
}) {
  const { t } = useTranslation('mindmap');
  return (
    <div role="toolbar" aria-label={t('toolbar.label')} className="flex shrink-0 items-center gap-1.5">
      <span className="mr-2 hidden text-xs text-muted-foreground lg:inline" aria-hidden="true">
        {stats}
      </span>
      <ToolbarButton label={t('toolbar.expandAll')} testId="mindmap-expand-all" onClick={onExpandAll}>
        <UnfoldHorizontal aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label={t('toolbar.collapseAll')} testId="mindmap-collapse-all" onClick={onCollapseAll}>
        <FoldHorizontal aria-hidden="true" />
      </ToolbarButton>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className="h-10 min-w-10 px-3" data-testid="mindmap-export" aria-label={t('toolbar.export')}>
            <Download aria-hidden="true" />
            <span className="hidden sm:inline">{t('toolbar.export')}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem className="min-h-10" data-testid="mindmap-export-png" onSelect={() => void onExport('png')}>
            <FileImage aria-hidden="true" />
            {t('toolbar.exportPng')}
          </DropdownMenuItem>
          <DropdownMenuItem className="min-h-10" data-testid="mindmap-export-svg" onSelect={() => void onExport('svg')}>
            <FileCode2 aria-hidden="true" />
            {t('toolbar.exportSvg')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

/** An icon with its name beside it on wide screens; the name as a tooltip where only the icon fits. */
function ToolbarButton({ label, testId, onClick, children }: { label: string; testId: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip content={label}>
      <Button variant="outline" size="sm" className="h-10 min-w-10 px-2.5 xl:px-3" aria-label={label} data-testid={testId} onClick={onClick}>
        {children}
        <span className="hidden xl:inline">{label}</span>
      </Button>
    </Tooltip>
  );
}
