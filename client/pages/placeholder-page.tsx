import { Construction } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Tooltip, TooltipProvider } from '../components/ui/tooltip';
import { useDocumentTitle } from '../lib/use-document-title';

/** Blog and For Luthiers are placeholders marked coming soon; their buttons do nothing yet. */
export function PlaceholderPage({
  title,
  intro,
  actions,
}: {
  title: string;
  intro: string;
  actions: string[];
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <Construction className="mx-auto size-10 text-wood-600" aria-hidden />
      <h1 className="mt-4 font-serif text-3xl font-bold text-wood-900">{title}</h1>
      <p className="mt-2 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
        Coming soon
      </p>
      <p className="mt-6 text-stone-700">{intro}</p>
      <TooltipProvider>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {actions.map((label) => (
            <Tooltip key={label} content="Coming soon">
              <Button variant="outline" aria-disabled="true" className="cursor-not-allowed opacity-70">
                {label}
              </Button>
            </Tooltip>
          ))}
        </div>
      </TooltipProvider>
    </div>
  );
}
