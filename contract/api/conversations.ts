import { z } from 'zod';
import { conversationListSchema, conversationPostSchema, conversationSchema } from '../conversations';
import { okSchema, pathText, type ApiRoute } from './api-route';

const conversationParams = z.object({ id: pathText('The conversation id') });

/** Conversations between members and shops: the inbox of a marketplace without anyone's address. */
export const CONVERSATION_ROUTES = [
  {
    method: 'GET',
    path: '/api/conversations',
    summary: 'Your conversations with shops and members, newest first, with unread counts',
    tag: 'conversations',
    auth: 'session',
    response: { status: 200, schema: conversationListSchema },
    errors: [401],
  },
  {
    method: 'GET',
    path: '/api/conversations/:id',
    summary: 'One conversation in full (its two participants only)',
    tag: 'conversations',
    auth: 'session',
    params: conversationParams,
    response: { status: 200, schema: conversationSchema },
    errors: [401, 404],
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/read',
    summary: 'Mark a conversation read up to now (and its inbox entries)',
    tag: 'conversations',
    auth: 'session',
    params: conversationParams,
    response: { status: 200, schema: okSchema },
    errors: [401, 404],
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    summary:
      "Write in a conversation: the other side is told in the app and by mail, without either's address",
    tag: 'conversations',
    auth: 'session',
    params: conversationParams,
    body: conversationPostSchema,
    response: { status: 201, schema: conversationSchema },
    errors: [400, 401, 404, 429],
  },
] as const satisfies readonly ApiRoute[];
