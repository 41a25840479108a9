import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { localizeTestimonial, TESTIMONIALS } from '../../content/testimonials';
import { LandingSection } from './landing-section';

export function TestimonialsSection() {
  const { t, i18n } = useTranslation('landing');
  return (
    <LandingSection
      id="stories"
      eyebrow={t('stories.eyebrow')}
      title={t('stories.title')}
      lead={t('stories.lead')}
      className="bg-muted/60 dark:bg-muted/30"
    >
      <ul className="mt-14 gap-5 sm:columns-2 lg:columns-3 xl:columns-4">
        {TESTIMONIALS.map((entry) => {
          const testimonial = localizeTestimonial(entry, i18n.language);
          return (
            <li key={testimonial.name} className="mb-5 break-inside-avoid">
              <figure className="flex flex-col rounded-3xl border border-border bg-card p-6 shadow-sm">
                <Quote aria-hidden="true" className="size-7 text-primary/40" fill="currentColor" strokeWidth={0} />
                <blockquote className="mt-3 leading-relaxed text-pretty">
                  <p>{testimonial.text}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <img
                    src={testimonial.imageSrc}
                    alt={t('stories.avatarAlt', { name: testimonial.name })}
                    width={48}
                    height={48}
                    loading="lazy"
                    className="size-12 rounded-full bg-muted"
                  />
                  <span>
                    <span className="block font-bold">{testimonial.name}</span>
                    <span className="block text-sm text-muted-foreground">{testimonial.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
