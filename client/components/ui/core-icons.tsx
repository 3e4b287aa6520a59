import type { SVGProps } from 'react';

/*
 * The four icons of the first script (header and spinner), drawn without lucide's runtime, which would otherwise
 * be part of every first visit (about 1.2 KB gzip). The path data is lucide's (ISC licence, lucide.dev); every
 * other icon comes from lucide-react in the chunk that uses it.
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
