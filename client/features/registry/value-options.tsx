import { INSTRUMENT_FAMILIES, typeLabel } from '../../../contract/registry-values';
import { capitalize } from './format';

/** The options of a select over fixed values, each shown capitalised (or in the words `label` gives). */
export function ValueOptions({
  values,
  label = (v) => v,
}: {
  values: readonly string[];
  label?: (value: string) => string;
}) {
  return values.map((v) => (
    <option key={v} value={v}>
      {capitalize(label(v))}
    </option>
  ));
}

/** Every type, grouped by family (violin family, plucked, other strings). */
export function TypeOptions() {
  return INSTRUMENT_FAMILIES.map((family) => (
    <optgroup key={family.label} label={family.label}>
      <ValueOptions values={family.types} label={typeLabel} />
    </optgroup>
  ));
}
