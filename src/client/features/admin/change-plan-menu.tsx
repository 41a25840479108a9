import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PLAN_SLUGS, PLANS, type PlanSlug } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import type { AdminUser } from './admin-data';
import { PlanBadge } from './admin-parts';

/**
 * "Change plan": pick a plan from the menu, then confirm. The plan is set in StudyPath only (admin.setUserPlan); the
 * dialog says that a Stripe subscription stays as it is.
 */
export function ChangePlanMenu({ user, className }: { user: AdminUser; className?: string }) {
  const { t } = useTranslation(['admin', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<PlanSlug | null>(null);
  const change = useMutation(trpc.admin.setUserPlan.mutationOptions());

  async function confirm(plan: PlanSlug) {
    try {
      await change.mutateAsync({ userId: user.id, plan });
    } catch (error) {
      toast.error(errorMessage(error, t, t('plan.failed')));
      throw error;
    }
    toast.success(t('plan.changed', { name: user.name, plan: PLANS[plan].name }));
    // The list shows the new plan; when admins change their own plan, the sidebar's plan label follows.
    await Promise.all([
      queryClient.invalidateQueries(trpc.admin.listUsers.pathFilter()),
      queryClient.invalidateQueries(trpc.user.getUserBillingInfo.pathFilter()),
      queryClient.invalidateQueries(trpc.gamification.getProgress.pathFilter()),
    ]);
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className={className} aria-label={t('plan.changeFor', { name: user.name })} data-testid="admin-change-plan">
            {t('plan.change')}
            <ChevronDown aria-hidden="true" className="text-muted-foreground" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-52">
          <DropdownMenuLabel>{t('plan.changeFor', { name: user.name })}</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={user.plan} onValueChange={(value) => setChosen(PLAN_SLUGS.find((slug) => slug === value) ?? null)}>
            {PLAN_SLUGS.map((slug) => (
              <DropdownMenuRadioItem key={slug} value={slug} disabled={slug === user.plan} data-testid={`admin-plan-option-${slug}`}>
                <PlanBadge plan={slug} />
                {slug === user.plan && <span className="ml-auto text-xs text-muted-foreground">{t('plan.current')}</span>}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(open) => !open && setChosen(null)}
        severity="medium"
        title={chosen ? t('plan.confirmTitle', { name: user.name, plan: PLANS[chosen].name }) : ''}
        description={
          chosen ? (
            <span className="flex flex-col gap-3">
              <span>{t('plan.confirmDescription', { name: user.name, from: PLANS[user.plan].name, plan: PLANS[chosen].name })}</span>
              <span data-testid="admin-stripe-note" className="flex gap-2 rounded-lg bg-muted px-3 py-2 text-foreground">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span>{t('plan.stripeNote')}</span>
              </span>
            </span>
          ) : (
            ''
          )
        }
        confirmLabel={chosen ? t('plan.confirm', { plan: PLANS[chosen].name }) : undefined}
        onConfirm={() => (chosen ? confirm(chosen) : undefined)}
      />
    </>
  );
}
