import { useId, useState } from 'react';
import { sightingSchema } from '../../../contract/public-passport';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorText } from '../../lib/api';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useSighting } from './api';

/**
 * "I have information": what someone saw goes to the owner of the stolen instrument, who is never named here.
 * A way to be reached back is optional: the owner (or the police they pass it to) can only answer if given one.
 */
export function SightingForm({ code, name }: { code: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const send = useSchemaSubmit(sightingSchema, useSighting());
  const id = useId();
  if (send.isSuccess)
    return (
      <p role="status" className="mt-3 rounded-md bg-white p-3 text-emerald-900">
        Thank you. Your message was passed on to the owner of the {name}. They were not named to you, and you
        were not named to them beyond what you wrote.
      </p>
    );
  if (!open)
    return (
      <Button variant="outline" className="mt-3 bg-white" onClick={() => setOpen(true)}>
        I have information
      </Button>
    );
  return (
    <form
      className="mt-3 grid gap-2 rounded-md bg-white p-3 text-stone-900"
      onSubmit={(e) => {
        e.preventDefault();
        send.submit({ code, message, contact: contact.trim() || undefined });
      }}
    >
      <Label htmlFor={`${id}-message`}>What did you see, and where?</Label>
      <Textarea
        id={`${id}-message`}
        value={message}
        maxLength={2000}
        aria-invalid={Boolean(send.fields.message)}
        aria-describedby={`${id}-message-error`}
        onChange={(e) => setMessage(e.target.value)}
      />
      <FieldError id={`${id}-message-error`} message={send.fields.message} />
      <Label htmlFor={`${id}-contact`}>How the owner can reach you (optional)</Label>
      <Input
        id={`${id}-contact`}
        value={contact}
        maxLength={200}
        aria-invalid={Boolean(send.fields.contact)}
        aria-describedby={`${id}-contact-hint ${id}-contact-error`}
        onChange={(e) => setContact(e.target.value)}
      />
      <p id={`${id}-contact-hint`} className="text-xs text-stone-600">
        An email address or a phone number. Only the owner sees it; the registry never shows you theirs.
      </p>
      <FieldError id={`${id}-contact-error`} message={send.fields.contact} />
      {Boolean(send.error) && !send.fields.message && !send.fields.contact && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(send.error, 'The message could not be sent. Try again in a minute.')}
        </p>
      )}
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send to the owner'}
      </Button>
    </form>
  );
}
