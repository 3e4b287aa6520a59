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

describe('InstrumentForm types and categories', () => {
  const categories = () =>
    [...screen.getByLabelText('Category').querySelectorAll('option')].map((o) => o.value);
  const drawing = (container: HTMLElement) => container.querySelector('svg[data-instrument-drawing]');

  it('offers the categories of the chosen type, and a category that does not fit becomes the usual one', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(
      <InstrumentForm mode="create" pending={false} fieldErrors={{}} onSubmit={onSubmit} />,
    );
    expect(categories()).toEqual(['acoustic', 'classical', 'flamenco', 'electric', 'archtop']);
    expect(drawing(container)).toHaveAttribute('data-instrument-drawing', 'guitar');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'cello');
    expect(categories()).toEqual(['classical', 'baroque', 'electric']);
    expect(screen.getByLabelText('Category')).toHaveValue('classical');
    // The drawing follows the type; it is decoration beside the words that say it.
    expect(drawing(container)).toHaveAttribute('data-instrument-drawing', 'cello');
    expect(drawing(container)).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Classical cello')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'baroque');
    // Baroque fits a lute too: it is kept; a harp has no baroque, so it becomes a lever harp.
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'lute');
    expect(screen.getByLabelText('Category')).toHaveValue('baroque');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'harp');
    expect(categories()).toEqual(['lever', 'pedal', 'wire-strung']);
    expect(screen.getByText('Lever harp')).toBeInTheDocument();
    expect(drawing(container)).toHaveAttribute('data-instrument-drawing', 'harp');
    await userEvent.type(screen.getByLabelText('Name (required)'), 'Liffey Harp');
    await userEvent.click(screen.getByRole('button', { name: 'Register instrument' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Liffey Harp', instrumentType: 'harp', category: 'lever' }),
    );
  });

  it('groups the types by family in words', () => {
    renderWithProviders(<InstrumentForm mode="create" pending={false} fieldErrors={{}} onSubmit={vi.fn()} />);
    const groups = [...screen.getByLabelText('Type').querySelectorAll('optgroup')];
    expect(groups.map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.textContent)])).toEqual(
      [
        ['Violin family', ['Violin', 'Viola', 'Cello', 'Double bass']],
        [
          'Plucked',
          ['Guitar', 'Bass guitar', 'Mandolin', 'Ukulele', 'Banjo', 'Lute', 'Oud', 'Bouzouki', 'Harp'],
        ],
        ['Other strings', ['Viola da gamba', 'Hurdy-gurdy', 'Dulcimer']],
      ],
    );
  });
});
