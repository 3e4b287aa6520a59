import {
  CATEGORIES_BY_TYPE,
  FILTER_CATEGORIES,
  INSTRUMENT_STATUSES_PUBLIC,
  categoryFits,
  type InstrumentType,
} from '../../../contract/registry-values';
import { Input, Label, Select } from '../../components/ui/input';
import { capitalize } from './format';
import { TypeOptions } from './value-options';

/**
 * The category filter's choices: the seed's four while every type is shown, the type's own once one is chosen;
 * a category the address names stays a choice so the select shows it.
 */
export function filterCategories(type: string, current: string): readonly string[] {
  const list: readonly string[] = CATEGORIES_BY_TYPE[type as InstrumentType] ?? FILTER_CATEGORIES;
  return current === 'all' || list.includes(current) ? list : [...list, current];
}

export interface RegistryFilterValues {
  type: string;
  category: string;
  status: string;
  yearFrom: string;
  yearTo: string;
  verified: boolean;
  forSale: boolean;
}

export const SORT_LABELS: Record<string, string> = {
  relevance: 'Relevance',
  newest: 'Newest first',
  'year-desc': 'Year made: newest',
  'year-asc': 'Year made: oldest',
};

const YEAR = /^\d{1,4}$/;

/** A year field that changes the URL when left or on Enter, not on every key (one history entry per change). */
function YearField({
  id,
  label,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  value: string;
  onCommit: (v: string) => void;
}) {
  const commit = (raw: string) => {
    const v = raw.trim();
    if (v !== value && (v === '' || YEAR.test(v))) onCommit(v);
  };
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        key={value}
        id={id}
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={4}
        defaultValue={value}
        className="w-24"
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit(e.currentTarget.value);
          }
        }}
      />
    </div>
  );
}

/** The registry's filters; `idPrefix` keeps ids unique when the drawer and the inline bar both exist. */
export function RegistryFilters({
  values,
  onChange,
  idPrefix,
}: {
  values: RegistryFilterValues;
  onChange: (changes: Record<string, string | null>) => void;
  idPrefix: string;
}) {
  return (
    <>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-type`}>Type</Label>
        <Select
          id={`${idPrefix}-type`}
          value={values.type}
          onChange={(e) => {
            const type = e.target.value;
            // A category the new type does not have would only empty the list.
            const keep = values.category === 'all' || type === 'all' || categoryFits(type, values.category);
            onChange(keep ? { type } : { type, category: null });
          }}
        >
          <option value="all">All types</option>
          <TypeOptions />
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-category`}>Category</Label>
        <Select
          id={`${idPrefix}-category`}
          value={values.category}
          onChange={(e) => onChange({ category: e.target.value })}
        >
          <option value="all">All categories</option>
          {filterCategories(values.type, values.category).map((c) => (
            <option key={c} value={c}>
              {capitalize(c)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-status`}>Status</Label>
        <Select
          id={`${idPrefix}-status`}
          value={values.status}
          onChange={(e) => onChange({ status: e.target.value })}
        >
          <option value="all">Any status</option>
          {INSTRUMENT_STATUSES_PUBLIC.map((s) => (
            <option key={s} value={s}>
              {capitalize(s)}
            </option>
          ))}
        </Select>
      </div>
      <YearField
        id={`${idPrefix}-year-from`}
        label="Made from"
        value={values.yearFrom}
        onCommit={(v) => onChange({ yearFrom: v })}
      />
      <YearField
        id={`${idPrefix}-year-to`}
        label="Made until"
        value={values.yearTo}
        onCommit={(v) => onChange({ yearTo: v })}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          className="size-4 accent-wood-700"
          checked={values.verified}
          onChange={(e) => onChange({ verified: e.target.checked ? 'true' : null })}
        />
        Verified only
      </label>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          className="size-4 accent-wood-700"
          checked={values.forSale}
          onChange={(e) => onChange({ forSale: e.target.checked ? 'true' : null })}
        />
        For sale
      </label>
    </>
  );
}
