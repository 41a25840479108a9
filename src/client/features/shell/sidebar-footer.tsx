import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Crown, LogIn, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { planFooterAction } from '../../../shared/billing';
import { PLANS } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import type { SessionData } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { UserMenu } from './user-menu';

/** Spec §2 footer: the plan with Upgrade or Manage and the user menu; a Sign In link for visitors. */
export function SidebarFooter({ session, sessionPending }: { session: SessionData | null | undefined; sessionPending: boolean }) {
  if (sessionPending) {
    return (
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-13 rounded-xl" />
        <Skeleton className="h-13 rounded-xl" />
      </div>
    );
  }
  return <div className="flex flex-col gap-2 p-3">{session ? <SignedInFooter user={session.user} /> : <SignInPrompt />}</div>;
}

function SignedInFooter({ user }: { user: SessionData['user'] }) {
  return (
    <>
      <PlanCard />
      <UserMenu user={user} />
    </>
  );
}

function PlanCard() {
  const { t } = useTranslation('shell');
  const trpc = useTRPC();
  const billing = useQuery(trpc.user.getUserBillingInfo.queryOptions());
  if (billing.isPending) return <Skeleton className="h-13 rounded-xl" />;
  if (!billing.data) return null;

  const upgrade = planFooterAction(billing.data) === 'upgrade';
  const PlanIcon = upgrade ? Sparkles : Crown;
  return (
    <div className="flex items-center gap-2.5 rounded-xl border border-border bg-card py-2 pr-2 pl-2.5 shadow-xs">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-points/15">
        <PlanIcon aria-hidden="true" className="size-4 text-star" />
      </span>
      <span data-testid="plan-label" className="min-w-0 flex-1 truncate text-sm font-semibold">
        {t('plan.label', { plan: PLANS[billing.data.plan].name })}
      </span>
      {upgrade ? (
        <Button asChild size="sm" className="h-8 px-3">
          <Link to="/settings" search={{ mode: 'plans' }} data-testid="plan-upgrade">
            {t('plan.upgrade')}
          </Link>
        </Button>
      ) : (
        <Button asChild size="sm" variant="outline" className="h-8 px-3">
          <Link to="/settings" search={{ mode: 'billing' }} data-testid="plan-manage">
            {t('plan.manage')}
          </Link>
        </Button>
      )}
    </div>
  );
}

function SignInPrompt() {
  const { t } = useTranslation('shell');
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-3">
      <p className="text-sm text-muted-foreground">{t('signIn.prompt')}</p>
      <Button asChild>
        <Link to="/auth" data-testid="sign-in-link">
          <LogIn aria-hidden="true" />
          {t('signIn.link')}
        </Link>
      </Button>
    </div>
  );
}
