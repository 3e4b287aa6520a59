import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '../../components/ui/card';

export function SettingsCard({
  title,
  description,
  id,
  children,
}: {
  title: string;
  description?: string;
  /** The address fragment that opens this card (/settings#shop), below the sticky header. */
  id?: string;
  children: ReactNode;
}) {
  return (
    <Card id={id} className={id ? 'scroll-mt-20' : undefined}>
      <CardHeader>
        <h2 className="font-serif text-xl font-semibold text-wood-900">{title}</h2>
        {description && <p className="text-sm text-stone-600">{description}</p>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** "folk, blues , jazz" → ['folk', 'blues', 'jazz']. */
export const splitTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
