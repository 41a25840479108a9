import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { typedTextCode } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { courseNameMatches } from './course-list';
import { useDeleteCourse } from './use-course-actions';

interface CourseRef {
  id: string;
  name: string;
}

/** Deleting a course needs its exact name typed (spec §5); `course` null means closed. */
export function DeleteCourseDialog({ course, onClose }: { course: CourseRef | null; onClose: () => void }) {
  const { t } = useTranslation('courses');
  return (
    <Dialog open={course !== null} onOpenChange={(open) => open || onClose()}>
      <DialogContent data-testid="delete-course-dialog">
        <DialogHeader className="flex-row items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-destructive/12 text-destructive">
            <TriangleAlert aria-hidden="true" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col gap-1.5">
            <DialogTitle>{t('deleteCourse.title')}</DialogTitle>
            <DialogDescription className="break-words">{t('deleteCourse.description', { name: course?.name })}</DialogDescription>
          </div>
        </DialogHeader>
        {course && <DeleteCourseForm course={course} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function DeleteCourseForm({ course, onDone }: { course: CourseRef; onDone: () => void }) {
  const { t } = useTranslation('courses');
  const inputId = useId();
  const [typed, setTyped] = useState('');
  // The mismatch message waits until the student tries to confirm or leaves the field, not at every keystroke.
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const deleteCourse = useDeleteCourse();
  const matches = courseNameMatches(course.name, typed);
  const showMismatch = attempted && typed.trim() !== '' && !matches;

  async function submit() {
    setAttempted(true);
    if (!matches || pending) return;
    setPending(true);
    // The dialog closes at once: the course has already left the list, and a failure restores it with a toast.
    onDone();
    await deleteCourse(course.id).catch(() => undefined);
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-medium break-words">
          <Trans
            t={t}
            i18nKey="deleteCourse.typeLabel"
            values={{ name: course.name }}
            components={{ code: typedTextCode }}
          />
        </label>
        <Input
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => setAttempted(true)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={showMismatch}
          aria-describedby={showMismatch ? `${inputId}-error` : undefined}
          data-testid="delete-course-input"
        />
        {showMismatch && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive" data-testid="delete-course-mismatch">
            {t('deleteCourse.mismatch')}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="submit" variant="destructive" disabled={!matches || pending} data-testid="delete-course-submit">
          {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {t('deleteCourse.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
