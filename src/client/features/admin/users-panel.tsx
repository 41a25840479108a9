import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Search, SearchX, Users, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANS } from '../../../shared/plans';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { sessionQueryOptions } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { type AdminUser, SEARCH_DEBOUNCE_MS } from './admin-data';
import { formatDate, pageRange } from './admin-format';
import { AdminCard, LoadFailed, PanelMessage, PlanBadge } from './admin-parts';
import { ChangePlanMenu } from './change-plan-menu';

/** `value`, once it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The users table: search, pages of 20, plan and usage per user, and the plan change. */
export function UsersPanel() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const users = useQuery({
    ...trpc.admin.listUsers.queryOptions({ search: search || undefined, page }),
    placeholderData: keepPreviousData,
  });
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  function changeSearch(value: string) {
    setTyped(value);
    setPage(1);
  }

  return (
    <div className="flex flex-col gap-4" aria-busy={users.isPending || undefined}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <label htmlFor={searchId} className="sr-only">
            {t('users.searchLabel')}
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={searchId}
            type="search"
            value={typed}
            onChange={(event) => changeSearch(event.target.value)}
            placeholder={t('users.searchPlaceholder')}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            data-testid="admin-user-search"
            className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
          />
          {typed && (
            <button
              type="button"
              onClick={() => changeSearch('')}
              aria-label={t('users.clearSearch')}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
        {data && (
          <p className="text-sm font-semibold text-muted-foreground" data-testid="admin-user-count">
            {t('users.count', { count: data.total })}
          </p>
        )}
      </div>

      {users.isPending ? (
        <UsersSkeleton />
      ) : !data ? (
        <LoadFailed testId="admin-users-load-failed" onRetry={() => void users.refetch()} />
      ) : data.users.length === 0 ? (
        search ? (
          <PanelMessage icon={SearchX} testId="admin-users-empty" title={t('users.noMatches', { search })} description={t('users.noMatchesHint')} />
        ) : (
          <PanelMessage icon={Users} testId="admin-users-empty" title={t('users.empty')} />
        )
      ) : (
        <div className={cn('flex flex-col gap-4 transition-opacity', users.isPlaceholderData && 'opacity-60')}>
          <UsersTable users={data.users} />
          <UserCards users={data.users} />
          <Pager page={data.page} pages={pages} {...pageRange(data.page, data.pageSize, data.total)} total={data.total} onPage={setPage} />
        </div>
      )}
    </div>
  );
}

function useIsMe() {
  const myId = useQuery(sessionQueryOptions).data?.user.id;
  return (user: AdminUser) => user.id === myId;
}

function Who({ user, isMe }: { user: AdminUser; isMe: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} image={user.image} />
      <div className="min-w-0">
        <p className="flex min-w-0 items-baseline gap-2">
          <span className="truncate font-semibold">{user.name}</span>
          {user.username && <span className="truncate text-xs text-muted-foreground">{t('users.handle', { username: user.username })}</span>}
          {isMe && <span className="shrink-0 self-center rounded-full bg-muted px-2 text-xs font-semibold text-muted-foreground">{t('users.you')}</span>}
        </p>
        <p className="truncate text-sm text-muted-foreground">{user.email}</p>
      </div>
    </div>
  );
}

/** "2 / 3" with a thin bar of how much of the plan's allowance is used. */
function Usage({ used, limit, label }: { used: number; limit: number; label: string }) {
  const { t } = useTranslation('admin');
  const share = limit > 0 ? Math.min(1, used / limit) : 0;
  return (
    <div className="flex min-w-24 flex-col gap-1">
      <span className="text-sm tabular-nums">
        <span className="font-semibold">{t('users.ofLimit', { used, limit })}</span>
      </span>
      <span
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        className="h-1.5 w-full max-w-28 overflow-hidden rounded-full bg-muted"
      >
        <span
          className={cn('block h-full rounded-full', share >= 1 ? 'bg-destructive' : share >= 0.8 ? 'bg-amber-500' : 'bg-primary')}
          style={{ width: `${Math.max(share * 100, used > 0 ? 4 : 0)}%` }}
        />
      </span>
    </div>
  );
}

