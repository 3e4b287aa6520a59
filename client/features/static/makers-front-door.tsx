import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { openAuthDialog, useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';

/**
 * The way in for makers: find other makers, check a passport, and open a shop (sign up as a luthier, or, for an
 * enthusiast already here, from Settings). Shown on the landing page and on /for-luthiers.
 */
export function OpenYourShop({ className }: { className?: string }) {
  const { user } = useAuth();
  if (user?.role === 'luthier')
    return (
      <Link to="/dashboard" className={cn(buttonClasses('default', 'lg'), className)}>
        Your shop and instruments
      </Link>
    );
  if (user)
    return (
      <Link to="/settings#open-shop" className={cn(buttonClasses('default', 'lg'), className)}>
        Open your shop
      </Link>
    );
  return (
    <Button
      size="lg"
      className={className}
      onClick={() => openAuthDialog('signup', '/settings#open-shop', 'luthier')}
    >
      Open your shop
    </Button>
  );
}

/** `heading`: the level of each card's title under the page's own headings (h3 under a section's h2). */
export function MakersFrontDoor({ heading: Heading = 'h3' }: { heading?: 'h2' | 'h3' }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      <li className="grid content-start gap-2 rounded-xl border border-stone-200 bg-white p-5">
        <Heading className="font-serif text-xl font-semibold text-wood-900">Open your shop</Heading>
        <p className="text-stone-700">
          A storefront at your own address: what you sell with its price, commissions, your courses, and
          messages from buyers that never show your email.
        </p>
        <OpenYourShop className="justify-self-start" />
      </li>
      <li className="grid content-start gap-2 rounded-xl border border-stone-200 bg-white p-5">
        <Heading className="font-serif text-xl font-semibold text-wood-900">The makers directory</Heading>
        <p className="text-stone-700">
          See who builds what, and where, and how their shops present their work.
        </p>
        <Link to="/luthiers" className={cn(buttonClasses('outline', 'lg'), 'justify-self-start')}>
          Find makers
        </Link>
      </li>
      <li className="grid content-start gap-2 rounded-xl border border-stone-200 bg-white p-5">
        <Heading className="font-serif text-xl font-semibold text-wood-900">Check a passport</Heading>
        <p className="text-stone-700">
          Before you buy or repair an instrument: is it in the registry, and is it reported stolen?
        </p>
        <Link to="/check" className={cn(buttonClasses('outline', 'lg'), 'justify-self-start')}>
          Registry check
        </Link>
      </li>
    </ul>
  );
}
