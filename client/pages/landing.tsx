import { HammerIcon as Hammer, UsersIcon as Users, WrenchIcon as Wrench } from '../components/ui/core-icons';
import { LandingHero } from '../features/static/landing-hero';
import { MakersFrontDoor } from '../features/static/makers-front-door';
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
      <LandingHero />

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
