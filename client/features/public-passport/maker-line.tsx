import { Link } from 'react-router';
import type { PublicPassport } from '../../../contract/public-passport';

/** "Made by {shop} in {year}", linked to the shop; a maker who closed their account stays named, unlinked. */
export function MakerLine({ p }: { p: Pick<PublicPassport, 'maker' | 'yearMade'> }) {
  if (!p.maker) return <>Made in {p.yearMade}</>;
  if (!p.maker.slug || p.maker.accountClosed)
    return (
      <>
        Made by {p.maker.shopName} (account closed) in {p.yearMade}
      </>
    );
  return (
    <>
      Made by{' '}
      <Link to={`/l/${p.maker.slug}`} className="font-medium text-wood-800 underline">
        {p.maker.shopName}
      </Link>{' '}
      in {p.yearMade}
    </>
  );
}
