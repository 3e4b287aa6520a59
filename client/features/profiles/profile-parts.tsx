import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../components/ui/card';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-serif text-lg font-semibold text-wood-900">{title}</h2>
      </CardHeader>
      <CardContent className="text-stone-700">{children}</CardContent>
    </Card>
  );
}

export function TagList({ tags, empty }: { tags: string[]; empty: string }) {
  if (!tags.length) return <p className="text-stone-500">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {tags.map((t) => (
        <li key={t}>
          <Badge variant="secondary" className="capitalize">
            {t}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The named not-found screens ("Profile Not Found", "Shop Not Found"). */
export function ProfileNotFound({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <SearchX className="size-10 text-wood-600" aria-hidden />
      <h1 className="font-serif text-3xl font-bold text-wood-900">{title}</h1>
      <p className="text-stone-700">{text}</p>
      <Link to="/explore" className={buttonClasses()}>
        Explore Luthiers
      </Link>
    </div>
  );
}
