import { StaticPage } from '../features/static/static-page';

/** `/verified`: what the Verified badge on a shop or a passport promises, and what ends it. */
export function VerifiedPage() {
  return (
    <StaticPage title="What Verified means">
      <p>
        A Verified badge means a registry admin checked something real about a shop or an instrument and wrote
        down what they checked. The badge always shows that note, the admin&rsquo;s name and the date.
      </p>
      <h2>A verified shop</h2>
      <p>
        An admin checked that the shop exists under that name, at that place and since that year, for example
        in a trade register, on a visit or by a call to the workshop. If the shop changes its name, its
        handle, its location or its founding year, the badge goes away until an admin checks again.
      </p>
      <h2>A verified instrument</h2>
      <p>
        An admin checked the instrument&rsquo;s identity facts against evidence such as the label, the
        maker&rsquo;s workshop book or photos: its maker, name, model, serial number, year, type, category,
        woods (body, neck, fretboard), number of strings and scale length. If any of them changes, before or
        after a sale, the badge goes away until an admin checks again, and the history says which fact changed
        (&ldquo;Verification removed: serial number changed&rdquo;). Finish, description, condition and value
        are not part of the check.
      </p>
      <h2>What it does not mean</h2>
      <ul>
        <li>It is not an appraisal: it says nothing about condition or value.</li>
        <li>It is not a guarantee of who owns the instrument today; the provenance history shows that.</li>
        <li>A stolen report is shown whether or not the instrument is verified.</li>
      </ul>
    </StaticPage>
  );
}
