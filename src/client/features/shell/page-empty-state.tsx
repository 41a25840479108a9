import { Link } from '@tanstack/react-router';
import {
  ArrowLeft,
  Compass,
  FileText,
  GraduationCap,
  Layers,
  Link2,
  Lock,
  MessageCircle,
  Network,
  NotebookPen,
  Upload,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { PageIllustration, type IllustrationTone } from './page-illustration';
import { useDocumentTitle } from '../../lib/use-document-title';

export type EmptyStatePage =
  | 'upload'
  | 'summary'
  | 'mindmap'
  | 'learn'
  | 'lesson'
  | 'chat'
  | 'decks'
  | 'courses'
  | 'space'
  | 'admin';

/** Pages that need an open file point back to the dashboard, where files will be chosen. */
const PAGE_LOOKS: Record<EmptyStatePage, { icon: LucideIcon; tone: IllustrationTone; backToDashboard?: boolean }> = {
  upload: { icon: Upload, tone: 'primary', backToDashboard: true },
  summary: { icon: FileText, tone: 'primary', backToDashboard: true },
  mindmap: { icon: Network, tone: 'primary', backToDashboard: true },
  learn: { icon: GraduationCap, tone: 'primary', backToDashboard: true },
  lesson: { icon: NotebookPen, tone: 'primary', backToDashboard: true },
  chat: { icon: MessageCircle, tone: 'primary', backToDashboard: true },
  decks: { icon: Layers, tone: 'primary', backToDashboard: true },
  courses: { icon: Compass, tone: 'primary' },
  space: { icon: Link2, tone: 'primary', backToDashboard: true },
  admin: { icon: Lock, tone: 'muted' },
};

/**
 * The honest placeholder of a page whose feature ships in a later update: what the page will hold and what the
 * student can do meanwhile. No sample data, so nothing on screen pretends to be theirs.
 */
export function PageEmptyState({ page }: { page: EmptyStatePage }) {
  const { t } = useTranslation('pages');
  const look = PAGE_LOOKS[page];
  const title = t(`${page}.title`);
  useDocumentTitle(title);
  return (
    <section aria-labelledby="page-title" data-testid={`page-${page}`} className="mx-auto flex max-w-xl flex-col items-center px-6 py-14 text-center md:py-24">
      <PageIllustration icon={look.icon} tone={look.tone} />
      <h1 id="page-title" className="mt-8 text-2xl font-extrabold tracking-tight text-balance md:text-3xl">
        {title}
      </h1>
      <p className="mt-3 max-w-md text-base leading-relaxed text-balance text-muted-foreground">{t(`${page}.description`)}</p>
      {look.backToDashboard && (
        <Button asChild variant="outline" className="mt-8">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            {t('backToDashboard')}
          </Link>
        </Button>
      )}
    </section>
  );
}
