import { Link } from '@tanstack/react-router';
import { BRAND_NAME, BrandMark } from '../../components/ui/brand-logo';

/** Logo linking home to the dashboard; the word mark can be left out where space is short. */
export function Logo({ withWordmark = true }: { withWordmark?: boolean }) {
  return (
    <Link
      to="/dashboard"
      aria-label={withWordmark ? undefined : BRAND_NAME}
      className="flex items-center gap-2.5 rounded-lg text-lg font-extrabold tracking-tight"
    >
      <BrandMark />
      {withWordmark && <span>{BRAND_NAME}</span>}
    </Link>
  );
}
