import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InstrumentSummary } from '../../../contract/registry';
import { InstrumentPage } from '../../pages/instrument';
import { mockFetch, renderRoutes, renderWithProviders, testUser } from '../../test/render';
import { InstrumentCard } from './instrument-card';
import { InstrumentForm } from './instrument-form';

// Estimated values and service costs are read in the currency they were stored in (formatPrice: a euro has cents,
// a yen has none), and typed in one the person picks, starting from the one they usually use.

const me = testUser({
  id: 'u1',
  displayName: 'Aiko Mori',
  role: 'user',
  onboardingComplete: true,
  handle: 'aiko',
});
const ID = '33333333-3333-4333-8333-333333333333';
const routes = [{ path: '/instruments/:id', element: <InstrumentPage /> }];

const card: InstrumentSummary = {
  id: ID,
  passportCode: 'LR-EEEE-FFFF',
  name: 'Hinoki Classical',
  instrumentType: 'guitar',
  category: 'classical',
  model: null,
  yearMade: 2013,
  estimatedValue: 350000,
  estimatedValueCurrency: 'JPY',
  condition: null,
  verified: false,
  status: 'active',
  imageUrl: null,
  luthier: null,
};

const { imageUrl: _card, ...summary } = card;
const detail = {
  ...summary,
  serialNumber: null,
  bodyWood: null,
  neckWood: null,
  fretboardWood: null,
  finishType: null,
  numberOfStrings: 6,
  scaleLength: null,
  description: null,
  currentOwner: { name: 'Aiko Mori', handle: null, location: 'Tokyo, Japan' },
  images: [],
  ownershipHistory: [],
  serviceRecords: [
    {
      id: 's1',
      servicerName: 'Atelier Rhône',
      serviceType: 'repair',
      description: 'Crack repair in Lyon',
      workPerformed: null,
      serviceDate: '2024-05-02',
      cost: 1200,
      costCurrency: 'EUR',
      notes: null,
      status: 'approved',
      recordedBy: null,
    },
    {
      id: 's2',
      servicerName: 'Kyoto Gengakki',
      serviceType: 'setup',
      description: 'Setup in Kyoto',
      workPerformed: null,
      serviceDate: '2025-01-10',
      cost: 18000,
      costCurrency: 'JPY',
      notes: null,
      status: 'approved',
      recordedBy: null,
    },
  ],
  events: [],
  verification: null,
  portfolio: false,
  builtIn: null,
  stolen: null,
  viewer: {
    isMaker: false,
    isOwner: true,
    isAdmin: false,
    canRecordService: true,
    correctionRequired: false,
  },
};

const registry = (usualCurrency: string | null) => ({
  json: {
    owned: [],
    registered: [],
    shop: null,
    ownerPrivacy: true,
    ownerPrivacyChosen: true,
    usualCurrency,
  },
});

describe('amounts in their own currency', () => {
  it('shows the owner’s estimate on their card in its currency', () => {
    renderWithProviders(<InstrumentCard instrument={card} />);
    expect(screen.getByText('Your estimate:').parentElement).toHaveTextContent('¥350,000');
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('shows each service cost in its currency, and records a new one in the owner’s usual currency', async () => {
    const calls = mockFetch({
      [`GET /api/registry/instruments/${ID}`]: () => ({ json: detail }),
      'GET /api/registry/me': () => registry('JPY'),
      'GET /api/registry/transfers': () => ({ json: { incoming: [], outgoing: [] } }),
      [`POST /api/registry/instruments/${ID}/service-records`]: () => ({
        status: 201,
        json: { ...detail.serviceRecords[1], id: 's3' },
      }),
    });
    renderRoutes(routes, { path: `/instruments/${ID}`, me });
    const overview = await screen.findByText('Estimated value (visible only to you)');
    expect(overview.nextElementSibling).toHaveTextContent('¥350,000');
    await userEvent.click(screen.getByRole('tab', { name: 'Service History' }));
    const records = screen.getByRole('list', { name: 'Service records' });
    expect(within(records).getByText(/Atelier Rhône/)).toHaveTextContent('Atelier Rhône · €1,200.00');
    expect(within(records).getByText(/Kyoto Gengakki/)).toHaveTextContent('Kyoto Gengakki · ¥18,000');
    expect(records).not.toHaveTextContent('$');

    const form = screen.getByRole('form', { name: 'Register service' });
    const currency = within(form).getByLabelText('Currency');
    expect(await within(form).findByDisplayValue('JPY')).toBe(currency);
    await userEvent.type(within(form).getByLabelText(/^Description/), 'Humidity check');
    await userEvent.type(within(form).getByLabelText('Cost (optional, private)'), '12 000');
    await userEvent.click(within(form).getByRole('button', { name: 'Save service record' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ cost: 12000, costCurrency: 'JPY' });
  });

  it('sends the estimate with the currency picked beside it, or neither when no value is typed', async () => {
    const onSubmit = vi.fn();
    const { unmount } = renderWithProviders(
      <InstrumentForm
        mode="create"
        defaultCurrency="EUR"
        pending={false}
        fieldErrors={{}}
        onSubmit={onSubmit}
      />,
    );
    await userEvent.type(screen.getByLabelText('Name (required)'), 'Lyon Parlour');
    await userEvent.selectOptions(screen.getByLabelText('Category (required)'), 'acoustic');
    expect(screen.getByLabelText('Currency')).toHaveValue('EUR');
    await userEvent.click(screen.getByRole('button', { name: 'Register instrument' }));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('estimatedValueCurrency');
    await userEvent.type(screen.getByLabelText('Estimated value (optional, private)'), '4500');
    await userEvent.click(screen.getByRole('button', { name: 'Register instrument' }));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ estimatedValue: 4500, estimatedValueCurrency: 'EUR' });
    unmount();
  });
});
