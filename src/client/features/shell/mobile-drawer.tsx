import { Dialog } from 'radix-ui';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The sidebar as an off-canvas drawer below the large breakpoint. Following any link inside closes it, including
 * items of menus opened from it (React events bubble through their portals).
 */
export function MobileDrawer({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) onOpenChange(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/45 transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="mobile-drawer"
          onClick={closeOnLink}
          className="fixed inset-y-0 left-0 z-50 w-[86vw] max-w-80 bg-sidebar shadow-2xl transition-transform duration-200 ease-out focus:outline-none starting:-translate-x-full"
        >
          <Dialog.Title className="sr-only">{t('nav.menu')}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
