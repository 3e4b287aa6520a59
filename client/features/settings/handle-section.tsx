import { useState } from 'react';
import type { Account } from '../../../contract/account';
import { RENAME_HOLD_DAYS } from '../../../contract/handles';
import { FormError } from '../../components/form-parts';
import { HandlePicker } from '../../components/handle-picker';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { useHandleCheck } from '../../lib/use-handle-check';
import { useRenameHandle } from './api';
import { SettingsCard } from './settings-card';
import { formatDay } from '../../lib/format-date';

/**
 * A new handle (docs/decisions/004): checked live like the first one; the old one stays held for the person for
 * 180 days and its pages send visitors to the new address meanwhile.
 */
export function HandleSection({ account }: { account: Account & { handle: string } }) {
  const kind = account.shop ? 'luthier' : 'user';
  const [value, setValue] = useState(account.handle);
  const check = useHandleCheck(value, kind);
  const rename = useRenameHandle();
  const unchanged = check.handle === account.handle;
  const prefix = kind === 'luthier' ? '/l/' : '/u/';
  return (
    <SettingsCard
      title="Handle"
      description={`Your public address is ${prefix}${account.handle}. If you change it, the old address stays yours for ${RENAME_HOLD_DAYS} days and sends visitors to the new one.${account.shop ? ' A verified shop is checked again after a change.' : ''}`}
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (unchanged || check.status !== 'available') return;
          rename.mutate(
            { handle: check.handle },
            {
              onSuccess: (res) =>
                toast({
                  title: 'Handle changed',
                  description: `Your page is now ${prefix}${res.handle}. ${prefix}${res.previousHandle} sends visitors there until ${formatDay(res.heldUntil)}.`,
                }),
            },
          );
        }}
      >
        <FormError error={rename.error} />
        <HandlePicker kind={kind} value={value} onChange={setValue} {...check} current={unchanged} />
        <Button
          type="submit"
          className="justify-self-start"
          disabled={unchanged || check.status !== 'available' || rename.isPending}
        >
          {rename.isPending ? 'Saving...' : 'Change handle'}
        </Button>
      </form>
    </SettingsCard>
  );
}
