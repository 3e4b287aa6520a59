import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { REGISTRY_COUNT_CAP, type InstrumentSummary } from '../../../contract/registry';
import { mockFetch, renderWithProviders } from '../../test/render';
import { RegistryBrowser } from './registry-browser';

const card = (over: Partial<InstrumentSummary>): InstrumentSummary => ({
  id: crypto.randomUUID(),
  passportCode: 'LR-AAAA-BBBB',
  name: 'Test Guitar',
  instrumentType: 'guitar',
  category: 'classical',
  model: null,
  yearMade: 2019,
  // The public list never carries an owner's estimate.
  estimatedValue: null,
  estimatedValueCurrency: null,
  condition: 'excellent',
  verified: false,
  status: 'active',
  imageUrl: '/instruments/guitar-spruce.svg',
  luthier: {
    id: 's1',
    businessName: 'Hauser Werkstatt',
    contactName: 'J',
    ownerHandle: 'hauser',
    location: 'Markneukirchen, Germany',
    establishedYear: 1978,
    verified: true,
    specializations: [],
    slug: 'hauser',
  },
  ...over,
});

let calls: { url: string }[];
/** The last address the browser asked for (path and query). */
const lastUrl = () => calls.at(-1)?.url;
/** Answers /api/registry/instruments by query; total comes back in X-Total-Count like the server's. */
function serve(
  answer: (params: URLSearchParams) => {
    status?: number;
    items?: InstrumentSummary[];
    total?: number;
    capped?: boolean;
  },
) {
  calls = mockFetch({
    'GET /api/registry/instruments': (_, url) => {
      const { status = 200, items = [], total = items.length, capped = false } = answer(url.searchParams);
      const headers = { 'x-total-count': String(total), 'x-total-count-capped': String(capped) };
      return status === 200
        ? { json: items, headers }
        : { status, json: { error: 'boom', code: 'INTERNAL_ERROR' }, headers };
    },
  });
}

beforeEach(() => {
  serve((p) =>
    p.get('type') === 'violin'
      ? { items: [card({ name: 'Amber Violin', instrumentType: 'violin', verified: true })] }
      : {
          items: [
            card({ name: 'Concert Classical' }),
            card({ name: 'Amber Violin', instrumentType: 'violin' }),
          ],
          total: 60,
        },
  );
});

