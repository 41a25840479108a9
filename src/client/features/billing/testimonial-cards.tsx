import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { localizeTestimonial, TESTIMONIALS } from '../../content/testimonials';
import { cn } from '../../lib/cn';

/** `count` of the 8 testimonials of spec §1 from `start` on (wrapping), in the UI's language. */
export function TestimonialCards({ count, start = 0, compact = false, className }: { count: number; start?: number; compact?: boolean; className?: string }) {
  const { t, i18n } = useTranslation('billing');
  const shown = Array.from({ length: count }, (_, index) => TESTIMONIALS[(start + index) % TESTIMONIALS.length]!);
  return (
    <ul className={cn('grid gap-4', className)} data-testid="testimonials">
      {shown.map((entry) => {
        const testimonial = localizeTestimonial(entry, i18n.resolvedLanguage ?? 'en');
        return (
          <li key={testimonial.name} data-testid="testimonial">
            <figure className={cn('flex h-full flex-col rounded-2xl border border-border bg-card', compact ? 'p-4' : 'p-5 shadow-xs')}>
              <Quote aria-hidden="true" className="size-5 text-primary/40" fill="currentColor" strokeWidth={0} />
              <blockquote className={cn('mt-2 flex-1 leading-relaxed text-pretty', compact ? 'line-clamp-4 text-sm' : 'text-[0.95rem]')}>
                <p>{testimonial.text}</p>
              </blockquote>
              <figcaption className="mt-4 flex items-center gap-3">
                <img
                  src={testimonial.imageSrc}
                  alt={t('testimonials.avatarAlt', { name: testimonial.name })}
                  width={40}
                  height={40}
                 
                  className="size-10 rounded-full bg-muted"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-bold">{testimonial.name}</span>
                  <span className="block truncate text-xs text-muted-foreground">{testimonial.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}
