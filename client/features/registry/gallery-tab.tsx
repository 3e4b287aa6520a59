import { ArrowDown, ArrowUp, Star, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
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
import { cn } from '../../lib/cn';

// Only someone who opens a photo loads the lightbox.
const Lightbox = lazy(() => import('../../components/lightbox').then((m) => ({ default: m.Lightbox })));

const fail = (error: unknown) =>
  toast({
    title: 'Error',
    description: errorText(error, 'The photo could not be saved.'),
    variant: 'destructive',
  });

function PhotoControls({
  instrumentId,
  image,
  count,
  index,
  move,
}: {
  instrumentId: string;
  image: InstrumentImage;
  count: number;
  index: number;
  move: { mutate: (change: { from: number; to: number }) => void; isPending: boolean };
}) {
  const [caption, setCaption] = useState(image.caption ?? '');
  const patch = useRegistryMutation((body: ImagePatchInput) => updateImage(instrumentId, image.id, body), {
    onError: fail,
  });
  const remove = useRegistryMutation(() => deleteImage(instrumentId, image.id), { onError: fail });
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
          onClick={() => move.mutate({ from: index, to: index - 1 })}
          aria-label={`Move ${label} earlier`}
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          disabled={index === count - 1 || move.isPending}
          onClick={() => move.mutate({ from: index, to: index + 1 })}
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

/**
 * Photos; the current owner (the maker until the first transfer) uploads, captions, reorders (drag a photo onto
 * another's place, or the earlier / later buttons from the keyboard), chooses the primary one and deletes. Any
 * photo opens in the lightbox.
 */
export function GalleryTab({ instrument: i }: { instrument: InstrumentDetail }) {
  const canManage = i.viewer.isOwner;
  const [open, setOpen] = useState<number | null>(null);
  // Loaded at the first opening and kept mounted, so closing returns focus to the photo that opened it.
  const [used, setUsed] = useState(false);
  const show = (index: number) => {
    setUsed(true);
    setOpen(index);
  };
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const move = useRegistryMutation(
    ({ from, to }: { from: number; to: number }) => {
      const ids = i.images.map((img) => img.id);
      const [moved] = ids.splice(from, 1);
      ids.splice(to, 0, moved!);
      return reorderImages(i.id, { imageIds: ids });
    },
    { onError: fail },
  );
  const photos = i.images.map((img, index) => ({
    src: img.imageUrl,
    alt: img.caption ?? `${i.name}, photo ${index + 1}`,
    caption: img.caption,
  }));
  const endDrag = () => {
    setDragged(null);
    setOver(null);
  };
  return (
    <div className="flex flex-col gap-5">
      {canManage && <PhotoUpload instrumentId={i.id} />}
      {i.viewer.isMaker && !i.viewer.isOwner && (
        <p className="text-sm text-stone-700">
          Ask the owner: after a transfer only the owner changes the photos.
        </p>
      )}
      {i.images.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-8 text-center text-stone-600">
          No photos yet.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos">
          {i.images.map((img, index) => (
            <li
              key={img.id}
              draggable={canManage && !move.isPending}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                setDragged(index);
              }}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                setOver(index);
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null && dragged !== index) move.mutate({ from: dragged, to: index });
                endDrag();
              }}
              onDragEnd={endDrag}
              className={cn(
                'overflow-hidden rounded-xl border bg-white',
                canManage && 'cursor-grab',
                over === index && dragged !== index
                  ? 'border-wood-600 ring-2 ring-wood-600'
                  : 'border-stone-200',
                dragged === index && 'opacity-60',
              )}
            >
              <figure>
                <button
                  type="button"
                  className="relative block aspect-[4/3] w-full bg-wood-50"
                  onClick={() => show(index)}
                  aria-label={`Open photo ${index + 1}${img.caption ? `: ${img.caption}` : ''}`}
                >
                  <Image
                    src={img.imageUrl}
                    alt={photos[index]!.alt}
                    width={640}
                    height={480}
                    sizes={GRID_CARD_SIZES}
                    className="h-full w-full object-cover"
                  />
                  {img.isPrimary && <Badge className="absolute left-2 top-2">Primary</Badge>}
                </button>
                {img.caption && (
                  <figcaption className="px-3 pt-2 text-sm text-stone-700">{img.caption}</figcaption>
                )}
              </figure>
              {canManage && (
                <PhotoControls
                  key={`${img.id}-${img.caption ?? ''}`}
                  instrumentId={i.id}
                  image={img}
                  count={i.images.length}
                  index={index}
                  move={move}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {used && (
        <Suspense fallback={null}>
          <Lightbox photos={photos} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
