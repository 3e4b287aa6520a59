import { useId, useState } from 'react';
import { CONTACT_MESSAGE_MAX, contactInputSchema } from '../../../contract/contact';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useSendContactMessage } from './api';

/**
 * Writes to the registry's admins. A signed-in person starts with their own name and address filled in; the
 * address is for the answer and reaches only the admins and the operator.
 */
export function ContactForm() {
  const { user } = useAuth();
  const [name, setName] = useState(user?.displayName ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [message, setMessage] = useState('');
  const send = useSchemaSubmit(contactInputSchema, useSendContactMessage());
  const id = useId();
  const field = (key: 'name' | 'email' | 'message') => ({
    id: `${id}-${key}`,
    'aria-invalid': send.fields[key] ? true : undefined,
    'aria-describedby': `${id}-${key}-error`,
  });
  if (send.isSuccess)
    return (
      <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-emerald-950">
        Thank you, your message reached the registry&rsquo;s admins. They answer at{' '}
        {email.trim().toLowerCase()}.
      </p>
    );
  const fieldError = send.fields.name || send.fields.email || send.fields.message;
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="mt-4 grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-6"
      onSubmit={(e) => {
        e.preventDefault();
        send.submit({ name, email, message });
      }}
    >
      <h2 id={`${id}-title`} className="!mt-0">
        Write to the registry
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-name`}>Your name</Label>
          <Input
            {...field('name')}
            autoComplete="name"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <FieldError id={`${id}-name-error`} message={send.fields.name} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-email`}>Your email address</Label>
          <Input
            {...field('email')}
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FieldError id={`${id}-email-error`} message={send.fields.email} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea
          {...field('message')}
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <FieldError id={`${id}-message-error`} message={send.fields.message} />
      </div>
      <p className="!mt-0 text-sm text-stone-600">
        Only the registry&rsquo;s admins and its operator see your address, to answer you. No member or maker
        ever sees it.
      </p>
      {Boolean(send.error) && !fieldError && (
        <p role="alert" className="!mt-0 text-sm text-red-700">
          {errorText(send.error, 'The message could not be sent. Try again in a minute.')}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
