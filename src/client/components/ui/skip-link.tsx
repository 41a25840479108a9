import type { ReactNode } from 'react';

/** The first stop for keyboard users: hidden until focused, it jumps past the header to the element with id `target`. */
export function SkipLink({ target = 'main', children }: { target?: string; children: ReactNode }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only rounded-lg bg-primary px-4 py-2 font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100]"
    >
      {children}
    </a>
  );
}
