import type { ImgHTMLAttributes } from 'react';

/**
 * Uploaded photos and avatars are stored as WebP at 320, 640 and 1280 px wide and served as
 * `/media/<id>/<width>.webp` (server/media); a width an image is too small for answers with its largest one.
 */
export const MEDIA_WIDTHS = [320, 640, 1280] as const;
const MEDIA_URL = /^\/media\/([0-9a-f-]{36})\/\d{1,5}\.webp$/i;

/** `sizes` of a card in the app's card grids: one column, two from 640 px, three from 1024 px, in max-w-7xl. */
export const GRID_CARD_SIZES =
  '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** The srcset of an uploaded image's URL (any of its widths), or undefined for any other image. */
export function mediaSrcSet(src: string): string | undefined {
  const id = MEDIA_URL.exec(src)?.[1];
  return id ? MEDIA_WIDTHS.map((w) => `/media/${id}/${w}.webp ${w}w`).join(', ') : undefined;
}

/** An uploaded image's largest width (the lightbox shows it), or any other image as it is. */
export function largestImage(src: string): string {
  const id = MEDIA_URL.exec(src)?.[1];
  return id ? `/media/${id}/${MEDIA_WIDTHS.at(-1)}.webp` : src;
}

export interface ImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'loading' | 'decoding'
> {
  src: string;
  alt: string;
  /**
   * The image's proportions as width and height attributes, so its box is reserved before it loads (no layout
   * shift); the CSS classes still decide the size it is drawn at.
   */
  width: number;
  height: number;
  /** How wide the image is drawn (`96px`, or media queries), used to pick from the srcset of an upload. */
  sizes: string;
  /** The page's likely Largest Contentful Paint: fetched at once and first. Every other image loads lazily. */
  priority?: boolean;
}

/** An `<img>` done right: srcset for uploads, reserved space, lazy below the fold, decoded off the main thread. */
export function Image({ src, sizes, priority = false, ...props }: ImageProps) {
  const srcSet = mediaSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      {...props}
    />
  );
}
