import { ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  stolenReportSchema,
  type InstrumentDetail,
  type StolenReportInput,
} from '../../../contract/registry';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { reportStolen, useRegistryMutation } from './api';
import { todayInput } from '../../lib/format-date';

/** The owner's stolen report: when, where and an optional police reference, confirmed in a dialog. */
export function StolenDialog({ instrument }: { instrument: InstrumentDetail }) {
  const [open, setOpen] = useState(false);
  const report = useSchemaSubmit(
    stolenReportSchema,
    useRegistryMutation((body: StolenReportInput) => reportStolen(instrument.id, body), {
      onSuccess: () => {
        setOpen(false);
        toast({
          title: 'Reported stolen',
          description: 'Pending offers were cancelled. It cannot change hands until you mark it recovered.',
        });
      },
    }),
  );
  const { fields } = report;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    report.submit({
      date: text('date'),
      place: text('place'),
      policeReference: text('policeReference') || null,
    });
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <ShieldAlert aria-hidden /> Report stolen
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle className="text-2xl text-wood-900">Report “{instrument.name}” stolen</DialogTitle>
        <DialogDescription className="mb-4">
          The passport will show it as stolen with the date and place; the police reference stays private to
          you. Pending offers are cancelled and nobody can take it over until you mark it recovered.
        </DialogDescription>
        {Boolean(report.error) && !Object.keys(fields).length && (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {errorText(report.error)}
          </p>
        )}
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <div>
            <Label htmlFor="stolen-date">Date it went missing</Label>
            <Input
              id="stolen-date"
              name="date"
              type="date"
              required
              max={todayInput()}
              aria-describedby="stolen-date-error"
            />
            <FieldError id="stolen-date-error" message={fields.date} />
          </div>
          <div>
            <Label htmlFor="stolen-place">Place</Label>
            <Input
              id="stolen-place"
              name="place"
              required
              maxLength={200}
              aria-describedby="stolen-place-error"
            />
            <FieldError id="stolen-place-error" message={fields.place} />
          </div>
          <div>
            <Label htmlFor="stolen-police">Police reference (optional)</Label>
            <Input id="stolen-police" name="policeReference" maxLength={100} />
            <FieldError id="stolen-police-error" message={fields.policeReference} />
          </div>
          <Button type="submit" variant="destructive" disabled={report.isPending}>
            Confirm: report stolen
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
