import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { openAuthDialog } from '../../lib/auth';
import { renderRoutes } from '../../test/render';
import { AuthDialogHost } from './auth-dialog-host';
import { NEXT_STORAGE_KEY } from './auth-dialog';

const routes = [
  {
    path: '/',
    element: (
      <>
        <AuthDialogHost />
        <p>home page</p>
      </>
    ),
  },
];

afterEach(() => sessionStorage.clear());

describe('AuthDialogHost', () => {
  it('renders nothing until the dialog is wanted', () => {
    renderRoutes(routes);
    expect(screen.getByText('home page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loads the dialog on the first open event, in the mode and with the next path it asked for', async () => {
    renderRoutes(routes);
    act(() => openAuthDialog('signup', '/registry'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    expect(sessionStorage.getItem(NEXT_STORAGE_KEY)).toBe('/registry');

    // Closed and opened again: the loaded dialog answers the event itself.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => openAuthDialog('reset'));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByRole('tab', { name: 'Reset' })).toHaveAttribute('aria-selected', 'true');
  });

  it('loads the dialog for ?auth= in the address and unloads it on close', async () => {
    const { router } = renderRoutes(routes, { path: '/?auth=signin&next=/learn&tab=1' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=1');
    act(() => openAuthDialog('signin'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
