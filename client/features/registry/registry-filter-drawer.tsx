import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { RegistryFilters, type RegistryFilterValues } from './registry-filters';

/** The registry's filters in a dialog, for small screens where they would push the results off the first screen. */
export function RegistryFilterDrawer({
  values,
  onChange,
  onClose,
  returnFocus,
}: {
  values: RegistryFilterValues;
  onChange: (changes: Record<string, string | null>) => void;
  onClose: () => void;
  /**
   * The button that opened it. Each choice here changes the address, and the dialog was opened from a plain
   * button, not a Radix trigger: closing left focus on the page's body instead of going back to it.
   */
  returnFocus: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogTitle>Filters</DialogTitle>
        <div className="mt-4 grid gap-3">
          <RegistryFilters values={values} onChange={onChange} idPrefix="drawer" />
        </div>
        <Button className="mt-4 w-full" onClick={onClose}>
          Show results
        </Button>
      </DialogContent>
    </Dialog>
  );
}
