import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { BookOpenIcon, SearchIcon, ShieldCheckIcon } from '../../components/ui/core-icons';
import { openAuthDialog } from '../../lib/auth';

/**
 * The landing page's first screen. The build also renders it to HTML (client/app/static-html.tsx), which the
 * server sends to a guest on `/` so it paints before any script runs; React then puts this same markup in its
 * place.
 */
export function LandingHero() {
  return (
    <section className="bg-gradient-to-b from-wood-100 to-stone-50">
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-24">
        <h1 className="font-serif text-4xl font-bold tracking-tight text-wood-900 sm:text-5xl">
          The living registry for handmade instruments
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-stone-700">
          Luthiers keep a public page and a shop, every handmade instrument gets a passport that follows it
          from the bench through every owner and repair, and anyone can learn the craft in a free academy.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/explore" className={buttonClasses('default', 'lg')}>
            <SearchIcon aria-hidden />
            Explore Luthiers
          </Link>
          <Link to="/registry" className={buttonClasses('outline', 'lg')}>
            <ShieldCheckIcon aria-hidden />
            Browse Instruments
          </Link>
          <Button size="lg" variant="secondary" onClick={() => openAuthDialog('signin', '/learn')}>
            <BookOpenIcon aria-hidden />
            Start Learning
          </Button>
        </div>
        <p className="mt-5 text-sm text-stone-700">
          Looking for a maker?{' '}
          <Link to="/luthiers" className="font-medium text-wood-800 underline">
            Find luthiers by name, place or speciality
          </Link>
        </p>
      </div>
    </section>
  );
}
