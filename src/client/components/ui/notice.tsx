import type { ReactNode } from 'react';

/** A centred message in a card: a load failure, an empty deck or path, a page's empty state. */
export function Notice({
  icon,
  title,
  description,
  testId,
  children,
  headingLevel = 1,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  testId: string;
  children?: ReactNode;
  /** 1 when the notice is the page (an empty tab, a load failure); 2 inside a page that has its own title. */
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      data-testid={testId}
      className="mx-auto my-10 flex w-[calc(100%-2rem)] max-w-xl flex-col items-center rounded-2xl border border-border bg-card px-6 py-10 text-center shadow-sm md:my-16"
    >
      {icon}
      <Heading className="mt-5 text-xl font-bold tracking-tight">{title}</Heading>
      <p className="mt-2 text-sm text-muted-foreground">{description}</p>
      {children}
    </section>
  );
}
