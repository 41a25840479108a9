import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { FileKindIcon } from './file-kind-icon';
import { ProgressBar } from './progress-bar';
import { problemMessage } from './refusal-message';
import type { ChosenFile, UploadPhase } from './use-file-upload';
import { extensionOf, formatFileSize, type Problem } from './upload-rules';

/** The files chosen for the next upload: name, size, type, what is wrong with one, and each one's progress. */
export function ChosenFileList({
  chosen,
  problems,
  progress,
  phase,
  refusedName,
  onRemove,
}: {
  chosen: ChosenFile[];
  problems: Map<string, Problem | null>;
  progress: number[];
  phase: UploadPhase;
  /** The file a refusal names, marked in the list. */
  refusedName: string | undefined;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation(['upload', 'errors']);
  return (
    <ul aria-label={t('list.label')} className="flex flex-col gap-2" data-testid="upload-files">
      {chosen.map(({ key, file }, index) => (
        <ChosenFileRow
          key={key}
          file={file}
          problem={problems.get(key) ?? null}
          refused={refusedName !== undefined && refusedName === file.name}
          progress={progress[index] ?? 0}
          phase={phase}
          onRemove={() => onRemove(key)}
        />
      ))}
    </ul>
  );
}

function ChosenFileRow({
  file,
  problem,
  refused,
  progress,
  phase,
  onRemove,
}: {
  file: File;
  problem: Problem | null;
  refused: boolean;
  progress: number;
  phase: UploadPhase;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation(['upload', 'errors']);
  const extension = extensionOf(file.name);
  const uploading = phase.name === 'uploading';
  const percent = Math.round(progress * 100);
  const flagged = problem !== null || refused;
  return (
    <li
      data-testid="upload-file"
      data-problem={problem ? 'true' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-xl border bg-background px-3 py-2.5 transition-colors',
        flagged ? 'border-destructive/40 bg-destructive/5' : 'border-border',
      )}
    >
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-lg',
          flagged ? 'bg-destructive/12 text-destructive' : 'bg-primary/10 text-primary',
        )}
      >
        <FileKindIcon extension={extension} className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-baseline justify-between gap-3">
          <span className="truncate text-sm font-semibold" data-testid="upload-file-name">
            {file.name}
          </span>
          {uploading && (
            <span className="shrink-0 text-xs font-semibold text-muted-foreground tabular-nums" data-testid="upload-file-percent">
              {t('list.percent', { percent })}
            </span>
          )}
          {progress >= 1 && !uploading && <CircleCheck aria-label={t('list.sent')} className="size-4 shrink-0 text-emerald-600" />}
        </div>
        <span className="text-xs text-muted-foreground">
          {formatFileSize(file.size, i18n.language)}
          {extension && <span className="uppercase"> · {extension}</span>}
        </span>
        {uploading && <ProgressBar value={progress} label={t('list.progress', { name: file.name })} className="mt-1" />}
        {problem && (
          <p className="flex items-start gap-1.5 text-xs font-medium text-destructive" data-testid="upload-file-problem">
            <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            {problemMessage(problem, t)}
          </p>
        )}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 shrink-0 text-muted-foreground hover:text-foreground"
        onClick={onRemove}
        disabled={uploading}
        aria-label={t('list.remove', { name: file.name })}
        data-testid="upload-file-remove"
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}
