import { Link } from 'react-router';
import { StaticPage } from '../features/static/static-page';

/** `/contact`. */
export function ContactPage() {
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
      <p>
        Questions about your account, a passport that looks wrong, or a report of a stolen instrument that
        needs attention: write to the people running this Luthier Registry at the address of the site&rsquo;s
        operator. Security problems are reported as described in the project&rsquo;s SECURITY.md.
      </p>
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
