import { z } from 'zod';
import {
  notificationListSchema,
  notificationReplySchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
} from '../notifications';
import { okSchema, pathText, type ApiRoute } from './api-route';

const tag = 'notifications';

/** The signed-in person's inbox and mail preferences. */
export const NOTIFICATION_ROUTES = [
  {
    method: 'GET',
    path: '/api/notifications',
    summary: 'The inbox, newest first, with the unread count',
    tag,
    auth: 'session',
    response: { status: 200, schema: notificationListSchema },
    errors: [401],
  },
  {
    method: 'POST',
    path: '/api/notifications/read-all',
    summary: 'Mark every notification read',
    tag,
    auth: 'session',
    response: { status: 200, schema: okSchema },
    errors: [401],
  },
  {
    method: 'POST',
    path: '/api/notifications/:id/read',
    summary: 'Mark one notification read',
    tag,
    auth: 'session',
    params: z.object({ id: pathText('The notification id') }),
    response: { status: 200, schema: okSchema },
    errors: [401, 404],
  },
  {
    method: 'POST',
    path: '/api/notifications/:id/reply',
    summary:
      "Answer a message to your shop (or a reply to one) in the app: it reaches the writer's inbox and mail, and neither email is shown",
    tag,
    auth: 'session',
    params: z.object({ id: pathText('The id of the message notification being answered') }),
    body: notificationReplySchema,
    response: { status: 200, schema: okSchema },
    errors: [400, 401, 404, 429],
  },
  {
    method: 'GET',
    path: '/api/account/notification-preferences',
    summary: 'Which notifications are also mailed',
    tag,
    auth: 'session',
    response: { status: 200, schema: notificationPreferencesSchema },
    errors: [401],
  },
  {
    method: 'PUT',
    path: '/api/account/notification-preferences',
    summary: 'Change which notifications are mailed (kinds left out keep their setting)',
    tag,
    auth: 'session',
    body: notificationPreferencesUpdateSchema,
    response: { status: 200, schema: notificationPreferencesSchema },
    errors: [400, 401],
  },
] as const satisfies readonly ApiRoute[];
