import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstrumentDetail } from '../../../contract/registry';
import { mockFetch } from '../../test/render';
import { PortfolioToggle } from './portfolio-toggle';

const ID = '11111111-1111-4111-8111-111111111111';
const viewer = {
  isMaker: true,
  isOwner: false,
  isAdmin: false,
  canRecordService: true,
  correctionRequired: false,
};
const piece = (over: Partial<InstrumentDetail>) =>
  ({ id: ID, portfolio: false, viewer, ...over }) as InstrumentDetail;
const show = (instrument: InstrumentDetail) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PortfolioToggle instrument={instrument} />
    </QueryClientProvider>,
  );

describe('PortfolioToggle', () => {
  it('is offered to the maker only', () => {
    const { container } = show(piece({ viewer: { ...viewer, isMaker: false, isOwner: true } }));
    expect(container).toBeEmptyDOMElement();
  });

  it("sends the maker's choice and shows the server's refusal in place", async () => {
    let status = 200;
    const calls = mockFetch({
      [`PUT /api/registry/instruments/${ID}/portfolio`]: (body) =>
        status === 200
          ? { json: body }
          : {
              status,
              json: { error: 'Only the maker can show an instrument in their portfolio.', code: 'FORBIDDEN' },
            },
    });
    show(piece({}));
    const box = screen.getByRole('checkbox', { name: 'Show in my portfolio' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { portfolio: true } });
    status = 403;
    await userEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the maker can show an instrument in their portfolio.',
    );
  });
});
