import { Link } from '@tanstack/react-router';
import { Flame, Store, Target, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CollapsibleSection } from './collapsible-section';
import { sidebarLinkClass } from './sidebar-styles';

type GamificationPage = 'leaderboard' | 'quests' | 'streaks' | 'shop';

const GAMIFICATION_LINKS: readonly { page: GamificationPage; icon: LucideIcon; iconClass: string }[] = [
  { page: 'leaderboard', icon: Trophy, iconClass: 'text-points' },
  { page: 'quests', icon: Target, iconClass: 'text-primary' },
  { page: 'streaks', icon: Flame, iconClass: 'text-streak' },
  { page: 'shop', icon: Store, iconClass: 'text-heart' },
];

export function GamificationSection() {
  const { t } = useTranslation('shell');
  return (
    <CollapsibleSection id="gamification" title={t('gamification.title')}>
      <ul className="flex flex-col gap-0.5 px-2">
        {GAMIFICATION_LINKS.map(({ page, icon: Icon, iconClass }) => (
          <li key={page}>
            <Link to={`/${page}`} className={sidebarLinkClass}>
              <Icon aria-hidden="true" className={iconClass} />
              {t(`gamification.${page}`)}
            </Link>
          </li>
        ))}
      </ul>
    </CollapsibleSection>
  );
}
