import { BookOpen, Guitar, HandCoins, MessageSquare, Plus, Presentation, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../components/ui/badge';
import { buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { ContinueLearningCard } from '../features/academy/continue-learning';
import { useMyRegistry, useTransfers } from '../features/registry/api';
import { InstrumentCard } from '../features/registry/instrument-card';
import { TransferItem } from '../features/registry/transfer-item';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

function Section({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="font-serif text-2xl font-semibold text-wood-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The signed-in home (`/` and `/dashboard`): instruments, transfers and, for a luthier, their shop. */
export function DashboardPage() {
  const { user, isLoading } = useAuth();
  useDocumentTitle('Dashboard');
  const mine = useMyRegistry(Boolean(user));
  const transfers = useTransfers(Boolean(user));
  if (isLoading) return <Spinner />;
  // The route guard shows guests the sign-in prompt; this page renders only for a signed-in person.
  if (!user) return null;
  const incoming = transfers.data?.incoming.filter((t) => t.status === 'pending') ?? [];
  const outgoing = transfers.data?.outgoing.filter((t) => t.status === 'pending') ?? [];
  const shop = mine.data?.shop;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">
        {user.returning ? 'Welcome back' : 'Welcome'}, {user.firstName || user.displayName}
      </h1>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/learn" className={buttonClasses()}>
          <BookOpen aria-hidden /> My learning
        </Link>
        <Link to="/registry" className={buttonClasses('outline')}>
          <Guitar aria-hidden /> Browse the registry
        </Link>
        <Link to="/offers" className={buttonClasses('outline')}>
          <HandCoins aria-hidden /> Offers
        </Link>
        <Link to="/messages" className={buttonClasses('outline')}>
          <MessageSquare aria-hidden /> Messages
        </Link>
        {shop && (
          <Link to="/teach" className={buttonClasses('outline')}>
            <Presentation aria-hidden /> Teach
          </Link>
        )}
        {user.role === 'admin' && (
          <Link to="/admin" className={buttonClasses('outline')}>
            <ShieldCheck aria-hidden /> Verification queue
          </Link>
        )}
      </div>

      <div className="mt-8">
        <ContinueLearningCard />
      </div>

      {(incoming.length > 0 || outgoing.length > 0) && (
        <Section id="transfers-heading" title="Transfers">
          <div className="grid gap-6 lg:grid-cols-2">
            <div>
              <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-500">Incoming</h3>
              <div className="flex flex-col gap-3">
                {incoming.length ? (
                  incoming.map((t) => <TransferItem key={t.id} transfer={t} />)
                ) : (
                  <p className="text-sm text-stone-600">No offers waiting for you.</p>
                )}
              </div>
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-500">Outgoing</h3>
              <div className="flex flex-col gap-3">
                {outgoing.length ? (
                  outgoing.map((t) => <TransferItem key={t.id} transfer={t} />)
                ) : (
                  <p className="text-sm text-stone-600">No offers you sent are open.</p>
                )}
              </div>
            </div>
          </div>
        </Section>
      )}

      {shop && (
        <Section id="shop-heading" title="Your shop">
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white p-5">
            <Link
              to={`/l/${shop.slug}`}
              className="font-serif text-xl font-semibold text-wood-800 hover:underline"
            >
              {shop.name}
            </Link>
            <Badge variant={shop.published ? 'secondary' : 'outline'}>
              {shop.published ? 'Published' : 'Not published'}
            </Badge>
            <Badge variant={shop.verified ? 'success' : 'outline'}>
              {shop.verified ? 'Verified' : 'Not verified yet'}
            </Badge>
            <span className="text-sm text-stone-600">/l/{shop.slug}</span>
            <Link to="/settings#shop" className="ml-auto text-sm font-medium text-wood-700 underline">
              Edit your shop
            </Link>
          </div>
        </Section>
      )}

      {mine.isError ? (
        <p role="alert" className="mt-10 text-red-700">
          Failed to fetch instruments
        </p>
      ) : mine.isPending ? (
        <Spinner />
      ) : (
        <>
          <Section id="owned-heading" title="Your instruments">
            {mine.data.owned.length ? (
              <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your instruments">
                {mine.data.owned.map((i) => (
                  <li key={i.id}>
                    <InstrumentCard instrument={i} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-stone-600">
                You own no registered instruments yet. When someone transfers one to you, it appears here.
              </p>
            )}
          </Section>
          {user.role === 'luthier' && (
            <Section
              id="registered-heading"
              title="Instruments you registered"
              action={
                shop ? (
                  <Link to="/instruments/new" className={buttonClasses()}>
                    <Plus aria-hidden /> Register instrument
                  </Link>
                ) : undefined
              }
            >
              {!shop ? (
                <p className="text-stone-600">
                  Finish onboarding to open your shop, then register the instruments you build.
                </p>
              ) : mine.data.registered.length ? (
                <ul
                  className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
                  aria-label="Instruments you registered"
                >
                  {mine.data.registered.map((i) => (
                    <li key={i.id}>
                      <InstrumentCard instrument={i} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-stone-600">No instruments registered yet.</p>
              )}
            </Section>
          )}
        </>
      )}
    </div>
  );
}
