import { useRef } from 'react';
import { SHOP_COVER_ALT_MAX, shopUpdateSchema, type Account } from '../../../contract/account';
import { Button } from '../../components/ui/button';
import { Image } from '../../components/ui/image';
import { toast } from '../../components/ui/use-toast';
import { Field, FormError, formText } from '../../components/form-parts';
import { errorText } from '../../lib/api';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useRemoveShopCover, useUpdateShop, useUploadShopCover } from './api';
import { SettingsCard } from './settings-card';

/** The storefront's cover image: upload, replace or remove it, and say in words what it shows. */
export function ShopCoverSection({ shop }: { shop: NonNullable<Account['shop']> }) {
  const upload = useUploadShopCover();
  const remove = useRemoveShopCover();
  const describe = useSchemaSubmit(shopUpdateSchema, useUpdateShop());
  const input = useRef<HTMLInputElement>(null);
  const onError = (error: unknown) =>
    toast({ title: 'Could not update the cover', description: errorText(error), variant: 'destructive' });
  return (
    <SettingsCard
      title="Shop cover"
      description="A wide photo of your work or workshop at the top of your shop page. JPEG, PNG, WebP, HEIC or AVIF up to 15 MB; location data is removed."
    >
      <div className="grid gap-4">
        {shop.coverUrl ? (
          <Image
            src={shop.coverUrl}
            alt={shop.coverAlt ?? 'Your shop cover'}
            width={1280}
            height={400}
            sizes="(min-width: 768px) 640px, 100vw"
            className="aspect-[16/5] w-full rounded-lg object-cover"
          />
        ) : (
          <p className="text-sm text-stone-600">No cover yet: your shop page shows its colours instead.</p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
            className="sr-only"
            aria-label="Choose a cover image"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file, { onSuccess: () => toast({ title: 'Cover updated' }), onError });
              event.target.value = '';
            }}
          />
          <Button variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : shop.coverUrl ? 'Replace the cover' : 'Upload a cover'}
          </Button>
          {shop.coverUrl && (
            <Button
              variant="ghost"
              onClick={() =>
                remove.mutate(undefined, { onSuccess: () => toast({ title: 'Cover removed' }), onError })
              }
              disabled={remove.isPending}
            >
              Remove the cover
            </Button>
          )}
        </div>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const coverAlt = formText(new FormData(event.currentTarget), 'coverAlt');
            describe.submit({ coverAlt }, { onSuccess: () => toast({ title: 'Description saved' }) });
          }}
        >
          <FormError error={describe.error} />
          <Field
            id="shop-cover-alt"
            name="coverAlt"
            label="What the cover shows (for people who cannot see it)"
            defaultValue={shop.coverAlt ?? ''}
            maxLength={SHOP_COVER_ALT_MAX}
            error={describe.fields.coverAlt}
          />
          <Button
            type="submit"
            variant="outline"
            className="justify-self-start"
            disabled={describe.isPending}
          >
            {describe.isPending ? 'Saving...' : 'Save description'}
          </Button>
        </form>
      </div>
    </SettingsCard>
  );
}
