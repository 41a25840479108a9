import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Plus, Save, Sparkles, Tag, X } from 'lucide-react';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { COURSE_SUBJECTS, SHARING_LIMITS, type CourseSubjectFilter, type SpaceContent } from '../../../shared/sharing';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { sessionQueryOptions } from '../../lib/session';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { SectionTitle } from './section-title';
import { scrollingBody, tabPanel } from './share-dialog-layout';
import { useSpacesMutation } from '../../lib/spaces';
import { SUBJECT_ICONS, subjectKey } from './subjects';
import { useChunkedText } from './use-chunked-text';

const isSubject = (tag: string): tag is CourseSubjectFilter => (COURSE_SUBJECTS as readonly string[]).includes(tag);
const sameTag = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The description and tags being edited, kept by the dialog so that a generation started by the Share flow keeps
 * streaming while another tab is open. `generate` asks the server and appends the description chunk by chunk (spec §4),
 * then says so in one toast ('Description generated successfully!', with 'Tags generated successfully!' under it).
 */
export function useCourseDetailsDraft(space: SpaceContent | undefined) {
  const { t } = useTranslation(['sharing', 'errors']);
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  const [draft, setDraft] = useState<{ description: string; tags: string[] } | null>(null);
  const generation = useSpacesMutation('generateDescriptionAndTags');
  const setDescription = useCallback((description: string) => setDraft((current) => ({ tags: current?.tags ?? space?.tags ?? [], description })), [space?.tags]);
  const chunks = useChunkedText(setDescription);
  const running = useRef(false);

  const generate = useCallback(
    async (onlyDescription = false) => {
      if (!space || !userId || running.current) return;
      running.current = true;
      try {
        const result = await generation.mutateAsync({ spaceId: space.id, userId, onlyDescription });
        setDescription('');
        await chunks.play(result.chunks);
        const tags = onlyDescription ? [] : result.tags.slice(0, SHARING_LIMITS.maxTags);
        if (tags.length > 0) setDraft((current) => ({ description: current?.description ?? '', tags }));
        // One generation is one save on the server, so one toast tells of it: the tags in the description's toast.
        toast.success(t('toast.descriptionGenerated'), tags.length > 0 ? { description: t('toast.tagsGenerated') } : undefined);
      } catch (error) {
        toast.error(errorMessage(error, t, t('toast.generateFailed')));
      } finally {
        running.current = false;
      }
    },
    [space, userId, generation, chunks, setDescription, t],
  );

  return {
    description: draft?.description ?? space?.description ?? '',
    tags: draft?.tags ?? space?.tags ?? [],
    // Generated text is stored by the server, so a draft that matches the space again has nothing to save.
    dirty: draft !== null && (draft.description !== (space?.description ?? '') || draft.tags.join('\n') !== (space?.tags ?? []).join('\n')),
    setDescription,
    setTags: (tags: string[]) => setDraft((current) => ({ description: current?.description ?? space?.description ?? '', tags })),
    reset: () => setDraft(null),
    generate,
    generating: generation.isPending || chunks.playing,
    canGenerate: Boolean(userId),
  };
}
export type CourseDetailsDraft = ReturnType<typeof useCourseDetailsDraft>;

/** Spec §2 "Course Details": the owner edits description and tags; everyone else reads them. */
export function CourseDetailsTab({ space, draft }: { space: SpaceContent; draft: CourseDetailsDraft }) {
  if (!space.isOwner) return <ReadOnlyDetails space={space} />;
  return <EditableDetails space={space} draft={draft} />;
}

function ReadOnlyDetails({ space }: { space: SpaceContent }) {
  const { t } = useTranslation(['sharing', 'errors']);
  return (
    <div className={cn(scrollingBody, tabPanel, 'flex flex-col gap-5')} data-testid="details-read-only">
      <section className="flex flex-col gap-2">
        <SectionTitle>{t('details.description')}</SectionTitle>
        <p className="text-sm whitespace-pre-line text-muted-foreground">{space.description || t('details.noDescription')}</p>
      </section>
      <section className="flex flex-col gap-2">
        <SectionTitle>{t('details.tags')}</SectionTitle>
        {space.tags.length === 0 ? <p className="text-sm text-muted-foreground">{t('details.noTags')}</p> : <TagList tags={space.tags} />}
      </section>
    </div>
  );
}

