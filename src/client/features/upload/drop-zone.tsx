import { CloudUpload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { ACCEPTED_TYPES } from './upload-rules';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * The large target files are dropped on, or clicked (Enter, Space) to open the file picker. It is a real button, so
 * the keyboard and screen readers reach it; the file input itself stays hidden.
 */
export function DropZone({
  onFiles,
  disabled,
  compact,
  hint,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
  /** Smaller once files are chosen, so the list stays in view. */
  compact: boolean;
  /** What may be dropped, one line each: the types, then the plan's limits. */
  hint: string[];
}) {
  const { t } = useTranslation(['upload', 'errors']);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLButtonElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLButtonElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        disabled={disabled}
        data-dragging={dragging}
        data-compact={compact}
        data-testid="upload-dropzone"
        aria-describedby="upload-dropzone-hint"
        className={cn(
          'group relative flex w-full flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-border bg-muted/40 px-6 text-center transition-colors',
          compact ? 'py-6 md:py-7' : 'py-10 md:py-14',
          'hover:border-primary/50 hover:bg-primary/5 disabled:cursor-not-allowed disabled:opacity-60',
          'data-[dragging=true]:border-primary data-[dragging=true]:bg-primary/10 data-[dragging=true]:ring-4 data-[dragging=true]:ring-primary/15',
        )}
      >
        <span
          className={cn(
            'flex items-center justify-center rounded-2xl bg-primary/12 text-primary transition-transform duration-200 group-data-[dragging=true]:-translate-y-1 group-data-[dragging=true]:scale-110',
            compact ? 'mb-1 size-12' : 'mb-2 size-16',
          )}
        >
          <CloudUpload aria-hidden="true" className={compact ? 'size-6' : 'size-8'} />
        </span>
        {dragging ? (
          <span className="text-base font-bold text-primary md:text-lg">{t('drop.release')}</span>
        ) : (
          <>
            <span className="text-base font-bold md:text-lg">
              <span className="max-md:hidden">{t('drop.title')}</span>
              <span className="md:hidden">{t('drop.titleTouch')}</span>
            </span>
            <span className="text-sm text-muted-foreground max-md:hidden">
              {t('drop.or')} <span className="font-semibold text-primary underline-offset-4 group-hover:underline">{t('drop.browse')}</span>
            </span>
          </>
        )}
        <span id="upload-dropzone-hint" className={cn('flex flex-col text-xs text-balance text-muted-foreground', !compact && 'mt-2')}>
          {hint.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED_TYPES}
        hidden
        tabIndex={-1}
        data-testid="upload-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // Choosing the same file again after removing it must fire another change.
          event.target.value = '';
        }}
      />
    </>
  );
}
