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
    await userEvent.selectOptions(screen.getByLabelText('Category (required)'), 'classical');
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
    [...screen.getByLabelText('Category (required)').querySelectorAll('option')].map((o) => o.value);
  const category = () => screen.getByLabelText('Category (required)');
  const drawing = (container: HTMLElement) => container.querySelector('svg[data-instrument-drawing]');

  it('preselects no category for any type: the maker picks one, and one that does not fit a new type is cleared', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(
      <InstrumentForm mode="create" pending={false} fieldErrors={{}} onSubmit={onSubmit} />,
    );
    // A guitar starts with no category (it was "classical"), and so does every other type.
    expect(category()).toHaveValue('');
    expect(categories()).toEqual(['', 'acoustic', 'classical', 'flamenco', 'electric', 'archtop']);
    expect(screen.getByText('Guitar: choose its category.')).toBeInTheDocument();
    expect(drawing(container)).toHaveAttribute('data-instrument-drawing', 'guitar');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'cello');
    expect(categories()).toEqual(['', 'classical', 'baroque', 'electric']);
    expect(category()).toHaveValue('');
    // The drawing follows the type; it is decoration beside the words that say it.
    expect(drawing(container)).toHaveAttribute('data-instrument-drawing', 'cello');
    expect(drawing(container)).toHaveAttribute('aria-hidden', 'true');
    await userEvent.selectOptions(category(), 'baroque');
    expect(screen.getByText('Baroque cello')).toBeInTheDocument();
    // Baroque fits a lute too: it is kept; a harp has no baroque, so the harp's category is to be chosen.
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'lute');
    expect(category()).toHaveValue('baroque');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'harp');
    expect(categories()).toEqual(['', 'lever', 'pedal', 'wire-strung']);
    expect(category()).toHaveValue('');
    expect(screen.getByText('Harp: choose its category.')).toBeInTheDocument();
    expect(drawing(container)).toHaveAttribute('data-instrument-drawing', 'harp');
    await userEvent.type(screen.getByLabelText('Name (required)'), 'Liffey Harp');
    await userEvent.click(screen.getByRole('button', { name: 'Register instrument' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.not.objectContaining({ category: expect.anything() }));
    await userEvent.selectOptions(category(), 'lever');
    expect(screen.getByText('Lever harp')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register instrument' }));
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'Liffey Harp', instrumentType: 'harp', category: 'lever' }),
    );
  });

  it('a missing category is told with the type’s choices', () => {
    renderWithProviders(
      <InstrumentForm
        mode="create"
        pending={false}
        fieldErrors={{ category: 'Choose a category.' }}
        onSubmit={vi.fn()}
      />,
    );
    expect(category()).toHaveAttribute('aria-invalid', 'true');
    expect(category()).toHaveAccessibleDescription(
      'Choose a category of guitar: acoustic, classical, flamenco, electric or archtop.',
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
