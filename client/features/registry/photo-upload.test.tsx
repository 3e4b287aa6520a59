import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PhotoUpload } from './photo-upload';

const image = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

describe('PhotoUpload', () => {
  let answer: (() => void) | undefined;
  let sent: FormData[];
  beforeEach(() => {
    sent = [];
    URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
    URL.revokeObjectURL = vi.fn();
    globalThis.fetch = (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(init?.body as FormData);
      return new Promise<Response>((resolve) => {
        answer = () => resolve(new Response(JSON.stringify({ id: 'p1' }), { status: 201 }));
      });
    };
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends the chosen file with its caption and then clears the form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhotoUpload instrumentId="i1" />);
    await user.upload(screen.getByLabelText(/^Photo/), image('front.png'));
    await user.type(screen.getByLabelText('Caption'), 'Front');
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    await waitFor(() => expect(answer).toBeDefined());
    expect((sent[0]!.get('file') as File).name).toBe('front.png');
    expect(sent[0]!.get('caption')).toBe('Front');
    answer!();
    expect(await screen.findByText('No photo chosen')).toBeInTheDocument();
    expect(screen.getByLabelText('Caption')).toHaveValue('');
    expect(screen.getByLabelText<HTMLInputElement>(/^Photo/).value).toBe('');
  });

  it('keeps a photo chosen while the previous upload was still on its way', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhotoUpload instrumentId="i1" />);
    await user.upload(screen.getByLabelText(/^Photo/), image('front.png'));
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    await waitFor(() => expect(answer).toBeDefined());
    await user.upload(screen.getByLabelText(/^Photo/), image('back.png'));
    answer!();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload photo' })).toBeEnabled());
    expect(screen.getByAltText('Preview of the chosen photo')).toHaveAttribute('src', 'blob:back.png');
    expect(screen.getByLabelText<HTMLInputElement>(/^Photo/).files?.[0]?.name).toBe('back.png');
  });
});
