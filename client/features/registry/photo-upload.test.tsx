import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/render';
import { PhotoUpload } from './photo-upload';

const image = (name: string, type = 'image/png') => new File([new Uint8Array([1, 2, 3])], name, { type });

/** XMLHttpRequest as the upload uses it: the test reports progress and answers each request. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  url = '';
  form: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  send(form: FormData) {
    this.form = form;
    FakeXhr.sent.push(this);
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const lastSent = async (count: number) => {
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(count));
  return FakeXhr.sent[count - 1]!;
};

const revoke = vi.fn();

describe('PhotoUpload', () => {
  beforeEach(() => {
    revoke.mockClear();
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
    URL.revokeObjectURL = revoke;
    // The uploads go through XMLHttpRequest; the lists they refresh are not on screen here, so nothing is read.
    mockFetch({});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads several photos one after another, each with its caption and a progress bar', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhotoUpload instrumentId="i1" />);
    await user.upload(screen.getByLabelText(/^Photos \(/), [image('front.png'), image('back.png')]);
    const list = screen.getByRole('list', { name: 'Photos to upload' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByAltText('Preview of back.png')).toHaveAttribute('src', 'blob:back.png');
    await user.type(screen.getByLabelText('Caption for front.png'), 'Front');
    await user.type(screen.getByLabelText('Caption for back.png'), 'Back');
    await user.click(screen.getByRole('button', { name: 'Upload 2 photos' }));

    const first = await lastSent(1);
    expect(first.url).toBe('/api/registry/instruments/i1/images');
    expect((first.form!.get('file') as File).name).toBe('front.png');
    expect(first.form!.get('caption')).toBe('Front');
    expect(screen.getByRole('button', { name: 'Uploading 1 of 2...' })).toBeDisabled();
    first.progress(512, 1024);
    expect(screen.getByRole('progressbar', { name: 'Uploading front.png' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    first.respond(201, { id: 'p1' });

    const second = await lastSent(2);
    expect((second.form!.get('file') as File).name).toBe('back.png');
    expect(second.form!.get('caption')).toBe('Back');
    expect(await screen.findByRole('button', { name: 'Uploading 2 of 2...' })).toBeInTheDocument();
    second.respond(201, { id: 'p2' });
    expect(await screen.findByText('2 photos added')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Photos to upload' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Upload photo' })).toBeDisabled();
  });

  it('keeps a photo the server refused, with its reason, and sends the others', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhotoUpload instrumentId="i1" />);
    await user.upload(screen.getByLabelText(/^Photos \(/), [image('broken.png'), image('good.png')]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 photos' }));
    (await lastSent(1)).respond(400, {
      error: 'That file is not an image we can read.',
      code: 'BAD_REQUEST',
    });
    (await lastSent(2)).respond(201, { id: 'p2' });
    expect(await screen.findByText('One photo was not added')).toBeInTheDocument();
    expect(screen.getByText(/^One other was added\./)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Photos to upload' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('alert')).toHaveTextContent('That file is not an image we can read.');
    // Try again: only the refused one goes.
    await user.click(await screen.findByRole('button', { name: 'Upload photo' }));
    expect(((await lastSent(3)).form!.get('file') as File).name).toBe('broken.png');
  });

  it('takes photos dropped on it, refuses other files with a reason, and removes one on request', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhotoUpload instrumentId="i1" />);
    const zone = screen.getByText('Drop photos here, or choose them:').parentElement!;
    fireEvent.drop(zone, {
      dataTransfer: {
        files: [image('top.webp', 'image/webp'), image('notes.txt', 'text/plain')],
        types: ['Files'],
      },
    });
    expect(
      await screen.findByText(/notes\.txt is not a JPEG, PNG, WebP, HEIC or AVIF photo\./),
    ).toBeInTheDocument();
    expect(screen.getByAltText('Preview of top.webp')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove top.webp' }));
    expect(screen.queryByAltText('Preview of top.webp')).toBeNull();
    expect(revoke).toHaveBeenCalledWith('blob:top.webp');
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
