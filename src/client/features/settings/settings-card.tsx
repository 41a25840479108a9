import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A settings card: a heading with its icon and a short line, then the section's content. */
export function SettingsCard({ id, icon: Icon, title, description, children }: { id: string; icon: LucideIcon; title: string; description: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`settings-${id}`} className="rounded-2xl border border-b-4 border-border bg-card p-5 text-card-foreground md:p-6">
      <div className="mb-5 flex items-start gap-3">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/12 text-primary">
          <Icon className="size-5" strokeWidth={2.25} />
        </span>
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-extrabold tracking-tight">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
}
