import {
  BookOpenText,
  Check,
  CloudUpload,
  Heart,
  Layers,
  type LucideIcon,
  MessagesSquare,
  Network,
  Route,
  Sparkles,
  Star,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { LandingSection } from './landing-section';

interface Tool {
  key: 'exams' | 'summary' | 'mindmap' | 'chat' | 'flashcards';
  Icon: LucideIcon;
  tone: string;
}

/** The learn path leads because it is what makes StudyPath different; the others follow the study tabs' order. */
const TOOLS: Tool[] = [
  { key: 'exams', Icon: Route, tone: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300' },
  { key: 'summary', Icon: BookOpenText, tone: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300' },
  { key: 'mindmap', Icon: Network, tone: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300' },
  { key: 'chat', Icon: MessagesSquare, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  { key: 'flashcards', Icon: Layers, tone: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300' },
];

const STEPS = [
  { key: 'upload', Icon: CloudUpload },
  { key: 'generate', Icon: Sparkles },
  { key: 'study', Icon: Star },
] as const;

export function ToolsSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection id="tools" eyebrow={t('tools.eyebrow')} title={t('tools.title')} lead={t('tools.lead')}>
      <ol className="mt-14 grid gap-4 md:grid-cols-3">
        {STEPS.map(({ key, Icon }, index) => (
          <li key={key} className="flex gap-4 rounded-2xl border border-dashed border-border p-5">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary text-base font-extrabold text-primary-foreground">
              {index + 1}
            </span>
            <div>
              <h3 className="flex items-center gap-2 font-bold">
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {t(`tools.steps.${key}.title`)}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(`tools.steps.${key}.description`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {TOOLS.map((tool, index) => (
          <ToolCard key={tool.key} tool={tool} featured={index === 0} />
        ))}
      </ul>
    </LandingSection>
  );
}

function ToolCard({ tool: { key, Icon, tone }, featured }: { tool: Tool; featured: boolean }) {
  const { t } = useTranslation('landing');
  const points = t(`tools.items.${key}.points`, { returnObjects: true }) as string[];
  return (
    <li
      className={cn(
        'group flex flex-col rounded-3xl border border-border bg-card p-6 shadow-sm transition-shadow hover:shadow-md sm:p-7',
        featured && 'md:col-span-2 lg:row-span-1',
      )}
    >
      <div className={cn('flex flex-1 flex-col', featured && 'lg:flex-row lg:items-center lg:gap-8')}>
        <div className="flex-1">
          <span className={cn('grid size-12 place-items-center rounded-2xl', tone)}>
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h3 className="mt-5 text-xl font-bold">{t(`tools.items.${key}.title`)}</h3>
          <p className="mt-2 text-pretty text-muted-foreground">{t(`tools.items.${key}.description`)}</p>
          <ul className="mt-5 flex flex-wrap gap-2">
            {points.map((point) => (
              <li key={point} className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-xs font-semibold">
                <Check aria-hidden="true" className="size-3.5 text-primary" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        {featured ? <LessonPreview /> : null}
      </div>
    </li>
  );
}

/** A challenge as the learn path shows it, to make "exam as a game" concrete. */
function LessonPreview() {
  const { t } = useTranslation('landing');
  const options = t('tools.preview.options', { returnObjects: true }) as string[];
  return (
    <div aria-hidden="true" className="mt-6 w-full rounded-2xl border border-border bg-background p-4 lg:mt-0 lg:max-w-xs">
      <div className="flex items-center gap-2">
        <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-muted">
          <span className="block h-full w-3/5 rounded-full bg-primary" />
        </span>
        <span className="flex items-center gap-1 text-sm font-bold text-heart">
          <Heart className="size-4" fill="currentColor" />
          {4}
        </span>
      </div>
      <p className="mt-4 text-sm font-bold">{t('tools.preview.question')}</p>
      <ul className="mt-3 grid gap-2 text-sm">
        {options.map((option, index) => (
          <li
            key={option}
            className={cn(
              'rounded-xl border-2 border-b-4 px-3 py-2 font-medium',
              index === 1 ? 'border-primary bg-accent text-accent-foreground' : 'border-border',
            )}
          >
            {option}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">{t('tools.preview.source', { page: 23 })}</p>
    </div>
  );
}
