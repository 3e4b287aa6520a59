import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InstrumentPage } from '../../pages/instrument';
import {
  instrumentFixture,
  ownershipRecord,
  privacyRoutes,
  registryReads,
  transferFixture,
} from '../../test/registry-fixtures';
import { mockFetch, renderRoutes, testUser } from '../../test/render';

// The owner's working view of a passport: the transfer form prices in a currency, the history shows a purchase
// price in its own, and the privacy line says what visitors see and whether the owner chose it.

const me = testUser({ handle: 'sam' });
const ID = '22222222-2222-4222-8222-222222222222';
const routes = [{ path: '/instruments/:id', element: <InstrumentPage /> }];

const detail = instrumentFixture({
  id: ID,
  passportCode: 'LR-CCCC-DDDD',
  name: 'Koa Tenor',
  instrumentType: 'guitar',
  model: null,
  bodyWood: null,
  numberOfStrings: 6,
  scaleLength: null,
  yearMade: 2018,
  estimatedValue: null,
  estimatedValueCurrency: null,
  condition: null,
  verified: false,
  currentOwner: { name: 'Sam Carter', handle: null, location: 'Kyoto, Japan' },
  ownershipHistory: [
    ownershipRecord({
      id: 'o1',
      ownerName: 'Private owner',
      startDate: '2018-01-01',
      endDate: '2024-01-01',
    }),
    ownershipRecord({
      id: 'o2',
      location: 'Kyoto, Japan',
      startDate: '2024-01-01',
      acquisitionMethod: 'purchase',
      purchasePrice: '4600.50',
      purchaseCurrency: 'EUR',
    }),
  ],
  events: [{ id: 'e1', type: 'created', data: {}, createdAt: '2018-01-01T00:00:00Z' }],
  viewer: { isOwner: true },
});

const transfer = ({ price, currency }: { price: string | null; currency: string | null }) =>
  transferFixture({
    id: 't9',
    instrument: { id: ID, name: 'Koa Tenor', passportCode: 'LR-CCCC-DDDD', imageUrl: null },
    direction: 'outgoing',
    fromName: 'Sam Carter',
    toLabel: '@yoko',
    price,
    currency,
    listing: null,
    expiresAt: '2026-12-10T00:00:00.000Z',
    createdAt: '2026-11-26T00:00:00.000Z',
  });

describe('the owner’s passport actions', () => {
  it('offers in the currency the owner usually prices in, sends it, and shows a purchase price in its own', async () => {
    const calls = mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({ json: detail }),
      ...registryReads({ me: { usualCurrency: 'JPY' } }),
      [`POST /api/registry/instruments/${ID}/transfers`]: (body) => ({
        status: 201,
        json: transfer(body as { price: string; currency: string }),
      }),
    });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    await userEvent.click(await screen.findByRole('tab', { name: 'Provenance' }));
    const owners = screen.getByRole('list', { name: 'Owners in order' });
    expect(owners).toHaveTextContent('Purchase · €4,600.50 (visible only to you)');

    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('JPY');
    const fill = async (label: string, text: string) => {
      await userEvent.click(within(dialog).getByLabelText(label));
      await userEvent.paste(text);
    };
    await fill('Recipient email or handle', '@yoko');
    await fill('Price (optional, private)', '2400.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    // Yen have no minor units: a fraction is refused before anything is sent.
    expect(
      await within(dialog).findByText('JPY amounts have no decimals: enter a whole amount.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/A whole amount of JPY\./)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Price (optional, private)'));
    await fill('Price (optional, private)', '4,600.505');
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'EUR');
    expect(within(dialog).getByText(/at most 2 decimals in EUR/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText('EUR amounts have at most 2 decimals.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    // The price is typed as people write it, grouped and with cents, and sent as typed.
    await userEvent.clear(within(dialog).getByLabelText('Price (optional, private)'));
    await fill('Price (optional, private)', '4,600.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Transfer offered')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { recipient: '@yoko', method: 'purchase', price: '4,600.50', currency: 'EUR' },
    ]);
  });

  it('prices a listed instrument in its listing’s currency; without a listing or habit, US dollars', async () => {
    const listed = {
      ...detail,
      listing: {
        status: 'for-sale',
        price: '3200.00',
        currency: 'GBP',
        note: null,
        updatedAt: '2026-11-01T00:00:00Z',
      },
    };
    mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({ json: listed }),
      ...registryReads({ me: { usualCurrency: 'JPY' } }),
      [`GET /api/purchase-offers?role=seller&instrumentId=${ID}`]: () => ({
        json: {
          offers: [
            {
              id: 'o1',
              instrument: { id: ID, name: 'Listed Viola', passportCode: 'LR-AAAA-BBBB' },
              role: 'seller',
              buyerName: 'Olga Offer',
              buyerHandle: 'olga',
              sellerName: 'Me',
              price: '4300.00',
              currency: 'EUR',
              listed: null,
              message: null,
              status: 'open',
              awaiting: 'seller',
              expiresAt: '2026-12-14T10:00:00.000Z',
              conversationId: null,
              transferId: null,
              soldPriceShown: false,
              createdAt: '2026-12-07T10:00:00.000Z',
              updatedAt: '2026-12-07T10:00:00.000Z',
            },
          ],
        },
      }),
    });
    const first = renderRoutes(routes, { path: `/instruments/${ID}`, me });
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('Currency')).toHaveValue('GBP');
    // A buyer's offer waiting on the listing: its buyer and price fill the transfer.
    const waiting = await dialog.findByRole('list', { name: 'Offers waiting for your answer' });
    expect(waiting).toHaveTextContent('Olga Offer offers €4,300.00.');
    await userEvent.click(within(waiting).getByRole('button', { name: 'Fill in Olga Offer and this price' }));
    expect(dialog.getByLabelText('Recipient email or handle')).toHaveValue('@olga');
    expect(dialog.getByLabelText('Price (optional, private)')).toHaveValue('4300.00');
    expect(dialog.getByLabelText('Currency')).toHaveValue('EUR');
    first.unmount();

    mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({ json: detail }),
      ...registryReads(),
    });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Currency')).toHaveValue('USD');
  });

  it('says what visitors see and that the owner has not chosen, and records either choice', async () => {
    const calls = mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({ json: detail }),
      ...registryReads(),
      ...privacyRoutes(),
    });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    const panel = await screen.findByRole('region', { name: 'How passports show you' });
    await within(panel).findByText(/you have not chosen yet/);
    expect(panel).toHaveTextContent(
      'Visitors of the passports you own see “Private owner”, never your name, city or profile: you have not chosen yet, and an owner who never chose stays private.',
    );
    // No ticked box pretends a choice was made.
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Keep me private' }));
    expect(await within(panel).findByText(/\(your choice\)/)).toBeInTheDocument();
    expect(panel).toHaveTextContent('see “Private owner”, never your name, city or profile (your choice).');
    expect(within(panel).queryByRole('button', { name: 'Keep me private' })).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Show my name instead' }));
    expect(
      await within(panel).findByText(
        /see your name, Sam Carter, and city, linked to your profile \(your choice\)/,
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Be a private owner instead' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { ownerPrivacy: true },
      { ownerPrivacy: false },
    ]);
  });
});
