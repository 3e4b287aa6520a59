import { Link } from 'react-router';
import { openShopSchema, type Account } from '../../../contract/account';
import { Field, FormError, formText } from '../../components/form-parts';
import { Button } from '../../components/ui/button';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useOpenShop } from './open-shop-api';
import { SettingsCard } from './settings-card';

/**
 * "Open your shop" for an enthusiast: after a building course, or a change of mind, the account becomes a
 * luthier's. The shop is unpublished until they publish it below, and they can register what they built at once.
 */
export function OpenShopSection({ account }: { account: Account }) {
  const open = useSchemaSubmit(openShopSchema, useOpenShop());
  if (account.role !== 'user' || account.shop) return null;
  return (
    <div id="open-shop" className="scroll-mt-20">
      <SettingsCard
        title="Open your shop"
        description="Build instruments? Open a luthier’s shop: register what you build and receive messages from buyers."
      >
        {account.handle ? (
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              open.submitValues({ name: formText(new FormData(event.currentTarget), 'name') });
            }}
          >
            <FormError error={open.error} />
            <Field
              id="open-shop-name"
              name="name"
              label="Shop name"
              defaultValue={account.displayName}
              error={open.fields.name}
            />
            <p className="text-sm text-stone-700">
              Its address will be <span className="font-mono">/l/{account.handle}</span>. It stays unpublished
              until you publish it here.
            </p>
            <Button type="submit" className="justify-self-start" disabled={open.isPending}>
              {open.isPending ? 'Opening…' : 'Open my shop'}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-stone-700">
            Choose your handle first (<Link to="/onboarding">finish setting up</Link>): it becomes your shop’s
            address.
          </p>
        )}
      </SettingsCard>
    </div>
  );
}

/** After opening: where to go next, so there is no dead end. */
export function ShopNextSteps({ account }: { account: Account }) {
  if (!account.shop || account.shop.published) return null;
  return (
    <p
      role="status"
      className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      Your shop is not published yet: publish it in “Your shop” when it is ready.{' '}
      <Link to="/instruments/new" className="font-medium underline">
        Register an instrument you built
      </Link>
      .
    </p>
  );
}
