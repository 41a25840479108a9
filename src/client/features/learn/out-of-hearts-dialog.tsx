import { Link } from '@tanstack/react-router';
import { Dumbbell, HeartCrack, ShoppingBag, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PathLesson } from '../../../shared/learn';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { openUpgradeModal } from '../../lib/upgrade-modal';
import type { SharedContext } from './learn-data';

/**
 * Out of hearts, no new lesson starts and a running one stops. Three ways on, as on Duolingo: practise a finished
 * lesson (practice costs no hearts and earns one back), refill the hearts in the shop, or a plan with unlimited hearts
 * (the upgrade modal). `practice` is the lesson to practise, when a loaded path has one; `leaveLabel` names where
 * closing goes (back to the path from a lesson, or staying on the path).
 */
export function OutOfHeartsDialog({
  open,
  onLeave,
  practice,
  context,
  leaveLabel = 'leave',
}: {
  open: boolean;
  onLeave: () => void;
  practice: PathLesson | null;
  context: SharedContext;
  leaveLabel?: 'leave' | 'close';
}) {
  const { t } = useTranslation('learn');
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onLeave()}>
      <DialogContent hideClose className="max-w-md grid-cols-1 text-center" data-testid="out-of-hearts">
        <span aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-heart/15 text-heart">
          <HeartCrack className="size-8" />
        </span>
        <DialogHeader className="items-center pr-0 text-center">
          <DialogTitle className="text-xl">{t('hearts.title')}</DialogTitle>
          <DialogDescription>{t('hearts.description')}</DialogDescription>
        </DialogHeader>
        {/* One column that never grows past the dialog: a long lesson title is cut short, not spilled. */}
        <div className="grid grid-cols-1 gap-2">
          {practice && (
            <Button size="lg" asChild>
              <Link to="/lesson/$" params={{ _splat: practice.id }} search={context} className="min-w-0" title={t('hearts.practice', { title: practice.title })} data-testid="out-of-hearts-practice">
                <Dumbbell aria-hidden="true" />
                <span className="min-w-0 truncate">{t('hearts.practice', { title: practice.title })}</span>
              </Link>
            </Button>
          )}
          <Button size="lg" variant={practice ? 'outline' : 'primary'} asChild>
            <Link to="/shop" data-testid="out-of-hearts-shop">
              <ShoppingBag aria-hidden="true" />
              {t('hearts.shop')}
            </Link>
          </Button>
          <Button size="lg" variant="outline" onClick={() => openUpgradeModal('hearts')} data-testid="out-of-hearts-upgrade">
            <Sparkles aria-hidden="true" />
            {t('hearts.upgrade')}
          </Button>
        </div>
        <DialogFooter className="sm:justify-center">
          <Button variant="ghost" onClick={onLeave} data-testid="out-of-hearts-leave">
            {t(`hearts.${leaveLabel}`)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
