import type { ReactNode } from 'react';

/** The heading of a part of a Share Course tab. */
export function SectionTitle({ children }: { children: ReactNode }) {
  return <h3 className="text-sm font-semibold">{children}</h3>;
}
