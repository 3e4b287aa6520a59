import { ArrowDown, ArrowUp, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { InstrumentDetail, InstrumentImage } from '../../../contract/registry';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { GRID_CARD_SIZES, Image } from '../../components/ui/image';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import type { ImagePatchInput } from '../../../contract/registry';
import { deleteImage, reorderImages, updateImage, useRegistryMutation } from './api';
import { PhotoUpload } from './photo-upload';

const fail = (error: unknown) =>
  toast({
    title: 'Error',
    description: errorText(error, 'The photo could not be saved.'),
    variant: 'destructive',
  });

function PhotoControls({
  instrumentId,
  image,
  images,
  index,
}: {
  instrumentId: string;
  image: InstrumentImage;
  images: InstrumentImage[];
  index: number;
}) {
  const [caption, setCaption] = useState(image.caption ?? '');
  const patch = useRegistryMutation((body: ImagePatchInput) => updateImage(instrumentId, image.id, body), {
    onError: fail,
  });
  const remove = useRegistryMutation(() => deleteImage(instrumentId, image.id), { onError: fail });
  const move = useRegistryMutation(
    (to: number) => {
      const ids = images.map((i) => i.id);
      ids.splice(index, 1);
      ids.splice(to, 0, image.id);
      return reorderImages(instrumentId, { imageIds: ids });
    },
    { onError: fail },
  );
  const label = image.caption || `photo ${index + 1}`;
  return (
    <div className="flex flex-col gap-2 p-3">
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          patch.mutate({ caption: caption.trim() || null });
        }}
      >
        <Label htmlFor={`caption-${image.id}`} className="sr-only">
          Caption of {label}
        </Label>
        <Input
          id={`caption-${image.id}`}
          value={caption}
          maxLength={300}
          onChange={(e) => setCaption(e.target.value)}
        />
        <Button type="submit" variant="outline" size="sm" disabled={patch.isPending}>
          Save
        </Button>
      </form>
      <div className="flex flex-wrap gap-1">
        <Button
          size="sm"
          variant="ghost"
          disabled={image.isPrimary || patch.isPending}
          onClick={() => patch.mutate({ isPrimary: true })}
          aria-label={`Make ${label} the primary photo`}
        >
          <Star aria-hidden /> Primary
        </Button>
        <Button
          size="icon"
          variant="ghost"
          disabled={index === 0 || move.isPending}
          onClick={() => move.mutate(index - 1)}
          aria-label={`Move ${label} earlier`}
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          disabled={index === images.length - 1 || move.isPending}
          onClick={() => move.mutate(index + 1)}
          aria-label={`Move ${label} later`}
        >
          <ArrowDown aria-hidden />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className="text-red-700"
          disabled={remove.isPending}
          onClick={() => remove.mutate(undefined)}
          aria-label={`Delete ${label}`}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </div>
  );
}

/** Photos; the maker and the current owner upload, caption, reorder, choose the primary one and delete. */
export function GalleryTab({ instrument: i }: { instrument: InstrumentDetail }) {
  const canManage = i.viewer.isMaker || i.viewer.isOwner;
  return (
    <div className="flex flex-col gap-5">
      {canManage && <PhotoUpload instrumentId={i.id} />}
      {i.images.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-8 text-center text-stone-600">
          No photos yet.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos">
          {i.images.map((img, index) => (
            <li key={img.id} className="overflow-hidden rounded-xl border border-stone-200 bg-white">
              <figure>
                <div className="relative aspect-[4/3] bg-wood-50">
                  <Image
                    src={img.imageUrl}
                    alt={img.caption ?? `${i.name}, photo ${index + 1}`}
                    width={640}
                    height={480}
                    sizes={GRID_CARD_SIZES}
                    className="h-full w-full object-cover"
                  />
                  {img.isPrimary && <Badge className="absolute left-2 top-2">Primary</Badge>}
                </div>
                {img.caption && (
                  <figcaption className="px-3 pt-2 text-sm text-stone-700">{img.caption}</figcaption>
                )}
              </figure>
              {canManage && (
                <PhotoControls
                  key={`${img.id}-${img.caption ?? ''}`}
                  instrumentId={i.id}
                  image={img}
                  images={i.images}
                  index={index}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
