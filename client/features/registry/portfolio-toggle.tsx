import type { InstrumentDetail } from '../../../contract/registry';
import { SettingCheckbox } from '../../components/setting-checkbox';
import { useSetPortfolio } from './api';

/** For the maker: show this instrument among the portfolio pieces of their storefront. */
export function PortfolioToggle({ instrument }: { instrument: InstrumentDetail }) {
  const save = useSetPortfolio(instrument.id);
  if (!instrument.viewer.isMaker) return null;
  const shown = save.isPending ? Boolean(save.variables?.portfolio) : instrument.portfolio;
  return (
    <SettingCheckbox
      className="mt-3"
      label="Show in my portfolio"
      hint="Portfolio pieces are shown first on your shop page."
      checked={shown}
      error={save.error}
      onChange={(portfolio) => {
        if (!save.isPending) save.mutate({ portfolio });
      }}
    />
  );
}
