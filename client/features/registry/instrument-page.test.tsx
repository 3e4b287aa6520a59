import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_OPEN_EVENT } from '../../lib/auth';
import { InstrumentPage } from '../../pages/instrument';
import {
  INSTRUMENT_ID,
  instrumentFixture,
  luthierFixture,
  registryReads,
} from '../../test/registry-fixtures';
import { mockFetch, renderRoutes, testUser } from '../../test/render';

const me = testUser({ email: 'a@example.test', displayName: 'A', firstName: 'A', lastName: '', handle: 'a' });
const ID = INSTRUMENT_ID;
const routes = [{ path: '/instruments/:id', element: <InstrumentPage /> }];
const detail = instrumentFixture();
/** The owner's page also reads their registry (a named owner's) and looks for an offer in progress (none here). */
const ownerReads = registryReads({ me: { ownerPrivacy: false, ownerPrivacyChosen: true } });

describe('InstrumentPage', () => {
  it('asks guests to sign in and returns them here', async () => {
    const listener = vi.fn();
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    mockFetch({ [`GET /api/public/instruments/${ID}`]: () => ({ json: { passportCode: 'LR-AAAA-BBBB' } }) });
    renderRoutes(routes, { path: `/instruments/${ID}` });
    // Guests are offered the public passport instead.
    expect(
      await screen.findByRole('link', { name: 'Open the public passport LR-AAAA-BBBB' }),
    ).toHaveAttribute('href', '/p/LR-AAAA-BBBB');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((listener.mock.calls[0]![0] as CustomEvent).detail).toEqual({
      mode: 'signin',
      next: `/instruments/${ID}`,
    });
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
  });

  it('shows "Instrument Not Found" on 404', async () => {
    mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({
        status: 404,
        json: { error: 'x', code: 'NOT_FOUND' },
      }),
    });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    expect(await screen.findByRole('heading', { name: 'Instrument Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText('The requested instrument could not be found in our registry.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to registry/ })).toHaveAttribute('href', '/registry');
  });

  it('shows "Failed to fetch instrument" on other failures', async () => {
    mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({
        status: 500,
        json: { error: 'x', code: 'INTERNAL_ERROR' },
      }),
    });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    expect(await screen.findByText('Failed to fetch instrument', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('renders the tabs; Provenance lists the owners in order; strangers get no owner actions', async () => {
    mockFetch({ [`GET /api/registry/instruments/${ID}`]: () => ({ json: detail }) });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    expect(await screen.findByRole('heading', { level: 1, name: 'Amber Violin' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Gallery',
      'Provenance',
      'Service History',
    ]);
    expect(screen.queryByRole('button', { name: /Transfer/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Provenance' }));
    const owners = screen.getByRole('list', { name: 'Owners in order' });
    expect([...owners.querySelectorAll('li')].map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Elena Marquez',
      'Sam Carter',
    ]);
  });

  it('links the maker to their shop and the person behind it, and public owners to their profiles', async () => {
    const named = {
      ...detail,
      luthier: luthierFixture(),
      currentOwner: { name: 'Sam Carter', handle: 'sam', location: 'Bristol, UK' },
      ownershipHistory: [
        { ...detail.ownershipHistory[0]!, ownerHandle: 'elena' },
        { ...detail.ownershipHistory[1]!, ownerHandle: 'sam' },
      ],
    };
    mockFetch({ [`GET /api/registry/instruments/${ID}`]: () => ({ json: named }) });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    const maker = await screen.findByRole('region', { name: 'Maker' });
    expect(within(maker).getByRole('link', { name: 'Marquez Violins' })).toHaveAttribute(
      'href',
      '/l/marquez-violins',
    );
    expect(within(maker).getByRole('link', { name: 'Elena Marquez' })).toHaveAttribute('href', '/u/elena');
    const owner = screen.getByRole('region', { name: 'Current owner' });
    expect(within(owner).getByRole('link', { name: 'Sam Carter' })).toHaveAttribute('href', '/u/sam');
    await userEvent.click(screen.getByRole('tab', { name: 'Provenance' }));
    const owners = screen.getByRole('list', { name: 'Owners in order' });
    expect(within(owners).getByRole('link', { name: 'Elena Marquez' })).toHaveAttribute('href', '/u/elena');
    expect(within(owners).getByRole('link', { name: 'Sam Carter' })).toHaveAttribute('href', '/u/sam');
  });

  it('never links a private owner, a former owner or a person without a handle', async () => {
    const hidden = {
      ...detail,
      luthier: luthierFixture({ ownerHandle: null, location: null, establishedYear: null, verified: false }),
      currentOwner: { name: 'Private owner', handle: null, location: null },
      ownershipHistory: [
        { ...detail.ownershipHistory[0]!, ownerName: 'Former owner', ownerHandle: null },
        { ...detail.ownershipHistory[1]!, ownerName: 'Private owner', ownerHandle: null, location: null },
      ],
    };
    mockFetch({ [`GET /api/registry/instruments/${ID}`]: () => ({ json: hidden }) });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    const owner = await screen.findByRole('region', { name: 'Current owner' });
    expect(within(owner).getByText('Private owner')).toBeInTheDocument();
    expect(within(owner).queryByRole('link')).not.toBeInTheDocument();
    const maker = screen.getByRole('region', { name: 'Maker' });
    expect(within(maker).getByText('Elena Marquez')).toBeInTheDocument();
    expect(within(maker).queryByRole('link', { name: 'Elena Marquez' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Provenance' }));
    const owners = screen.getByRole('list', { name: 'Owners in order' });
    expect([...owners.querySelectorAll('li')].map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Former owner',
      'Private owner',
    ]);
    expect(within(owners).queryByRole('link')).not.toBeInTheDocument();
  });

  it('a buyer on a listed instrument gets the way to ask the seller’s shop about it, not only the price', async () => {
    const listing = {
      status: 'for-sale',
      price: '14500.00',
      currency: 'GBP',
      note: 'Viewing in Bristol.',
      updatedAt: '2026-11-01T00:00:00Z',
    };
    mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({ json: { ...detail, listing } }),
      'GET /api/public/passports/LR-AAAA-BBBB/listing': () => ({
        json: { listing, shop: { name: 'Carter Strings', slug: 'carter-strings' }, instrumentId: ID },
      }),
    });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    expect(await screen.findByText('For sale · £14,500.00')).toBeInTheDocument();
    expect(screen.getByText('Viewing in Bristol.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Write to Carter Strings about it' })).toHaveAttribute(
      'href',
      `/l/carter-strings?about=${ID}`,
    );
  });

  it('gives the owner the QR label, and a listing form whose only button is one that does something', async () => {
    const asOwner = instrumentFixture({ viewer: { isOwner: true } });
    const calls = mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({ json: asOwner }),
      ...ownerReads,
    });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    expect(await screen.findByRole('link', { name: 'QR label (print)' })).toHaveAttribute(
      'href',
      '/p/LR-AAAA-BBBB/label',
    );
    const listing = screen.getByRole('region', { name: 'Listing: not listed' });
    // Not listed: nothing to take off, so no button, and words that say how to list it.
    expect(within(listing).queryByRole('button')).not.toBeInTheDocument();
    expect(listing).toHaveTextContent('Choose For sale or Commissions open to show it on your shop page');
    await userEvent.selectOptions(within(listing).getByLabelText('Show it as'), 'for-sale');
    expect(within(listing).getByRole('button', { name: 'Save listing' })).toBeInTheDocument();
    await userEvent.selectOptions(within(listing).getByLabelText('Show it as'), 'not-listed');
    expect(within(listing).queryByRole('button')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('a new listing starts in the currency the owner usually prices in, with room for the amount', async () => {
    const asOwner = instrumentFixture({ viewer: { isOwner: true } });
    mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({ json: asOwner }),
      ...registryReads({ me: { ownerPrivacy: false, ownerPrivacyChosen: true, usualCurrency: 'GBP' } }),
    });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    const listing = await screen.findByRole('region', { name: 'Listing: not listed' });
    await userEvent.selectOptions(within(listing).getByLabelText('Show it as'), 'for-sale');
    await waitFor(() => expect(within(listing).getByLabelText('Currency')).toHaveValue('GBP'));
    // The amount and its currency take the form's whole row, not one of its two columns.
    expect(
      within(listing).getByLabelText('Price (empty: on request)').closest('.sm\\:col-span-2'),
    ).not.toBeNull();
  });

  it("the owner's stolen banner gives the theft date as every date reads, with the place and reference", async () => {
    const stolen = instrumentFixture({
      viewer: { isOwner: true },
      status: 'stolen',
      stolen: { date: '2026-12-06', place: 'Lyon, France', policeReference: 'PR-2291' },
    });
    mockFetch({ [`GET /api/registry/instruments/${ID}`]: () => ({ json: stolen }), ...ownerReads });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    // en-US, the tests' locale: the month in words (formatDay), never the stored 2026-12-06.
    expect(await screen.findByText(/^Reported stolen on/)).toHaveTextContent(
      'Reported stolen on December 6, 2026 in Lyon, France · police reference PR-2291',
    );
  });

  it('the owner (not the maker) sets condition and value in their own dialog; the maker edits without them', async () => {
    const asOwner = instrumentFixture({ viewer: { isOwner: true } });
    const calls = mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({ json: asOwner }),
      ...ownerReads,
      [`PATCH /api/registry/instruments/${ID}`]: () => ({
        json: { ...asOwner, condition: 'good', estimatedValue: 350000, estimatedValueCurrency: 'JPY' },
      }),
    });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    expect(await screen.findByRole('heading', { level: 1, name: 'Amber Violin' })).toBeInTheDocument();
    // The owner reads their estimate in the currency they stored it in (formatPrice: a euro has cents).
    const estimate = () => screen.getByText('Estimated value (visible only to you)').nextElementSibling;
    expect(estimate()).toHaveTextContent('€14,500.00');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Condition & value' }));
    const condition = await screen.findByLabelText('Condition');
    expect(condition).toHaveValue('mint');
    await userEvent.selectOptions(condition, 'good');
    const value = screen.getByLabelText('Estimated value (optional, private)');
    expect(value).toHaveValue('14500');
    const currency = screen.getByLabelText('Currency');
    expect(currency).toHaveValue('EUR');
    await userEvent.clear(value);
    await userEvent.type(value, '350,000');
    await userEvent.selectOptions(currency, 'JPY');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      condition: 'good',
      estimatedValue: 350000,
      estimatedValueCurrency: 'JPY',
    });
    // The saved answer replaces the page's: yen have no minor unit.
    await waitFor(() => expect(estimate()).toHaveTextContent('¥350,000'));
    expect(estimate()).not.toHaveTextContent('¥350,000.00');
  });

  it("a maker who no longer owns it edits build details without the owner's fields", async () => {
    const asMaker = instrumentFixture({ viewer: { isMaker: true } });
    const calls = mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({ json: asMaker }),
      [`PATCH /api/registry/instruments/${ID}`]: () => ({ json: { ...asMaker, model: 'Guarneri' } }),
    });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('Model')).toHaveValue('Strad');
    expect(screen.queryByLabelText('Condition')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Estimated value (optional, private)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Currency')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Model'));
    await userEvent.type(screen.getByLabelText('Model'), 'Guarneri');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    await screen.findByText('Changes saved');
    const body = calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body.model).toBe('Guarneri');
    expect(body).not.toHaveProperty('condition');
    expect(body).not.toHaveProperty('estimatedValue');
    expect(body).not.toHaveProperty('estimatedValueCurrency');
  });
});
