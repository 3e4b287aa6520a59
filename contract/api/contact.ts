import { z } from 'zod';
import { okSchema, pathText, type ApiRoute } from './api-route';
import {
  contactHandledInputSchema,
  contactInputSchema,
  contactMessageListSchema,
  contactMessageSchema,
  operatorSchema,
} from '../contact';

const tag = 'contact';

/** The contact page: who runs the registry, and a form that reaches its admins. */
export const CONTACT_ROUTES = [
  {
    method: 'GET',
    path: '/api/public/contact',
    summary: "Who runs this registry: the operator's name and published address",
    tag,
    auth: 'none',
    response: { status: 200, schema: operatorSchema },
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/public/contact',
    summary:
      "A message to the registry's admins (and the operator's mailbox); the sender's address is shown to no member",
    tag,
    auth: 'optional',
    body: contactInputSchema,
    response: { status: 200, schema: okSchema },
    errors: [400, 429],
  },
  {
    method: 'GET',
    path: '/api/admin/contact-messages',
    summary:
      'Messages sent through the contact page: open ones first, then handled ones, newest first (the last 100)',
    tag,
    auth: 'admin',
    response: { status: 200, schema: contactMessageListSchema },
    errors: [401, 403],
  },
  {
    method: 'PUT',
    path: '/api/admin/contact-messages/:id/handled',
    summary: 'Mark a contact message handled, naming the admin, or open again',
    tag,
    auth: 'admin',
    params: z.object({ id: pathText('The contact message id') }),
    body: contactHandledInputSchema,
    response: { status: 200, schema: contactMessageSchema },
    errors: [400, 401, 403, 404],
  },
] as const satisfies readonly ApiRoute[];
