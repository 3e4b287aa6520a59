import { Link } from 'react-router';
import { ContactForm } from '../features/contact/contact-form';
import { useOperator } from '../features/contact/api';
import { StaticPage } from '../features/static/static-page';

/** `/contact`: who runs the registry, how to reach a maker, and a form that reaches the registry's admins. */
export function ContactPage() {
  const operator = useOperator();
  return (
    <StaticPage title="Contact">
      <p>
        To reach a maker, open their shop from the{' '}
        <Link to="/luthiers" className="underline">
          directory
        </Link>{' '}
        and use &ldquo;Contact the maker&rdquo; (you need to be signed in). The message reaches their inbox;
        your email address stays private.
      </p>
      <h2>The registry itself</h2>
      {operator.data ? (
        <p>
          This Luthier Registry is run by <strong>{operator.data.name}</strong>
          {operator.data.email ? (
            <>
              , who can be reached at{' '}
              <a href={`mailto:${operator.data.email}`} className="underline">
                {operator.data.email}
              </a>
            </>
          ) : null}
          .
        </p>
      ) : (
        <p aria-busy={operator.isPending}>
          {operator.isError
            ? 'Who runs this registry could not be loaded.'
            : 'Loading who runs this registry…'}
        </p>
      )}
      <p>
        Questions about your account, a passport that looks wrong, or a report of a stolen instrument that
        needs attention: write below and the registry&rsquo;s admins will answer. Security problems are
        reported as described in the project&rsquo;s SECURITY.md.
      </p>
      <ContactForm />
      <h2>Your data</h2>
      <p>
        You can change or delete your profile, shop and account yourself in Settings. What we keep, and for
        how long, is in the{' '}
        <Link to="/privacy" className="underline">
          privacy notice
        </Link>
        .
      </p>
    </StaticPage>
  );
}
