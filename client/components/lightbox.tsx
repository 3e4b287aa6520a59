import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';
import { Button } from './ui/button';
import { largestImage } from './ui/image';

export interface LightboxPhoto {
  /** Any size of an upload (the largest is shown), or another image's URL. */
  src: string;
  alt: string;
  caption?: string | null;
}

/**
 * A photo at full size over the page: ← and → (or the buttons) step through the photos, Z or the zoom button
 * doubles it (the enlarged photo scrolls to pan, and a click on it zooms too), Escape closes. Focus stays inside
 * and returns to the thumbnail that opened it (Radix Dialog).
 */
export function Lightbox({
  photos,
  index,
  onIndexChange,
  onClose,
}: {
  photos: LightboxPhoto[];
  /** The photo shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const [zoomed, setZoomed] = useState(false);
  // Opened from a thumbnail, not a Radix trigger: focus goes back to whatever had it when the lightbox opened.
  const returnTo = useRef<HTMLElement | null>(null);
  const open = index !== null && photos[index] !== undefined;
  const photo = open ? photos[index] : undefined;
  const go = (step: number) => {
    if (index === null || photos.length < 2) return;
    setZoomed(false);
    onIndexChange((index + step + photos.length) % photos.length);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // In the zoomed photo's frame the arrow keys pan it (the browser scrolls); elsewhere they change photos.
    const panning = zoomed && (event.target as HTMLElement).dataset.lightboxFrame !== undefined;
    if (panning && event.key.startsWith('Arrow')) return;
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'z' || event.key === 'Z' || event.key === '+' || event.key === '-')
      setZoomed(event.key === '-' ? false : event.key === '+' ? true : !zoomed);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setZoomed(false);
          onClose();
        }
      }}
    >
      {photo && index !== null && (
        <DialogContent
          className="max-w-5xl bg-stone-950 p-4 text-white sm:p-6 [&>button[aria-label=Close]]:text-white [&>button[aria-label=Close]]:hover:bg-stone-800"
          onKeyDown={onKeyDown}
          onOpenAutoFocus={() => {
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnTo.current?.focus();
          }}
        >
          <DialogTitle className="pr-10 text-base text-white">
            Photo {index + 1} of {photos.length}
          </DialogTitle>
          <DialogDescription className="text-stone-300">
            {photo.caption || photo.alt}. Use the arrow keys to move between photos and Z to zoom.
          </DialogDescription>
          {/* Focusable, so the zoomed photo can be panned from the keyboard too. */}
          <div
            className="mt-3 max-h-[70vh] overflow-auto rounded-lg bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            data-lightbox-frame=""
            tabIndex={0}
            role="region"
            aria-label={zoomed ? 'Zoomed photo: scroll or use the arrow keys to pan' : 'Photo'}
          >
            <img
              src={largestImage(photo.src)}
              alt={photo.alt}
              onClick={() => setZoomed(!zoomed)}
              className={
                zoomed
                  ? 'w-[200%] max-w-none cursor-zoom-out'
                  : 'mx-auto max-h-[70vh] w-auto max-w-full cursor-zoom-in object-contain'
              }
            />
          </div>
          <div className="mt-3 flex items-center justify-between gap-2">
            <Button
              variant="outline"
              className="border-stone-600 bg-stone-900 text-white hover:bg-stone-800"
              onClick={() => go(-1)}
              disabled={photos.length < 2}
            >
              <ChevronLeft aria-hidden /> <span className="sr-only sm:not-sr-only">Previous</span>
            </Button>
            <Button
              variant="outline"
              className="border-stone-600 bg-stone-900 text-white hover:bg-stone-800"
              aria-pressed={zoomed}
              onClick={() => setZoomed(!zoomed)}
            >
              {zoomed ? <ZoomOut aria-hidden /> : <ZoomIn aria-hidden />} Zoom
            </Button>
            <Button
              variant="outline"
              className="border-stone-600 bg-stone-900 text-white hover:bg-stone-800"
              onClick={() => go(1)}
              disabled={photos.length < 2}
            >
              <span className="sr-only sm:not-sr-only">Next</span> <ChevronRight aria-hidden />
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
