import { useState } from 'react';
import { Link } from 'react-router';
import { SHOP_POLICIES_MAX, shopUpdateSchema, type Account } from '../../../contract/account';
import { Button } from '../../components/ui/button';
import { FieldError, Label, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { Field, FormError, formText } from '../../components/form-parts';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useUpdateShop } from './api';
import { SettingsCard, splitTags } from './settings-card';

export function ShopSection({ shop }: { shop: NonNullable<Account['shop']> }) {
  const update = useSchemaSubmit(shopUpdateSchema, useUpdateShop());
  const { fields } = update;
  const [published, setPublished] = useState(shop.published);
  return (
    <SettingsCard id="shop" title="Your shop" description="Your public luthier page.">
      <p className="mb-4 text-sm text-stone-700">
        Public address:{' '}
        <Link to={`/l/${shop.slug}`} className="font-mono text-wood-700 underline">
          /l/{shop.slug}
        </Link>
      </p>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const get = (name: string) => formText(data, name);
          const year = get('establishedYear').trim();
          update.submit(
            {
              name: get('name'),
              bio: get('bio'),
              workshopBio: get('workshopBio'),
              location: get('location'),
              establishedYear: year ? Number(year) : null,
              specializations: splitTags(get('specializations')),
              policies: get('policies'),
              published,
            },
            { onSuccess: () => toast({ title: 'Shop saved' }) },
          );
        }}
      >
        <FormError error={update.error} />
        <Field id="shop-name-s" name="name" label="Shop name" defaultValue={shop.name} error={fields.name} />
        <div className="grid gap-1.5">
          <Label htmlFor="shop-bio">Shop bio</Label>
          <Textarea id="shop-bio" name="bio" defaultValue={shop.bio ?? ''} maxLength={1000} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="shop-workshop">Workshop bio</Label>
          <Textarea
            id="shop-workshop"
            name="workshopBio"
            defaultValue={shop.workshopBio ?? ''}
            maxLength={2000}
          />
        </div>
        <Field
          id="shop-location"
          name="location"
          label="Location"
          defaultValue={shop.location ?? ''}
          error={fields.location}
        />
        <Field
          id="shop-year"
          name="establishedYear"
          label="Established (year)"
          inputMode="numeric"
          defaultValue={shop.establishedYear ?? ''}
          error={fields.establishedYear}
        />
        <Field
          id="shop-specs"
          name="specializations"
          label="Specializations (comma separated)"
          defaultValue={shop.specializations.join(', ')}
          error={fields.specializations}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="shop-policies">Shop policies</Label>
          <p id="shop-policies-hint" className="text-sm text-stone-600">
            Shipping, returns and commissions, in your words. Shown on your shop page.
          </p>
          <Textarea
            id="shop-policies"
            name="policies"
            defaultValue={shop.policies ?? ''}
            maxLength={SHOP_POLICIES_MAX}
            rows={5}
            aria-invalid={fields.policies ? true : undefined}
            aria-describedby={
              fields.policies ? 'shop-policies-hint shop-policies-error' : 'shop-policies-hint'
            }
          />
          <FieldError id="shop-policies-error" message={fields.policies} />
        </div>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            checked={published}
            onChange={(e) => setPublished(e.target.checked)}
            className="size-4"
          />
          Published (anyone can see the shop page)
        </label>
        <Button type="submit" className="justify-self-start" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save shop'}
        </Button>
      </form>
    </SettingsCard>
  );
}
