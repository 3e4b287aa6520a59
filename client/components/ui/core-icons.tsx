import type { SVGProps } from 'react';

/*
 * The icons of a first visit to `/` (header, spinner, landing page), drawn without lucide's runtime, which would
 * otherwise be part of every first visit (about 1.7 KB gzip). The path data is lucide's (ISC licence, lucide.dev;
 * circles written as two arcs); every other icon comes from lucide-react in the chunk that uses it.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function icon(paths: string[]) {
  return function CoreIcon(props: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const GuitarIcon = icon([
  'm11.9 12.1 4.514-4.514',
  'M20.1 2.3a1 1 0 0 0-1.4 0l-1.114 1.114A2 2 0 0 0 17 4.828v1.344a2 2 0 0 1-.586 1.414A2 2 0 0 1 17.828 7h1.344a2 2 0 0 0 1.414-.586L21.7 5.3a1 1 0 0 0 0-1.4z',
  'm6 16 2 2',
  'M8.23 9.85A3 3 0 0 1 11 8a5 5 0 0 1 5 5 3 3 0 0 1-1.85 2.77l-.92.38A2 2 0 0 0 12 18a4 4 0 0 1-4 4 6 6 0 0 1-6-6 4 4 0 0 1 4-4 2 2 0 0 0 1.85-1.23z',
]);
export const MenuIcon = icon(['M4 5h16', 'M4 12h16', 'M4 19h16']);
export const CloseIcon = icon(['M18 6 6 18', 'm6 6 12 12']);
export const LoaderIcon = icon(['M21 12a9 9 0 1 1-6.219-8.56']);
export const BookOpenIcon = icon([
  'M12 5v16',
  'M20.001 19A2 2 0 0022 17V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2z',
]);
export const HammerIcon = icon([
  'm15 12-9.373 9.373a1 1 0 0 1-3.001-3L12 9',
  'm18 15 4-4',
  'm21.5 11.5-1.914-1.914A2 2 0 0 1 19 8.172v-.344a2 2 0 0 0-.586-1.414l-1.657-1.657A6 6 0 0 0 12.516 3H9l1.243 1.243A6 6 0 0 1 12 8.485V10l2 2h1.172a2 2 0 0 1 1.414.586L18.5 14.5',
]);
export const SearchIcon = icon(['m21 21-4.34-4.34', 'M3 11a8 8 0 1 0 16 0a8 8 0 1 0-16 0']);
export const ShieldCheckIcon = icon([
  'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
  'm9 12 2 2 4-4',
]);
export const UsersIcon = icon([
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  'M16 3.128a4 4 0 0 1 0 7.744',
  'M22 21v-2a4 4 0 0 0-3-3.87',
  'M5 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0',
]);
export const WrenchIcon = icon([
  'M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.106-3.105c.32-.322.863-.22.983.218a6 6 0 0 1-8.259 7.057l-7.91 7.91a1 1 0 0 1-2.999-3l7.91-7.91a6 6 0 0 1 7.057-8.259c.438.12.54.662.219.984z',
]);
