import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INSTRUMENT_ID, instrumentFixture, registryReads } from '../../test/registry-fixtures';
import { mockFetch, renderWithProviders } from '../../test/render';
import { GalleryTab } from './gallery-tab';

const ID = INSTRUMENT_ID;
/** A photo whose id (a uuid, as the server's) is made of one letter: 'a' is aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa. */
const photoId = (letter: string) =>
  `${letter.repeat(8)}-${letter.repeat(4)}-4${letter.repeat(3)}-8${letter.repeat(3)}-${letter.repeat(12)}`;
const photo = (letter: string, caption: string | null, orderIndex: number) => ({
  id: photoId(letter),
  url: `/media/${letter.repeat(36)}/1280.webp`,
  imageUrl: `/media/${letter.repeat(36)}/640.webp`,
  caption,
  isPrimary: orderIndex === 0,
  orderIndex,
});
const instrument = (manage: boolean, isMaker = manage) =>
  instrumentFixture({
    images: [photo('a', 'Front', 0), photo('b', 'Back', 1), photo('c', null, 2)],
    viewer: { isMaker, isOwner: manage },
  });

describe('GalleryTab', () => {
  it('tells a maker who no longer owns the instrument to ask the owner, and offers no photo controls', () => {
    renderWithProviders(<GalleryTab instrument={instrument(false, true)} />);
    expect(
      screen.getByText('Ask the owner: after a transfer only the owner changes the photos.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Back later' })).toBeNull();
    const items = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('draggable', 'false');
  });

  it('reorders by dragging a photo onto another place', async () => {
    const calls = mockFetch({
      [`PUT /api/registry/instruments/${ID}/images/order`]: () => ({ json: { ok: true } }),
      'GET /api/registry/instruments': () => ({ json: [] }),
      ...registryReads(),
    });
    renderWithProviders(<GalleryTab instrument={instrument(true)} />);
    const items = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('draggable', 'true');
    const dataTransfer = { effectAllowed: '', types: [] as string[] };
    fireEvent.dragStart(items[0]!, { dataTransfer });
    fireEvent.dragOver(items[2]!, { dataTransfer });
    fireEvent.drop(items[2]!, { dataTransfer });
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ imageIds: ['b', 'c', 'a'].map(photoId) });
  });

  it('keeps the earlier / later buttons for the keyboard, and visitors cannot drag', async () => {
    const calls = mockFetch({
      [`PUT /api/registry/instruments/${ID}/images/order`]: () => ({ json: { ok: true } }),
      'GET /api/registry/instruments': () => ({ json: [] }),
      ...registryReads(),
    });
    const { unmount } = renderWithProviders(<GalleryTab instrument={instrument(true)} />);
    screen.getByRole('button', { name: 'Move Back later' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ imageIds: ['a', 'c', 'b'].map(photoId) }),
    );
    unmount();
    renderWithProviders(<GalleryTab instrument={instrument(false)} />);
    const items = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('draggable', 'false');
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });

  it('opens a photo in the lightbox at its largest size; arrows step through, Z zooms, Escape closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GalleryTab instrument={instrument(false)} />);
    const opener = screen.getByRole('button', { name: 'Open photo 2: Back' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Photo 2 of 3' });
    expect(within(dialog).getByRole('img', { name: 'Back' })).toHaveAttribute(
      'src',
      `/media/${'b'.repeat(36)}/1280.webp`,
    );
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('dialog')).getByRole('img', { name: 'Amber Violin, photo 3' }),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeInTheDocument();
    const zoom = screen.getByRole('button', { name: 'Zoom' });
    expect(zoom).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('z');
    expect(zoom).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeInTheDocument();
    // A new photo starts unzoomed.
    expect(screen.getByRole('button', { name: 'Zoom' })).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });
});
