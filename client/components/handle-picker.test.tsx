import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HANDLE_CACHE_MS, HANDLE_CHECK_DELAY_MS } from '../../contract/handles';
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

// The pause before a check and the 5 s an answer is kept run on a fake clock, so no test waits for real time.
// Typing goes through fireEvent and waiting through vi.waitFor: user-event and findBy end each step on a
// setTimeout(0) of their own, which a fake clock never fires.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});
const field = () => screen.getByLabelText<HTMLInputElement>('Your handle');
/** Types `text` at the end of the field, one character (one change) at a time. */
function type(text: string) {
  for (const character of text) fireEvent.change(field(), { target: { value: field().value + character } });
}
/** Lets `ms` pass on the fake clock, running the timers due and the answers they lead to. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const shown = (text: string) => vi.waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());

describe('HandlePicker', () => {
  it('asks for 3 characters without calling the server', async () => {
    const calls = answers({});
    renderWithProviders(<Harness />);
    type('ab');
    expect(screen.getByText('Must be at least 3 characters')).toBeInTheDocument();
    await pass(HANDLE_CHECK_DELAY_MS * 2);
    expect(screen.getByText('Must be at least 3 characters')).toBeInTheDocument();
    expect(checks(calls)).toHaveLength(0);
  });

  it('normalises as typed: what the field shows is what is checked and previewed', async () => {
    const calls = answers({ 'cafe-ole': { ok: true, suggestions: [] } });
    renderWithProviders(<Harness />);
    type('  Café Olé!');
    // Accents gone, lower case, the space and "!" each one hyphen; the trailing hyphen waits for the next word.
    expect(field()).toHaveValue('cafe-ole-');
    await pass(HANDLE_CHECK_DELAY_MS);
    await shown('Available! 🎉');
    expect(screen.queryByText('Invalid format. Use letters, numbers, and hyphens only.')).toBeNull();
    expect(screen.getByText(`${window.location.origin}/u/cafe-ole`)).toBeInTheDocument();
    expect(checks(calls).map((c) => c.url)).toEqual(['/api/slug/check?kind=user&slug=cafe-ole']);
  });

  it('says the format is invalid when the server refuses it', async () => {
    answers({ abc: { ok: false, reason: 'invalid', suggestions: [] } });
    renderWithProviders(<Harness initial="abc" />);
    await pass(HANDLE_CHECK_DELAY_MS);
    await shown('Invalid format. Use letters, numbers, and hyphens only.');
  });

  it('checks once after a 300 ms pause, normalises and previews the public URL', async () => {
    const calls = answers({ 'jose-nunez': { ok: true, suggestions: ['jose-nunez-1'] } });
    renderWithProviders(<Harness />);
    type('José Núñez');
    expect(field()).toHaveValue('jose-nunez');
    await pass(HANDLE_CHECK_DELAY_MS - 1);
    expect(checks(calls)).toHaveLength(0);
    await pass(1);
    await shown('Available! 🎉');
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
    await pass(HANDLE_CHECK_DELAY_MS);
    await shown('That handle is taken or on hold—try one of the suggestions below.');
    const list = screen.getByRole('list', { name: 'Suggestions' });
    expect(list.querySelectorAll('button')).toHaveLength(6);
    // As a click does in a browser, the button takes focus first.
    const suggestion = screen.getByRole('button', { name: 'maker-oslo' });
    suggestion.focus();
    fireEvent.click(suggestion);
    expect(field()).toHaveValue('maker-oslo');
    // The chosen suggestion's button goes away with the list; focus is not lost but back in the field.
    expect(field()).toHaveFocus();
    await pass(HANDLE_CHECK_DELAY_MS);
    await shown('Available! 🎉');
  });

  it('without suggestions asks for a different variation', async () => {
    answers({ crowded: { ok: false, reason: 'taken', suggestions: [] } });
    renderWithProviders(<Harness initial="crowded" />);
    await pass(HANDLE_CHECK_DELAY_MS);
    await shown('Try a different variation with numbers or additional words.');
  });

  it('shows the shop URL for a luthier', async () => {
    mockFetch({
      'GET /api/slug/check': () => ({ json: { ok: true, slug: 'oak-and-spruce', suggestions: [] } }),
    });
    renderWithProviders(<Harness kind="luthier" initial="oak-and-spruce" />);
    await pass(HANDLE_CHECK_DELAY_MS);
    await shown(`${window.location.origin}/l/oak-and-spruce`);
  });

  it('keeps an answer 5 s: going back to a checked handle does not ask again', async () => {
    const calls = answers({
      'first-one': { ok: true, suggestions: [] },
      'first-two': { ok: true, suggestions: [] },
    });
    renderWithProviders(<Harness initial="first-one" />);
    await pass(HANDLE_CHECK_DELAY_MS);
    await shown('Available! 🎉');
    const retype = async (handle: string) => {
      fireEvent.change(field(), { target: { value: '' } });
      type(handle);
      await pass(HANDLE_CHECK_DELAY_MS);
      await shown('Available! 🎉');
    };
    await retype('first-two');
    await retype('first-one');
    const asked = () => checks(calls).map((c) => c.url.split('slug=')[1]);
    expect(asked()).toEqual(['first-one', 'first-two']);
    // Once the 5 s are over the answer is stale: going back asks again.
    await pass(HANDLE_CACHE_MS);
    await retype('first-two');
    expect(asked()).toEqual(['first-one', 'first-two', 'first-two']);
  });
});
