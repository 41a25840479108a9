import { Keyboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/ui/tooltip';

/** The id of the keys' summary, which the drawn tree names as its description. */
export const KEYS_SUMMARY_ID = 'mindmap-keys';

/**
 * How to use the map: a summary of its keys for screen readers (the tree's description) and, on wide screens with a
 * mouse, a keyboard button in the canvas's bottom-left corner listing the keys in its tooltip, beside a hint for pointer
 * users.
 */
export function MapKeyHelp() {
  const { t } = useTranslation('mindmap');
  return (
    <>
      <p id={KEYS_SUMMARY_ID} className="sr-only">
        {t('keys.summary')}
      </p>

      {/* Keys, a mouse's scroll and clicks: none of it is how a touch screen is used, so it is not shown there. */}
      <div className="pointer-events-none absolute bottom-3 left-4 hidden items-center gap-2 md:flex touch:hidden!" data-testid="mindmap-key-help">
        <Tooltip content={<KeyList />} side="top">
          <button
            type="button"
            className="pointer-events-auto flex size-9 items-center justify-center rounded-lg border border-border bg-card/90 text-muted-foreground shadow-sm backdrop-blur hover:text-foreground"
            aria-label={t('toolbar.keyboard')}
          >
            <Keyboard aria-hidden="true" className="size-4" />
          </button>
        </Tooltip>
        <p className="rounded-md bg-background/80 px-2 py-1 text-xs text-muted-foreground backdrop-blur">{t('map.hint')}</p>
      </div>
    </>
  );
}

function KeyList() {
  const { t } = useTranslation('mindmap');
  const rows = ['arrows', 'enter', 'details', 'zoom', 'fit', 'escape'] as const;
  return (
    <div className="py-0.5">
      <p className="mb-1 font-semibold">{t('toolbar.keyboard')}</p>
      <ul className="space-y-0.5">
        {rows.map((row) => (
          <li key={row}>{t(`keys.${row}`)}</li>
        ))}
      </ul>
    </div>
  );
}
