import { StaticPage } from '../features/static/static-page';

/** `/privacy`: what the product stores, for how long and who sees it, as the code does it. */
export function PrivacyPage() {
  return (
    <StaticPage title="Privacy">
      <p>What Luthier Registry stores about you, how long it keeps it, and who can see it.</p>
      <h2>Your account</h2>
      <ul>
        <li>
          Your email address and a hash of your password (never the password itself). Your email address is
          seen by you and, on the instruments you own, by the registry&rsquo;s admins (who also see the prices
          you recorded); it is never shown on a profile, a shop, a public passport or to a maker you write to.
        </li>
        <li>
          What you put on your public page: display name, handle, photo, bio, location, experience, interests
          and styles. Anyone can see these at /u/your-handle.
        </li>
        <li>
          Makers: the shop&rsquo;s name, location, founding year, descriptions and specialities, public at
          /l/handle once published.
        </li>
        <li>Your time zone and your notification settings.</li>
      </ul>
      <h2>Signing in</h2>
      <ul>
        <li>
          Each session stores a hash of its cookie, your browser&rsquo;s user agent and IP address, so you can
          see and end your sessions in Settings. A session ends after 30 days without use or when you sign
          out.
        </li>
        <li>
          Password-reset links last one hour, email-confirmation links 24 hours; only hashes of them are
          stored.
        </li>
        <li>
          Counters of attempts (sign-ins, messages) are kept per IP address or account for the length of their
          window, to stop abuse.
        </li>
      </ul>
      <h2>Instruments</h2>
      <ul>
        <li>
          Passports, their photos, ownership history, service records and changes are public in the registry:
          they belong to the instrument and stay with it when it changes hands.
        </li>
        <li>
          Owners appear on passports as &ldquo;Private owner&rdquo; (by number, country and years) unless they
          choose in Settings to be named; an account that never chose is private. Estimated values, prices and
          offers that did not end in a sale are seen only by the owner. A transfer offer keeps the email
          address or handle it was sent to, as part of the instrument&rsquo;s records; of the two people
          involved only the sender sees it, and it is never public.
        </li>
      </ul>
      <h2>Learning</h2>
      <p>
        The courses you enrol in, bookmarks, lesson progress, days you studied and your reviews. Reviews show
        your display name; progress is seen only by you.
      </p>
      <p>
        Completing every lesson of a course issues a certificate: a signed credential with your full name as
        it was that day, the course and the date. Anyone you give its link to can see and check it; it is
        listed on your public page only if you choose so on the certificate, and never indexed by search
        engines. It is kept as signed (a later change of your name does not alter it) and deleted with your
        account.
      </p>
      <h2>Messages and notifications</h2>
      <p>
        A message to a maker is stored in the maker&rsquo;s inbox with your display name and a link to your
        public page, and mailed to them if they receive mail. The server keeps who wrote it, so the maker can
        reply in the app; the reply reaches your inbox and mail. Neither of you sees the other&rsquo;s email
        address. Notifications are seen only by the person they are for.
      </p>
      <h2>Deleting your account</h2>
      <p>
        Deleting your account in Settings removes your account, sessions, links, notifications, shop, reviews,
        certificates and photos at once. Passport history stays with the instruments, with your name replaced
        by &ldquo;Former owner&rdquo; and your location removed; passport photos you uploaded stay with the
        instrument without a link to you.
      </p>
      <h2>No tracking</h2>
      <p>
        There are no advertising or analytics trackers. The only cookie is the session cookie that keeps you
        signed in.
      </p>
    </StaticPage>
  );
}
