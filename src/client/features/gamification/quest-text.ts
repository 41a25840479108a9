import type { TFunction } from 'i18next';
import { Layers, MessageCircle, Target, Trophy, type LucideIcon } from 'lucide-react';
import type { DailyQuestKind } from '../../../shared/gamification';

/** What a quest asks, in words: "Answer 1 challenge", "Review 10 flashcards", "Earn 250 XP". */
export function questTitle(kind: DailyQuestKind | 'milestone', target: number, t: TFunction): string {
  return t(`gamification:quests.kind.${kind}`, { count: target });
}

export const QUEST_ICONS: Record<DailyQuestKind | 'milestone', LucideIcon> = {
  challenges: Target,
  flashcards: Layers,
  messages: MessageCircle,
  milestone: Trophy,
};

/** Icon chip colours per quest kind. */
export const QUEST_TONES: Record<DailyQuestKind | 'milestone', string> = {
  challenges: 'bg-primary/12 text-primary',
  flashcards: 'bg-sky-500/12 text-sky-500',
  messages: 'bg-violet-500/12 text-violet-500',
  milestone: 'bg-star/15 text-star',
};
