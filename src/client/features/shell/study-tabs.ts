import { useRouterState, useSearch } from '@tanstack/react-router';
import { FileText, GraduationCap, Layers, MessageCircle, Network, type LucideIcon } from 'lucide-react';
import { studyAddress } from '../../lib/search';
import { activeStudyTab, STUDY_TAB_PATHS, type StudyTabId } from './route-visibility';

const TAB_ICONS: Record<StudyTabId, LucideIcon> = {
  summary: FileText,
  mindmap: Network,
  chat: MessageCircle,
  decks: Layers,
  learn: GraduationCap,
};

export interface StudyTabLink {
  id: StudyTabId;
  to: (typeof STUDY_TAB_PATHS)[StudyTabId];
  search: ReturnType<typeof studyAddress>;
  icon: LucideIcon;
  active: boolean;
}

/** The study tabs in the given order, each carrying the file of the current page (?id=, or a shared course's ?uuid=&id=). */
export function useStudyTabLinks(order: readonly StudyTabId[]): StudyTabLink[] {
  const search = useSearch({ strict: false });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const shared = studyAddress({ uuid: search.uuid, id: search.id });
  const active = activeStudyTab(pathname);
  return order.map((id) => ({ id, to: STUDY_TAB_PATHS[id], search: shared, icon: TAB_ICONS[id], active: active === id }));
}
