import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { setOwnerPrivacy, useMyRegistry, useRegistryMutation } from './api';

/**
 * How the public passports of what the owner owns show them, said as a visitor sees it, and whether they chose
 * it: an owner who never chose is a private owner, which is not the same as having chosen to be one (so no
 * ticked box claims a choice nobody made). One account-wide setting, the same as in Settings.
 */
export function OwnerPrivacy() {
  const mine = useMyRegistry();
  const name = useAuth().user?.displayName;
  const save = useRegistryMutation((ownerPrivacy: boolean) => setOwnerPrivacy({ ownerPrivacy }), {
    onError: (error) => toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
  });
  const data = mine.data;
  const hidden = data?.ownerPrivacy ?? true;
  const chosen = data?.ownerPrivacyChosen ?? false;
  const seen = hidden
    ? 'Visitors of the passports you own see “Private owner”, never your name, city or profile'
    : `Visitors of the passports you own see your name${name ? `, ${name},` : ''} and city, linked to your profile`;
  const why = !chosen
    ? ': you have not chosen yet, and an owner who never chose stays private.'
    : ' (your choice).';
  return (
    // Until the setting is known it keeps its place, invisible, so the tabs below do not jump (a layout shift).
    <section
      aria-label="How passports show you"
      className={cn('flex flex-col gap-2 text-sm text-stone-700', !data && 'invisible')}
    >
      <p aria-live="polite">
        {seen}
        {why} The passport log never carries your name either way.
      </p>
      <div className="flex flex-wrap gap-2">
        {(!chosen || !hidden) && (
          <Button
            size="sm"
            variant="outline"
            disabled={!data || save.isPending}
            onClick={() => save.mutate(true)}
          >
            {chosen ? 'Be a private owner instead' : 'Keep me private'}
          </Button>
        )}
        {(!chosen || hidden) && (
          <Button
            size="sm"
            variant="outline"
            disabled={!data || save.isPending}
            onClick={() => save.mutate(false)}
          >
            {chosen ? 'Show my name instead' : 'Show my name'}
          </Button>
        )}
      </div>
    </section>
  );
}
