import { useState, type FormEvent } from 'react';
import { serviceInputSchema, type InstrumentDetail, type ServiceInput } from '../../../contract/registry';
import { SERVICE_TYPES } from '../../../contract/registry-values';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Select, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { addServiceRecord, decideServiceRecord, useRegistryMutation } from './api';
import { capitalize, formatDate, formatMoney } from './format';
import { amountOf, MoneyField, useUsualCurrency } from './money-field';
import { todayInput } from '../../lib/format-date';

function ServiceForm({ instrument }: { instrument: InstrumentDetail }) {
  const today = todayInput();
  const [v, setV] = useState({
    serviceType: 'setup',
    description: '',
    workPerformed: '',
    serviceDate: today,
    cost: '',
    servicerName: '',
    servicerShop: '',
    notes: '',
  });
  // The cost's currency: the one chosen here, else the one the person usually prices in.
  const usualCurrency = useUsualCurrency();
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const costCurrency = chosenCurrency ?? usualCurrency;
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((s) => ({ ...s, [k]: e.target.value }));
  const save = useSchemaSubmit(
    serviceInputSchema,
    useRegistryMutation((input: ServiceInput) => addServiceRecord(instrument.id, input), {
      onSuccess: () => {
        setV((s) => ({ ...s, description: '', workPerformed: '', cost: '', notes: '' }));
        toast({ title: 'Service recorded' });
      },
    }),
  );
  const { fields } = save;
  const needsApproval = !instrument.viewer.isOwner && !instrument.viewer.isMaker;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cost = amountOf(v.cost);
    save.submitValues({
      ...v,
      cost,
      costCurrency: cost != null ? costCurrency : null,
      servicerName: v.servicerName.trim() || null,
      servicerShop: needsApproval ? undefined : v.servicerShop.trim() || undefined,
      workPerformed: v.workPerformed.trim() || null,
      notes: v.notes.trim() || null,
    });
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-stone-200 bg-white p-5 sm:grid-cols-2"
      aria-labelledby="service-form-heading"
      noValidate
    >
      <h2 id="service-form-heading" className="font-serif text-lg font-semibold text-wood-900 sm:col-span-2">
        Register service
      </h2>
      {needsApproval && (
        <p className="text-sm text-stone-600 sm:col-span-2">
          Your record is shown once the owner approves it.
        </p>
      )}
      <div className="flex flex-col gap-1">
        <Label htmlFor="s-type">Service type</Label>
        <Select id="s-type" value={v.serviceType} onChange={set('serviceType')}>
          {SERVICE_TYPES.map((t) => (
            <option key={t} value={t}>
              {capitalize(t)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="s-date">Service date</Label>
        <Input
          id="s-date"
          type="date"
          value={v.serviceDate}
          onChange={set('serviceDate')}
          aria-invalid={Boolean(fields.serviceDate) || undefined}
          aria-describedby={fields.serviceDate ? 's-date-error' : undefined}
        />
        <FieldError id="s-date-error" message={fields.serviceDate} />
      </div>
      <div className="flex flex-col gap-1 sm:col-span-2">
        <Label htmlFor="s-description">Description</Label>
        <Input
          id="s-description"
          value={v.description}
          onChange={set('description')}
          aria-invalid={Boolean(fields.description) || undefined}
          aria-describedby={fields.description ? 's-description-error' : undefined}
        />
        <FieldError id="s-description-error" message={fields.description} />
      </div>
      <div className="flex flex-col gap-1 sm:col-span-2">
        <Label htmlFor="s-work">Work performed</Label>
        <Textarea id="s-work" value={v.workPerformed} onChange={set('workPerformed')} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="s-servicer">Serviced by (optional)</Label>
        <Input id="s-servicer" value={v.servicerName} onChange={set('servicerName')} />
      </div>
      {!needsApproval && (
        <div className="flex flex-col gap-1">
          <Label htmlFor="s-servicer-shop">Servicing shop&rsquo;s handle in the registry (optional)</Label>
          <Input
            id="s-servicer-shop"
            value={v.servicerShop}
            onChange={set('servicerShop')}
            placeholder="@oak-workshop"
            aria-invalid={Boolean(fields.servicerShop) || undefined}
            aria-describedby={fields.servicerShop ? 's-servicer-shop-error' : 's-servicer-shop-hint'}
          />
          <p id="s-servicer-shop-hint" className="text-xs text-stone-600">
            The passport says &ldquo;reported by you&rdquo; until that shop confirms the work.
          </p>
          <FieldError id="s-servicer-shop-error" message={fields.servicerShop} />
        </div>
      )}
      <MoneyField
        id="s-cost"
        label="Cost (optional, private)"
        hint="A whole amount. Only the owner, you and the registry's admins see it."
        amount={v.cost}
        currency={costCurrency}
        onAmount={(cost) => setV((s) => ({ ...s, cost }))}
        onCurrency={setCurrency}
        amountError={fields.cost}
        currencyError={fields.costCurrency}
      />
      <div className="flex flex-col gap-1 sm:col-span-2">
        <Label htmlFor="s-notes">Notes</Label>
        <Textarea id="s-notes" value={v.notes} onChange={set('notes')} />
      </div>
      {Boolean(save.error) && !Object.keys(fields).length && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errorText(save.error)}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save service record'}
      </Button>
    </form>
  );
}

export function ServiceTab({ instrument: i }: { instrument: InstrumentDetail }) {
  const decide = useRegistryMutation(({ id, action }: { id: string; action: 'approve' | 'reject' }) =>
    decideServiceRecord(i.id, id, action),
  );
  return (
    <div className="flex flex-col gap-5">
      {i.serviceRecords.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-8 text-center text-stone-600">
          No service records yet.
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Service records">
          {[...i.serviceRecords].reverse().map((s) => (
            <li key={s.id} className="rounded-xl border border-stone-200 bg-white p-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-serif text-lg font-semibold text-wood-900">{s.description}</p>
                <div className="flex gap-2">
                  <Badge variant="secondary">{capitalize(s.serviceType)}</Badge>
                  {s.status !== 'approved' && (
                    <Badge variant="warning">
                      {s.status === 'pending' ? 'Waiting for approval' : 'Rejected'}
                    </Badge>
                  )}
                  {s.claim && s.claim !== 'none' && s.servicerShop && (
                    <Badge variant={s.claim === 'confirmed' ? 'secondary' : 'warning'}>
                      {s.claim === 'confirmed'
                        ? `Confirmed by ${s.servicerShop.name}`
                        : s.claim === 'declined'
                          ? `Not confirmed by ${s.servicerShop.name}`
                          : `Waiting for ${s.servicerShop.name} to confirm`}
                    </Badge>
                  )}
                </div>
              </div>
              <p className="mt-1 text-sm text-stone-600">
                {formatDate(s.serviceDate)} · {s.servicerName}
                {s.recordedBy && (!s.claim || s.claim === 'none') ? ` · recorded by ${s.recordedBy}` : ''}
                {s.cost != null ? ` · ${formatMoney(s.cost, s.costCurrency)}` : ''}
              </p>
              {s.workPerformed && <p className="mt-2 text-stone-700">{s.workPerformed}</p>}
              {s.notes && <p className="mt-1 text-sm text-stone-600">{s.notes}</p>}
              {s.status === 'pending' && i.viewer.isOwner && (
                <div className="mt-3 flex gap-2">
                  <Button
                    size="sm"
                    onClick={() => decide.mutate({ id: s.id, action: 'approve' })}
                    disabled={decide.isPending}
                  >
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => decide.mutate({ id: s.id, action: 'reject' })}
                    disabled={decide.isPending}
                  >
                    Reject
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {i.viewer.canRecordService && <ServiceForm instrument={i} />}
    </div>
  );
}
