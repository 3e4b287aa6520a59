import { Link } from 'react-router';

const LINKS = [
  { to: '/luthiers', label: 'Luthiers' },
  { to: '/registry', label: 'Registry' },
  { to: '/check', label: 'Check an instrument' },
  { to: '/about', label: 'About' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/contact', label: 'Contact' },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-white px-4 py-6 text-center text-sm text-stone-600">
      <nav aria-label="Footer">
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
          {LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="underline-offset-2 hover:underline">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-3">Luthier Registry — the living registry for handmade instruments.</p>
    </footer>
  );
}
