import { BookOpenText, Layers, MessagesSquare, Network, Route } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { localizeTestimonial, TESTIMONIALS } from '../../content/testimonials';
import { cn } from '../../lib/cn';

const TOOLS = [
  { key: 'summary', Icon: BookOpenText },
  { key: 'mindmap', Icon: Network },
  { key: 'exams', Icon: Route },
  { key: 'chat', Icon: MessagesSquare },
  { key: 'flashcards', Icon: Layers },
] as const;

/** The wide-screen half beside the form: what an account gets you, and one student's word for it. */
export function AuthShowcase({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('auth');
  const [featured] = TESTIMONIALS;
  const testimonial = featured ? localizeTestimonial(featured, i18n.language) : null;
  return (
    <aside
      aria-labelledby="auth-showcase-title"
      className={cn(
        'relative isolate flex-col justify-between gap-10 overflow-hidden bg-linear-to-br from-green-700 via-green-800 to-emerald-950 p-10 text-white xl:p-14',
        className,
      )}
    >
      <div aria-hidden="true" className="absolute -top-24 -right-24 -z-10 size-80 rounded-full bg-green-400/20 blur-3xl" />
      <div aria-hidden="true" className="absolute -bottom-32 -left-20 -z-10 size-96 rounded-full bg-yellow-300/10 blur-3xl" />
      <div>
        <p className="text-sm font-bold tracking-widest text-green-100 uppercase">{t('showcase.eyebrow')}</p>
        <h2 id="auth-showcase-title" className="mt-3 max-w-md text-4xl leading-tight font-extrabold text-balance">
          {t('showcase.title')}
        </h2>
        <ul className="mt-10 grid max-w-md gap-4">
          {TOOLS.map(({ key, Icon }) => (
            <li key={key} className="flex items-start gap-3">
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-white/15 ring-1 ring-white/20">
                <Icon aria-hidden="true" className="size-4.5" />
              </span>
              <span className="pt-1.5 text-green-50">{t(`showcase.tools.${key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
      {testimonial ? (
        <figure className="max-w-md rounded-2xl bg-white/10 p-6 ring-1 ring-white/15 backdrop-blur-sm">
          <blockquote className="text-base leading-relaxed text-white">
            <p>{testimonial.text}</p>
          </blockquote>
          <figcaption className="mt-5 flex items-center gap-3">
            <img
              src={testimonial.imageSrc}
              alt={t('showcase.avatarAlt', { name: testimonial.name })}
              width={44} height={44}
              className="size-11 rounded-full ring-2 ring-white/40"
            />
            <span>
              <span className="block font-semibold">{testimonial.name}</span>
              <span className="block text-sm text-green-100">{testimonial.role}</span>
            </span>
          </figcaption>
        </figure>
      ) : null}
    </aside>
  );
}
