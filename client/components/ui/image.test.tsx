import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GRID_CARD_SIZES, Image, mediaSrcSet } from './image';

const id = '0b8f6a8e-5d2c-4f7e-9a51-3c2d1e0f4a6b';

describe('Image', () => {
  it('gives an upload the srcset of its three stored widths, whichever width its URL names', () => {
    const expected = `/media/${id}/320.webp 320w, /media/${id}/640.webp 640w, /media/${id}/1280.webp 1280w`;
    expect(mediaSrcSet(`/media/${id}/640.webp`)).toBe(expected);
    expect(mediaSrcSet(`/media/${id}/320.webp`)).toBe(expected);
    expect(mediaSrcSet(`/media/${id}/500.webp`)).toBe(expected);
    expect(mediaSrcSet('/instruments/guitar-spruce.svg')).toBeUndefined();
    expect(mediaSrcSet('blob:http://localhost/abc')).toBeUndefined();
    expect(mediaSrcSet(`https://elsewhere.example/media/${id}/640.webp`)).toBeUndefined();
  });

  it('renders an upload with srcset and sizes, its box reserved, lazy and decoded asynchronously', () => {
    render(
      <Image src={`/media/${id}/640.webp`} alt="Front" width={640} height={480} sizes={GRID_CARD_SIZES} />,
    );
    const img = screen.getByRole('img', { name: 'Front' });
    expect(img).toHaveAttribute('srcset', mediaSrcSet(`/media/${id}/640.webp`));
    expect(img).toHaveAttribute(
      'sizes',
      '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
    );
    expect(img).toHaveAttribute('src', `/media/${id}/640.webp`);
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '480');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('renders a static drawing without srcset or sizes, still with its dimensions', () => {
    render(<Image src="/courses/covers/repair.svg" alt="" width={640} height={360} sizes="100vw" />);
    const img = document.querySelector('img')!;
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
  });

  it('fetches the page’s likely largest paint at once and first', () => {
    render(<Image src={`/media/${id}/320.webp`} alt="Ada" width={96} height={96} sizes="96px" priority />);
    const img = screen.getByRole('img', { name: 'Ada' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('sizes', '96px');
  });
});