export function TagList({ tags, onRemove }: { tags: readonly string[]; onRemove?: (tag: string) => void }) {
  const { t } = useTranslation(['sharing', 'errors']);
  return (
    <ul className="flex flex-wrap gap-2" data-testid="tag-list">
      {tags.map((tag) => {
        const Icon = isSubject(tag) ? SUBJECT_ICONS[tag] : Tag;
        const label = isSubject(tag) ? t(subjectKey(tag)) : tag;
        return (
          <li key={tag} className="inline-flex items-center gap-1.5 rounded-full bg-primary/10 py-1 pr-1.5 pl-2.5 text-xs font-semibold text-primary-tint-foreground">
            <Icon aria-hidden="true" className="size-3.5" />
            <span className={cn(!onRemove && 'pr-1')}>{label}</span>
            {onRemove && (
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-primary/15"
                aria-label={t('details.removeTag', { tag: label })}
                onClick={() => onRemove(tag)}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function EditableDetails({ space, draft }: { space: SpaceContent; draft: CourseDetailsDraft }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const update = useSpacesMutation('updateSpace');
  const [tagInput, setTagInput] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const descriptionId = useId();
  const tagId = useId();
  const tagErrorId = useId();
  const suggestions = COURSE_SUBJECTS.filter((subject) => !draft.tags.some((tag) => sameTag(tag, subject)));
  const full = draft.tags.length >= SHARING_LIMITS.maxTags;

  function addTag(raw: string) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag) return;
    if (draft.tags.some((existing) => sameTag(existing, tag))) {
      setTagError(t('details.tagExists'));
      return;
    }
    if (full) {
      setTagError(t('details.tooManyTags', { count: SHARING_LIMITS.maxTags }));
      return;
    }
    setTagError(null);
    setTagInput('');
    draft.setTags([...draft.tags, tag]);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      await update.mutateAsync({ id: space.id, uuid: space.uuid, description: draft.description.trim(), tags: draft.tags });
      toast.success(t('toast.detailsUpdated'));
      draft.reset();
    } catch (error) {
      toast.error(errorMessage(error, t, t('toast.detailsFailed')));
    }
  }

  return (
    <form className="flex min-h-0 flex-1 flex-col" onSubmit={(event) => void save(event)} data-testid="details-form">
      <div className={cn(scrollingBody, tabPanel, 'flex flex-col gap-5')} data-testid="details-scroll">
        <section className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-2">
            <label htmlFor={descriptionId} className="text-sm font-semibold">
              {t('details.description')}
            </label>
            <Button type="button" variant="ghost" size="sm" disabled={draft.generating || !draft.canGenerate} onClick={() => void draft.generate()} data-testid="details-regenerate">
              {draft.generating ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Sparkles aria-hidden="true" className="text-points" />}
              {draft.generating ? t('details.generating') : t('details.regenerate')}
            </Button>
          </div>
          <textarea
            id={descriptionId}
            value={draft.description}
            onChange={(event) => draft.setDescription(event.target.value)}
            maxLength={SHARING_LIMITS.descriptionMaxLength}
            rows={5}
            readOnly={draft.generating}
            aria-busy={draft.generating}
            placeholder={t('details.descriptionPlaceholder')}
            className="w-full resize-y rounded-lg border border-input bg-background px-3 py-2 text-sm leading-relaxed placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="details-description"
          />
          <p className="text-right text-xs text-muted-foreground">
            {draft.description.length} / {SHARING_LIMITS.descriptionMaxLength}
          </p>
        </section>
        <section className="flex flex-col gap-2">
          <label htmlFor={tagId} className="text-sm font-semibold">
            {t('details.tags')}
          </label>
          {draft.tags.length > 0 && <TagList tags={draft.tags} onRemove={(tag) => draft.setTags(draft.tags.filter((existing) => existing !== tag))} />}
          <div className="flex gap-2">
            <Input
              id={tagId}
              value={tagInput}
              maxLength={SHARING_LIMITS.tagMaxLength}
              placeholder={t('details.tagPlaceholder')}
              aria-invalid={tagError !== null}
              aria-describedby={tagError ? tagErrorId : undefined}
              data-testid="details-tag-input"
              onChange={(event) => {
                setTagInput(event.target.value);
                setTagError(null);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                addTag(tagInput);
              }}
            />
            <Button type="button" variant="outline" className="shrink-0" disabled={!tagInput.trim()} onClick={() => addTag(tagInput)} data-testid="details-add-tag">
              <Plus aria-hidden="true" />
              {t('details.addTag')}
            </Button>
          </div>
          {tagError && (
            <p id={tagErrorId} role="alert" className="text-sm font-medium text-destructive" data-testid="details-tag-error">
              {tagError}
            </p>
          )}
        </section>
        {suggestions.length > 0 && (
          <section className="flex flex-col gap-2">
            <SectionTitle>{t('details.suggested')}</SectionTitle>
            <ul className="flex flex-wrap gap-1.5" data-testid="details-suggestions">
              {suggestions.map((subject) => {
                const Icon = SUBJECT_ICONS[subject];
                return (
                  <li key={subject}>
                    <button
                      type="button"
                      disabled={full}
                      onClick={() => addTag(subject)}
                      className="inline-flex items-center gap-1.5 rounded-full border border-border bg-background px-2.5 py-1 text-xs font-medium text-foreground/80 transition-colors hover:border-primary/50 hover:bg-primary/5 hover:text-primary disabled:opacity-50"
                    >
                      <Icon aria-hidden="true" className="size-3.5" />
                      {t(subjectKey(subject))}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
      {/* Outside the scrolling part: Save is always in view, however small the screen. */}
      <div className="flex shrink-0 justify-end gap-2 border-t border-border px-5 py-3 sm:px-6 sm:py-4" data-testid="details-footer">
        {draft.dirty && (
          <Button type="button" variant="ghost" onClick={draft.reset} disabled={update.isPending || draft.generating}>
            {t('details.discard')}
          </Button>
        )}
        <Button type="submit" disabled={update.isPending || draft.generating} data-testid="details-save">
          {update.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Save aria-hidden="true" />}
          {t('details.save')}
        </Button>
      </div>
    </form>
  );
}
