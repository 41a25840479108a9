import { Sparkle, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

export type IllustrationTone = 'primary' | 'streak' | 'points' | 'star' | 'heart' | 'muted';

/** Full class names per tone, written out so Tailwind finds them. */
const TONES: Record<IllustrationTone, { halo: string; ring: string; icon: string; edge: string }> = {
  primary: { halo: 'bg-primary/8', ring: 'bg-primary/12', icon: 'text-primary', edge: 'border-primary/35' },
  streak: { halo: 'bg-streak/8', ring: 'bg-streak/14', icon: 'text-streak', edge: 'border-streak/40' },
  points: { halo: 'bg-points/10', ring: 'bg-points/18', icon: 'text-points', edge: 'border-points/45' },
  star: { halo: 'bg-star/10', ring: 'bg-star/16', icon: 'text-star', edge: 'border-star/40' },
  heart: { halo: 'bg-heart/8', ring: 'bg-heart/12', icon: 'text-heart', edge: 'border-heart/35' },
  muted: { halo: 'bg-muted/60', ring: 'bg-muted', icon: 'text-muted-foreground', edge: 'border-border' },
};

/** A soft, decorative scene around a page's icon: halo rings, a tilted tile and two sparkles. */
export function PageIllustration({ icon: Icon, tone }: { icon: LucideIcon; tone: IllustrationTone }) {
  const look = TONES[tone];
  return (
    <div aria-hidden="true" className="relative size-40 shrink-0">
      <div className={cn('absolute inset-0 rounded-full', look.halo)} />
      <div className={cn('absolute inset-6 rounded-full', look.ring)} />
      <div className="absolute inset-0 flex items-center justify-center">
        <div
          className={cn(
            'flex size-20 -rotate-6 items-center justify-center rounded-3xl border border-b-4 bg-card shadow-lg shadow-black/5',
            look.edge,
          )}
        >
          <Icon className={cn('size-10', look.icon)} strokeWidth={1.75} />
        </div>
      </div>
      {tone !== 'muted' && (
        <>
          <Sparkle className="absolute top-3 right-5 size-5 fill-points text-points" />
          <Sparkle className={cn('absolute bottom-6 left-3 size-3.5 fill-current', look.icon)} />
        </>
      )}
    </div>
  );
}
