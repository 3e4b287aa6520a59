import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuthDialogHost } from '../features/auth/auth-dialog-host';
import { renderRoutes } from '../test/render';
import { ForLuthiersPage } from './for-luthiers';

describe('/for-luthiers', () => {
  it("a guest's Open your shop opens sign-up with Luthier chosen", async () => {
    renderRoutes(
      [
        {
          path: '/for-luthiers',
          element: (
            <>
              <AuthDialogHost />
              <ForLuthiersPage />
            </>
          ),
        },
      ],
      { path: '/for-luthiers' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open your shop' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('radio', { name: /^Luthier/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Music Enthusiast/ })).not.toBeChecked();
  });
});
