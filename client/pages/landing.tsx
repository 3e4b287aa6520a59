import {
  BookOpenIcon as BookOpen,
  HammerIcon as Hammer,
  SearchIcon as Search,
  ShieldCheckIcon as ShieldCheck,
  UsersIcon as Users,
  WrenchIcon as Wrench,
} from '../components/ui/core-icons';
import { MakersFrontDoor } from '../features/static/makers-front-door';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { openAuthDialog } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

const passportSteps = [
  {
    icon: Hammer,
    title: 'Build',
    text: 'The maker records woods, scale, finish and photos the day the instrument leaves the bench.',
  },
  {
    icon: Users,
    title: 'Ownership',
    text: 'Every sale, gift or inheritance is a transfer the new owner accepts, so the history stays true.',
  },
  {
    icon: Wrench,
    title: 'Repairs',
    text: 'Setups, maintenance and restorations are added by the luthiers who do the work.',
  },
];

export function LandingPage() {
  useDocumentTitle(undefined);
  return (
    <>
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
              <Search aria-hidden />
              Explore Luthiers
            </Link>
            <Link to="/registry" className={buttonClasses('outline', 'lg')}>
              <ShieldCheck aria-hidden />
              Browse Instruments
            </Link>
            <Button size="lg" variant="secondary" onClick={() => openAuthDialog('signin', '/learn')}>
              <BookOpen aria-hidden />
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

      <section aria-labelledby="passport-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="passport-heading" className="text-center font-serif text-3xl font-semibold text-wood-900">
          One passport, the whole life of an instrument
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {passportSteps.map((step, i) => (
            <li key={step.title}>
              <Card className="h-full">
                <CardHeader>
                  <step.icon className="size-8 text-wood-600" aria-hidden />
                  <CardTitle>
                    <span className="sr-only">Step {i + 1}: </span>
                    {step.title}
                  </CardTitle>
                </CardHeader>
                <CardContent className="text-stone-700">{step.text}</CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="makers-heading" className="mx-auto max-w-6xl px-4 pb-16">
        <h2 id="makers-heading" className="text-center font-serif text-3xl font-semibold text-wood-900">
          Are you a luthier?
        </h2>
        <div className="mt-8">
          <MakersFrontDoor />
        </div>
      </section>

      <section className="bg-wood-800 text-wood-50">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-14 text-center">
          <h2 className="font-serif text-2xl font-semibold">Makers, owners and learners in one place</h2>
          <p className="max-w-2xl text-wood-100">
            Sign in to track your lessons, register the instruments you build and receive the ones you buy.
          </p>
          <Button size="lg" variant="secondary" onClick={() => openAuthDialog('signin')}>
            Sign In to Continue
          </Button>
        </div>
      </section>
    </>
  );
}