describe('RegistryBrowser', () => {
  it('shows the cards and the total count from X-Total-Count', async () => {
    renderWithProviders(<RegistryBrowser />, { path: '/registry' });
    expect(
      await screen.findByRole('article', { name: 'Concert Classical' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('60 instruments found')).toBeInTheDocument();
    // The maker's name opens their shop, above the card's own link.
    const card = screen.getByRole('article', { name: 'Concert Classical' });
    expect(within(card).getByRole('link', { name: 'Hauser Werkstatt' })).toHaveAttribute('href', '/l/hauser');
    expect(
      screen.getAllByText(
        (_, el) => el?.textContent === 'Hauser Werkstatt, Markneukirchen, Germany' && el.tagName === 'SPAN',
      ),
    ).toHaveLength(2);
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Classical · Guitar · 2019')).toHaveLength(1);
    expect(screen.getAllByText('Condition: Excellent')).toHaveLength(2);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('says "100+" past the counting cap and pages on while pages are full', async () => {
    const full = Array.from({ length: 24 }, (_, n) => card({ id: `i${n}`, name: `Broad ${n}` }));
    serve((p) =>
      p.get('page') === '6'
        ? { items: full.slice(0, 5), total: REGISTRY_COUNT_CAP, capped: true }
        : { items: full, total: REGISTRY_COUNT_CAP, capped: true },
    );
    const user = userEvent.setup();
    renderWithProviders(<RegistryBrowser />, { path: '/registry?page=5' });
    // The first page of 24 cards can take over a second to render on a busy machine.
    expect(await screen.findByText('100+ instruments found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Page 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 6', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled(), {
      timeout: 5000,
    });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('filters by type and category through the API', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegistryBrowser />, { path: '/registry' });
    await screen.findByRole('article', { name: 'Concert Classical' }, { timeout: 5000 });
    // Every family, grouped: the violin family, the plucked instruments, the other strings.
    const type = screen.getByLabelText('Type');
    expect([...type.querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'Violin family',
      'Plucked',
      'Other strings',
    ]);
    expect([...type.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All types',
      'Violin',
      'Viola',
      'Cello',
      'Double bass',
      'Guitar',
      'Bass guitar',
      'Mandolin',
      'Ukulele',
      'Banjo',
      'Lute',
      'Oud',
      'Bouzouki',
      'Harp',
      'Viola da gamba',
      'Hurdy-gurdy',
      'Dulcimer',
    ]);
    const categories = () =>
      [...screen.getByLabelText('Category').querySelectorAll('option')].map((o) => o.value);
    // The seed's four while every type is shown.
    expect(categories()).toEqual(['all', 'acoustic', 'electric', 'classical', 'flamenco']);
    await user.selectOptions(type, 'violin');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Concert Classical' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('1 instrument found')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    // A violin's own categories once the type is chosen: never flamenco.
    expect(categories()).toEqual(['all', 'classical', 'baroque', 'electric']);
    await user.selectOptions(screen.getByLabelText('Category'), 'baroque');
    await waitFor(() => expect(lastUrl()).toContain('type=violin&category=baroque&page=1'));
    expect(screen.getByRole('button', { name: 'Remove filter Violin' })).toBeInTheDocument();
    // A category the next type does not have is dropped with the change of type.
    await user.selectOptions(type, 'ukulele');
    await waitFor(() => expect(lastUrl()).toContain('type=ukulele&page=1'));
    expect(lastUrl()).not.toContain('category');
    expect(categories()).toEqual(['all', 'soprano', 'concert', 'tenor', 'baritone']);
    await user.selectOptions(type, 'cello');
    await user.selectOptions(screen.getByLabelText('Category'), 'baroque');
    await user.selectOptions(type, 'viola');
    await waitFor(() => expect(lastUrl()).toContain('type=viola&category=baroque'));
  });

  it('searches after a pause and shows the empty state with a way out', async () => {
    serve((p) => (p.get('search') ? { items: [] } : { items: [card({ name: 'Concert Classical' })] }));
    const user = userEvent.setup();
    renderWithProviders(<RegistryBrowser />, { path: '/registry' });
    await screen.findByRole('article', { name: 'Concert Classical' }, { timeout: 5000 });
    await user.type(screen.getByLabelText('Search'), '100% _x');
    expect(
      await screen.findByRole('heading', { name: 'No instruments found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(lastUrl()).toContain(`search=${encodeURIComponent('100% _x').replace(/%20/g, '+')}`);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('article', { name: 'Concert Classical' })).toBeInTheDocument();
  });

  it('sorts a search by relevance unless another order is chosen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegistryBrowser />, { path: '/registry' });
    await screen.findByRole('article', { name: 'Concert Classical' }, { timeout: 5000 });
    const sortOptions = () =>
      [...screen.getByLabelText('Sort').querySelectorAll('option')].map((o) => o.textContent);
    // Without a search there is nothing to rank: newest first, no Relevance.
    expect(sortOptions()).toEqual(['Newest first', 'Year made: newest', 'Year made: oldest']);
    expect(screen.getByLabelText('Sort')).toHaveValue('newest');
    await user.type(screen.getByLabelText('Search'), 'bellandi violin');
    await waitFor(() => expect(lastUrl()).toContain('search=bellandi+violin'));
    // Searching, the best matches come first: the server's default, so the address asks for no sort.
    expect(sortOptions()).toEqual(['Relevance', 'Newest first', 'Year made: newest', 'Year made: oldest']);
    expect(screen.getByLabelText('Sort')).toHaveValue('relevance');
    expect(lastUrl()).not.toContain('sort=');
    await user.selectOptions(screen.getByLabelText('Sort'), 'newest');
    await waitFor(() => expect(lastUrl()).toContain('sort=newest'));
    expect(screen.getByLabelText('Sort')).toHaveValue('newest');
    // Back to relevance: the answer without a sort, already at hand, is shown again.
    await user.selectOptions(screen.getByLabelText('Sort'), 'relevance');
    await waitFor(() => expect(screen.getByLabelText('Sort')).toHaveValue('relevance'));
  });

  it('pages and switches to the list view', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegistryBrowser />, { path: '/registry' });
    await screen.findByRole('article', { name: 'Concert Classical' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastUrl()).toContain('page=2'));
    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("after Next and Previous, focus is on the new page's count and the page is announced", async () => {
    serve((p) => ({
      items: [card({ name: p.get('page') === '2' ? 'Second Page Viola' : 'Concert Classical' })],
      total: 60,
    }));
    const user = userEvent.setup();
    renderWithProviders(<RegistryBrowser />, { path: '/registry' });
    await screen.findByRole('article', { name: 'Concert Classical' }, { timeout: 5000 });
    // Loading the registry moves no focus and announces no page.
    expect(document.body).toHaveFocus();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).not.toContain('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('article', { name: 'Second Page Viola' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByText('60 instruments found')).toHaveFocus());
    expect(screen.getByText('60 instruments found')).toHaveAttribute('tabindex', '-1');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Page 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('article', { name: 'Concert Classical' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByText('60 instruments found')).toHaveFocus());
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Page 1 of 3');
  });

  it('says "Failed to fetch instruments" when the API fails', async () => {
    serve(() => ({ status: 500 }));
    renderWithProviders(<RegistryBrowser />, { path: '/registry' });
    expect(await screen.findByText('Failed to fetch instruments')).toBeInTheDocument();
  });
});
