import { Collapsible } from 'radix-ui';
import { ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';

const STORAGE_KEY = 'studypath.sidebar.sections';

function readOpenSections(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    // A damaged entry is no reason to break the sidebar; the sections fall back to open.
    return {};
  }
}

/** Whether a sidebar section is expanded, remembered on this device across visits. */
function useSectionOpen(id: string): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => {
    const stored = readOpenSections()[id];
    return typeof stored === 'boolean' ? stored : true;
  });
  const update = (next: boolean) => {
    setOpen(next);
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readOpenSections(), [id]: next }));
  };
  return [open, update];
}

/** A sidebar group whose heading folds it away; `action` sits beside the heading and stays visible when folded. */
export function CollapsibleSection({
  id,
  title,
  badge,
  action,
  children,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useSectionOpen(id);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} data-testid={`sidebar-section-${id}`}>
      <div className="flex items-center gap-1 pr-1 pl-2">
        <h2 className="min-w-0 flex-1">
          <Collapsible.Trigger className="group flex w-full items-center gap-1.5 rounded-md py-1.5 focus-visible:outline-offset-0 text-xs font-bold tracking-wide text-muted-foreground uppercase hover:text-foreground">
            <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 transition-transform group-data-[state=open]:rotate-90" />
            <span className="truncate">{title}</span>
            {badge}
          </Collapsible.Trigger>
        </h2>
        {action}
      </div>
      <Collapsible.Content className="mt-1">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}

/** The heading of a section that does not fold, aligned with the collapsible ones. */
export function SectionHeading({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <div className="flex items-center gap-1 pr-1 pl-2">
      <h2 id={id} className="flex-1 truncate py-1.5 pl-5 text-xs font-bold tracking-wide text-muted-foreground uppercase">{title}</h2>
      {action}
    </div>
  );
}
