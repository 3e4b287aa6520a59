import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { editInstrumentSchema } from '../../../contract/registry';
import { HISTORY_FIELDS, HISTORY_FIELD_LABELS } from '../../../contract/history-fields';
import { instrumentFixture } from '../../test/registry-fixtures';
import { ProvenanceTab } from './provenance-tab';

// the owner's history names every changed field in words, never by its key.
describe('the history of changes', () => {
  it('has words for every field an edit can change', () => {
    const editable = Object.keys(editInstrumentSchema.shape).filter((k) => k !== 'reason');
    expect([...HISTORY_FIELDS].sort()).toEqual(editable.sort());
    for (const field of HISTORY_FIELDS) {
      expect(HISTORY_FIELD_LABELS[field], field).toMatch(/^[A-Z][a-z]/);
      expect(HISTORY_FIELD_LABELS[field]).not.toBe(field);
    }
  });

  it('shows each change by its label, and a field it has no words for without its key', () => {
    const changes = [...HISTORY_FIELDS, 'legacyInternalKey'].map((field) => ({ field, from: 'A', to: 'B' }));
    const instrument = {
      ...instrumentFixture(),
      events: [{ id: 'e1', type: 'edited', data: { changes }, createdAt: '2026-01-02T00:00:00.000Z' }],
    };
    render(
      <MemoryRouter>
        <ProvenanceTab instrument={instrument} />
      </MemoryRouter>,
    );
    const shown = screen
      .getByText(`${HISTORY_FIELD_LABELS.estimatedValueCurrency}:`, { exact: false })
      .closest('ul')!;
    const items = within(shown)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      ...HISTORY_FIELDS.map((f) => `${HISTORY_FIELD_LABELS[f]}: A → B`),
      'Another detail: A → B',
    ]);
    for (const field of [...HISTORY_FIELDS, 'legacyInternalKey'])
      expect(document.body.textContent).not.toMatch(new RegExp(`\\b${field}\\b`));
  });
});