function UsersTable({ users }: { users: AdminUser[] }) {
  const { t, i18n } = useTranslation('admin');
  const isMe = useIsMe();
  const head = 'px-4 py-3 text-left text-xs font-bold tracking-wide text-muted-foreground uppercase';
  return (
    <AdminCard className="hidden overflow-x-auto md:block">
      <table className="w-full text-sm" data-testid="admin-users-table">
        <thead className="border-b border-border">
          <tr>
            <th scope="col" className={head}>
              {t('users.columns.user')}
            </th>
            <th scope="col" className={head}>
              {t('users.columns.plan')}
            </th>
            <th scope="col" className={head}>
              {t('users.columns.joined')}
            </th>
            <th scope="col" className={head}>
              {t('users.columns.uploads')}
            </th>
            <th scope="col" className={head}>
              {t('users.columns.chat')}
            </th>
            <th scope="col" className={head}>
              {t('users.columns.content')}
            </th>
            <th scope="col" className={head}>
              <span className="sr-only">{t('plan.change')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((user) => (
            <tr key={user.id} data-testid="admin-user-row" data-email={user.email} className="align-middle transition-colors hover:bg-muted/40">
              <td className="max-w-96 px-4 py-3">
                <Who user={user} isMe={isMe(user)} />
              </td>
              <td className="px-4 py-3" data-testid="admin-user-plan">
                <PlanBadge plan={user.plan} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">{formatDate(user.createdAt, i18n.language)}</td>
              <td className="px-4 py-3">
                <Usage used={user.uploadsThisMonth} limit={PLANS[user.plan].fileUploadsPerMonth} label={t('users.columns.uploads')} />
              </td>
              <td className="px-4 py-3">
                <Usage used={user.chatMessagesToday} limit={PLANS[user.plan].chatMessagesPerDay} label={t('users.columns.chat')} />
              </td>
              <td className="px-4 py-3 font-semibold whitespace-nowrap tabular-nums">
                {t('users.filesCourses', { files: user.files, courses: user.courses })}
              </td>
              <td className="px-4 py-3 text-right">
                <ChangePlanMenu user={user} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminCard>
  );
}

/** Below the medium breakpoint each user is a card: a table would need sideways scrolling on a phone. */
function UserCards({ users }: { users: AdminUser[] }) {
  const { t, i18n } = useTranslation('admin');
  const isMe = useIsMe();
  return (
    <ul className="flex flex-col gap-3 md:hidden" data-testid="admin-user-cards">
      {users.map((user) => (
        <li key={user.id} data-testid="admin-user-card" data-email={user.email}>
          <AdminCard className="flex flex-col gap-4 p-4">
            <div className="flex items-start justify-between gap-3">
              <Who user={user} isMe={isMe(user)} />
              <PlanBadge plan={user.plan} className="mt-1 shrink-0" />
            </div>
            <dl className="grid grid-cols-3 gap-3 rounded-xl bg-muted/50 p-3">
              <div className="flex flex-col gap-1">
                <dt className="text-xs font-semibold text-muted-foreground">{t('users.uploadsShort')}</dt>
                <dd>
                  <Usage used={user.uploadsThisMonth} limit={PLANS[user.plan].fileUploadsPerMonth} label={t('users.columns.uploads')} />
                </dd>
              </div>
              <div className="flex flex-col gap-1">
                <dt className="text-xs font-semibold text-muted-foreground">{t('users.chatShort')}</dt>
                <dd>
                  <Usage used={user.chatMessagesToday} limit={PLANS[user.plan].chatMessagesPerDay} label={t('users.columns.chat')} />
                </dd>
              </div>
              <div className="flex flex-col gap-1">
                <dt className="text-xs font-semibold text-muted-foreground">{t('users.contentShort')}</dt>
                <dd className="text-sm font-semibold tabular-nums">{t('users.filesCourses', { files: user.files, courses: user.courses })}</dd>
              </div>
            </dl>
            <div className="flex items-center justify-between gap-3">
              <p className="text-xs text-muted-foreground">{t('users.joinedOn', { date: formatDate(user.createdAt, i18n.language) })}</p>
              <ChangePlanMenu user={user} />
            </div>
          </AdminCard>
        </li>
      ))}
    </ul>
  );
}

function Pager({
  page,
  pages,
  from,
  to,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  from: number;
  to: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('users.pagination')} className="flex items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground tabular-nums" data-testid="admin-user-range">
        {t('users.range', { from, to, total })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="icon" aria-label={t('users.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="admin-users-previous">
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" size="icon" aria-label={t('users.next')} disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="admin-users-next">
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

function UsersSkeleton() {
  return (
    <AdminCard className="flex flex-col divide-y divide-border">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="flex items-center gap-3 p-4">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="hidden h-5 w-16 rounded-full sm:block" />
        </div>
      ))}
    </AdminCard>
  );
}
