import { UserRoundPen } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';

/**
 * Shown to a signed-in person who has not finished onboarding, on every page but the wizard: signing in sends them
 * there once; after that they may look around (a mailed offer, a lesson) and finish when they choose.
 */
export function SetupBanner({ luthier }: { luthier: boolean }) {
  return (
    <div role="region" aria-label="Finish setting up" className="border-b border-wood-200 bg-wood-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm text-stone-800">
        <UserRoundPen className="size-5 shrink-0 text-wood-700" aria-hidden />
        <p className="flex-1">
          Your profile is not set up yet: choose your handle{luthier ? ' and name your shop' : ''} to get your
          public page.
        </p>
        <Link to="/onboarding" className={buttonClasses('outline', 'sm')}>
          Finish setup
        </Link>
      </div>
    </div>
  );
}
