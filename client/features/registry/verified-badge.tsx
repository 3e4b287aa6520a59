import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { InstrumentDetail } from '../../../contract/registry';
import { Badge } from '../../components/ui/badge';
import { formatDay } from '../../lib/format-date';

/** The Verified badge with what was checked, by whom and when, and a link to what Verified means. */
export function VerifiedBadge({ instrument: i }: { instrument: InstrumentDetail }) {
  if (!i.verified) return null;
  const v = i.verification;
  const statement = v
    ? `Verified by ${v.adminName} on ${formatDay(v.at)}: ${v.note}`
    : 'Verified by a registry admin.';
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge variant="success" title={statement}>
        <ShieldCheck aria-hidden /> Verified
      </Badge>
      <span className="text-sm text-stone-700">
        {statement}{' '}
        <Link to="/verified" className="text-wood-800 underline">
          What Verified means
        </Link>
      </span>
    </span>
  );
}
