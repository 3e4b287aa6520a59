import { Link } from 'react-router';
import { StaticPage } from '../features/static/static-page';

/** `/terms`. */
export function TermsPage() {
  return (
    <StaticPage title="Terms of use">
      <p>By creating an account or using Luthier Registry you agree to these terms.</p>
      <h2>Your account</h2>
      <ul>
        <li>Keep your password to yourself; you are responsible for what is done with your account.</li>
        <li>You may delete your account at any time in Settings.</li>
      </ul>
      <h2>What you publish</h2>
      <ul>
        <li>
          Register only instruments you built (makers) and describe them truthfully: a passport is a record
          other people rely on when they buy, insure or repair an instrument.
        </li>
        <li>Upload only photos you have the right to publish.</li>
        <li>
          Passport history (ownership changes, service records, reports of theft) stays with the instrument
          when it changes hands or when an account is deleted; names in it are then replaced by &ldquo;Former
          owner&rdquo;.
        </li>
      </ul>
      <h2>Messages to makers</h2>
      <p>
        Write to makers about their work. Messages are limited in number; unsolicited advertising is not
        allowed.
      </p>
      <h2>No warranty</h2>
      <p>
        The registry records what its members enter. A verified mark means the registry has checked the maker
        or the instrument; it is not a valuation or a guarantee of condition. Estimated values are the
        owner&rsquo;s own figures.
      </p>
      <p>
        See also the{' '}
        <Link to="/privacy" className="underline">
          privacy notice
        </Link>
        .
      </p>
    </StaticPage>
  );
}
