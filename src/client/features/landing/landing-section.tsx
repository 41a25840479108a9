import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface LandingSectionProps {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  children: ReactNode;
  className?: string;
  /** Centre the heading block (the default) or keep it to the left beside other content. */
  align?: 'center' | 'start';
}

/**
 * One landing section: a region named by its h2, offset so the sticky header does not cover it after a jump. Every
 * section sits below the hero, so until it nears the screen the browser skips its layout and painting
 * (content-visibility), which on a phone is most of the first frame's work; a placeholder height keeps the scrollbar
 * honest, and the browser remembers the real one once it has been drawn.
 */
export function LandingSection({ id, eyebrow, title, lead, children, className, align = 'center' }: LandingSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn('scroll-mt-16 px-4 py-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] sm:px-6 sm:py-24', className)}
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title} lead={lead} align={align} />
        {children}
      </div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string | undefined;
  align?: 'center' | 'start';
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p className="text-sm font-bold tracking-widest text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg text-pretty text-muted-foreground">{lead}</p> : null}
    </div>
  );
}
