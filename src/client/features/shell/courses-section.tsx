import { FolderPlus, Plus, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './collapsible-section';
import { UnavailableAction } from './unavailable-action';

/**
 * The Courses section of spec §2. Creating courses and uploading files ship with the courses update, so the actions
 * are shown, unavailable with the reason, above an honest empty state.
 */
export function CoursesSection() {
  const { t } = useTranslation('shell');
  return (
    <section aria-labelledby="sidebar-courses-heading" className="flex flex-col gap-1">
      <SectionHeading
        id="sidebar-courses-heading"
        title={t('courses.title')}
        action={
          <div className="flex items-center">
            <UnavailableAction icon={Upload} label={t('courses.upload')} reason={t('courses.uploadLater')} testId="sidebar-upload" />
            <UnavailableAction icon={Plus} label={t('courses.add')} reason={t('courses.addLater')} testId="sidebar-add-course" />
          </div>
        }
      />
      <div className="mx-2 flex items-start gap-3 rounded-xl border border-dashed border-border px-3 py-3">
        <FolderPlus aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex flex-col gap-0.5">
          <p className="text-sm font-semibold">{t('courses.emptyTitle')}</p>
          <p className="text-xs leading-relaxed text-muted-foreground">{t('courses.emptyBody')}</p>
        </div>
      </div>
    </section>
  );
}
