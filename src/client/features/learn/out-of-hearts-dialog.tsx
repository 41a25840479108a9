import { Link } from '@tanstack/react-router';
import { HeartCrack, ShoppingBag, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { openUpgradeModal } from '../../lib/upgrade-modal';

/** Out of hearts, the lesson stops: hearts from the shop, unlimited hearts with a plan (the upgrade modal), or back to the path. */
export function OutOfHeartsDialog({ open, onLeave }: { open: boolean; onLeave: () => void }) {
  const { t } = useTranslation('learn');
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onLeave()}>
      <DialogContent hideClose className="max-w-md text-center" data-testid="out-of-hearts">
        <span aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-heart/15 text-heart">
          <HeartCrack className="size-8" />
        </span>
        <DialogHeader className="items-center pr-0 text-center">
          <DialogTitle className="text-xl">{t('hearts.title')}</DialogTitle>
          <DialogDescription>{t('hearts.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Button size="lg" onClick={() => openUpgradeModal('hearts')} data-testid="out-of-hearts-upgrade">
            <Sparkles aria-hidden="true" />
            {t('hearts.upgrade')}
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to="/shop" data-testid="out-of-hearts-shop">
              <ShoppingBag aria-hidden="true" />
              {t('hearts.shop')}
            </Link>
          </Button>
        </div>
        <DialogFooter className="sm:justify-center">
          <Button variant="ghost" onClick={onLeave} data-testid="out-of-hearts-leave">
            {t('hearts.leave')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
