import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** The product's name is a brand, the same in every language. */
export const BRAND_NAME = 'StudyPath';

/** The path-with-a-goal mark of public/favicon.svg, drawn inline so it scales and needs no request. */
export function BrandMark({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)} {...props}>
      <rect width="32" height="32" rx="8" fill="#16a34a" />
      <path
        d="M9 21c3-6 7-9 14-10M9 21l3-1M9 21l1-3"
        stroke="#fff"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="23" cy="11" r="2.5" fill="#facc15" />
    </svg>
  );
}

export function BrandLogo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-extrabold tracking-tight', className)}>
      <BrandMark className={markClassName} />
      {BRAND_NAME}
    </span>
  );
}
