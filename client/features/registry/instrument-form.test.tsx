import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { InstrumentForm } from './instrument-form';

describe('InstrumentForm', () => {
  it('sends numbers as numbers and leaves empty optional fields out when registering', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <InstrumentForm mode="create" pending={false} fieldErrors={{}} onSubmit={onSubmit} />,
    );
    await userEvent.type(screen.getByLabelText('Name (required)'), 'Amber Violin');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'violin');
    await userEvent.type(screen.getByLabelText('Scale length (mm)'), '328');
    await userEvent.clear(screen.getByLabelText('Year made (required)'));
    await userEvent.type(screen.getByLabelText('Year made (required)'), '2015');
    await userEvent.click(screen.getByRole('button', { name: 'Register instrument' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Amber Violin',
      instrumentType: 'violin',
      category: 'classical',
      scaleLength: 328,
      yearMade: 2015,
    });
  });

  it('shows the server field messages beside their inputs', () => {
    renderWithProviders(
      <InstrumentForm
        mode="create"
        pending={false}
        fieldErrors={{ name: 'Name is required.' }}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Name (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required.');
    expect(screen.getByLabelText('Name (required)')).toHaveAccessibleDescription('Name is required.');
  });
});
