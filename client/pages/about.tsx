import { Link } from 'react-router';
import { StaticPage } from '../features/static/static-page';

/** `/about`. */
export function AboutPage() {
  return (
    <StaticPage title="About Luthier Registry">
      <p>
        Luthier Registry is a living registry for handmade instruments. Every instrument a maker registers
        gets a passport: how it was built, who has owned it, and every repair since. Makers keep a public shop
        page, and anyone can learn the craft in a free academy.
      </p>
      <h2>For makers</h2>
      <p>
        Open a shop, register what you build and hand each instrument over to its owner with a transfer that
        both sides confirm. Your shop lists your instruments and the courses you teach; visitors can write to
        you without either side seeing the other&rsquo;s email address.
      </p>
      <h2>For players and collectors</h2>
      <p>
        Look an instrument up in the{' '}
        <Link to="/registry" className="underline">
          registry
        </Link>
        , find a maker in the{' '}
        <Link to="/luthiers" className="underline">
          directory
        </Link>
        , and keep the history of your own instruments in one place. Owners may hide their name on passports.
      </p>
      <h2>Open records</h2>
      <p>
        Changes to a passport are recorded as events that cannot be rewritten afterwards, so a
        passport&rsquo;s history can be trusted by the next owner.
      </p>
    </StaticPage>
  );
}
