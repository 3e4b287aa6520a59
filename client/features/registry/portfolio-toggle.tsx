import type { InstrumentDetail } from '../../../contract/registry';
import { errorText } from '../../lib/api';
import { useSetPortfolio } from './api';

/** For the maker: show this instrument among the portfolio pieces of their storefront. */
export function PortfolioToggle({ instrument }: { instrument: InstrumentDetail }) {
  const save = useSetPortfolio(instrument.id);
  if (!instrument.viewer.isMaker) return null;
  const shown = save.isPending ? Boolean(save.variables?.portfolio) : instrument.portfolio;
  return (
    <div className="mt-3">
      <label className="inline-flex items-center gap-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          className="size-4 accent-wood-700"
          checked={shown}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ portfolio: e.target.checked })}
          aria-describedby="portfolio-hint"
        />
        Show in my portfolio
      </label>
      <p id="portfolio-hint" className="text-xs text-stone-600">
        Portfolio pieces are shown first on your shop page.
      </p>
      {save.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(save.error)}
        </p>
      )}
    </div>
  );
}
