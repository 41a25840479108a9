import { Avatar as AvatarPrimitive } from 'radix-ui';
import { safeProfileImage } from '../../../shared/profile';
import { cn } from '../../lib/cn';

/** Up to two initials of a name: "Ann Lee" → "AL", "ann" → "A". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A person's picture, or their initials on a brand tint while it loads or when there is none. */
export function Avatar({ name, image: stored, className }: { name: string; image?: string | null; className?: string }) {
  // Only an https:// address within the length limit is ever requested (the session's user comes from better-auth).
  const image = safeProfileImage(stored);
  return (
    <AvatarPrimitive.Root className={cn('relative inline-flex size-9 shrink-0 overflow-hidden rounded-full', className)}>
      {image && <AvatarPrimitive.Image src={image} alt="" className="size-full object-cover" />}
      <AvatarPrimitive.Fallback
        delayMs={image ? 400 : 0}
        className="flex size-full items-center justify-center bg-primary/15 text-sm font-bold text-accent-foreground"
      >
        {initialsOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
