import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../test/render';
import { HandlePicker } from './handle-picker';
import { useHandleCheck } from '../lib/use-handle-check';

function Harness({ kind = 'user' as const, initial = '' }: { kind?: 'user' | 'luthier'; initial?: string }) {
  const [value, setValue] = useState(initial);
  const check = useHandleCheck(value, kind);
  return <HandlePicker kind={kind} value={value} onChange={setValue} {...check} />;
}

type Answer = { ok: boolean; reason?: string; suggestions: string[] };
function answers(table: Record<string, Answer>) {
  return mockFetch({
    // Any other text the picker checks on the way: as the server answers a handle it cannot normalise.
    'GET /api/slug/check': () => ({ json: { ok: false, slug: '', reason: 'invalid', suggestions: [] } }),
    ...Object.fromEntries(
      Object.entries(table).map(([slug, a]) => [
        `GET /api/slug/check?kind=user&slug=${slug}`,
        () => ({ json: { slug, ...a } }),
      ]),
    ),
  });
}
const checks = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/slug/check'));

describe('HandlePicker', () => {
  it('asks for 3 characters without calling the server', async () => {
    const calls = answers({});
    renderWithProviders(<Harness />);
    await userEvent.type(screen.getByLabelText('Your handle'), 'ab');
    expect(screen.getByText('Must be at least 3 characters')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 400));
    expect(checks(calls)).toHaveLength(0);
  });

  it('normalises as typed: what the field shows is what is checked and previewed', async () => {
    const calls = answers({ 'cafe-ole': { ok: true, suggestions: [] } });
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Your handle');
    await userEvent.type(input, '  Café Olé!');
    // Accents gone, lower case, the space and "!" each one hyphen; the trailing hyphen waits for the next word.
    expect(input).toHaveValue('cafe-ole-');
    expect(await screen.findByText('Available! 🎉')).toBeInTheDocument();
    expect(screen.queryByText('Invalid format. Use letters, numbers, and hyphens only.')).toBeNull();
    expect(screen.getByText(`${window.location.origin}/u/cafe-ole`)).toBeInTheDocument();
    expect(checks(calls).map((c) => c.url)).toEqual(['/api/slug/check?kind=user&slug=cafe-ole']);
  });

  it('says the format is invalid when the server refuses it', async () => {
    answers({ abc: { ok: false, reason: 'invalid', suggestions: [] } });
    renderWithProviders(<Harness initial="abc" />);
    expect(
      await screen.findByText('Invalid format. Use letters, numbers, and hyphens only.'),
    ).toBeInTheDocument();
  });

  it('checks once after a 300 ms pause, normalises and previews the public URL', async () => {
    const calls = answers({ 'jose-nunez': { ok: true, suggestions: ['jose-nunez-1'] } });
    renderWithProviders(<Harness />);
    await userEvent.type(screen.getByLabelText('Your handle'), 'José Núñez');
    expect(screen.getByLabelText('Your handle')).toHaveValue('jose-nunez');
    expect(await screen.findByText('Available! 🎉')).toBeInTheDocument();
    expect(checks(calls).map((c) => c.url)).toEqual(['/api/slug/check?kind=user&slug=jose-nunez']);
    expect(screen.getByText(`${window.location.origin}/u/jose-nunez`)).toBeInTheDocument();
  });

  it('shows the taken message and up to 6 clickable suggestions', async () => {
    const suggestions = ['maker-1', 'maker-2', 'maker-oslo', 'maker-guitars', 'maker-22', 'maker-99'];
    answers({
      maker: { ok: false, reason: 'taken', suggestions },
      'maker-oslo': { ok: true, suggestions: [] },
    });
    renderWithProviders(<Harness initial="maker" />);
    expect(
      await screen.findByText('That handle is taken or on hold—try one of the suggestions below.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Suggestions' });
    expect(list.querySelectorAll('button')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'maker-oslo' }));
    expect(screen.getByLabelText('Your handle')).toHaveValue('maker-oslo');
    // The chosen suggestion's button goes away with the list; focus is not lost but back in the field.
    expect(screen.getByLabelText('Your handle')).toHaveFocus();
    expect(await screen.findByText('Available! 🎉')).toBeInTheDocument();
  });

  it('without suggestions asks for a different variation', async () => {
    answers({ crowded: { ok: false, reason: 'taken', suggestions: [] } });
    renderWithProviders(<Harness initial="crowded" />);
    expect(
      await screen.findByText('Try a different variation with numbers or additional words.'),
    ).toBeInTheDocument();
  });

  it('shows the shop URL for a luthier', async () => {
    mockFetch({
      'GET /api/slug/check': () => ({ json: { ok: true, slug: 'oak-and-spruce', suggestions: [] } }),
    });
    renderWithProviders(<Harness kind="luthier" initial="oak-and-spruce" />);
    expect(await screen.findByText(`${window.location.origin}/l/oak-and-spruce`)).toBeInTheDocument();
  });

  it('keeps an answer 5 s: going back to a checked handle does not ask again', async () => {
    const calls = answers({
      'first-one': { ok: true, suggestions: [] },
      'first-two': { ok: true, suggestions: [] },
    });
    renderWithProviders(<Harness initial="first-one" />);
    await screen.findByText('Available! 🎉');
    const input = screen.getByLabelText('Your handle');
    await userEvent.clear(input);
    await userEvent.type(input, 'first-two');
    await screen.findByText('Available! 🎉');
    await new Promise((r) => setTimeout(r, 350));
    await userEvent.clear(input);
    await userEvent.type(input, 'first-one');
    await new Promise((r) => setTimeout(r, 350));
    await screen.findByText('Available! 🎉');
    expect(checks(calls).map((c) => c.url.split('slug=')[1])).toEqual(['first-one', 'first-two']);
  });
});
