import { ACADEMY_ROUTES } from './academy';
import { ACCOUNT_ROUTES } from './account';
import { ADMIN_ROUTES } from './admin';
import type { ApiRoute } from './api-route';
import { AUTH_ROUTES } from './auth';
import { AUTHORING_ROUTES } from './authoring';
import { CONTACT_ROUTES } from './contact';
import { HANDLE_ROUTES } from './handles';
import { LOG_ROUTES } from './log';
import { MARKET_ROUTES } from './market';
import { NOTIFICATION_ROUTES } from './notifications';
import { PASSPORT_ROUTES } from './passport';
import { PROFILE_ROUTES } from './profiles';
import { PUBLIC_PASSPORT_ROUTES } from './public-passport';
import { PURCHASE_OFFER_ROUTES } from './purchase-offers';
import { REGISTRY_ROUTES } from './registry';
import { SYSTEM_ROUTES } from './system';

/**
 * Every HTTP operation the server offers, declared once: the server attaches these schemas to its routes
 * (validation, serialisation) and publishes them as OpenAPI. A route without a declaration fails a test.
 */
export const API_ROUTES = [
  ...AUTH_ROUTES,
  ...HANDLE_ROUTES,
  ...PROFILE_ROUTES,
  ...ACCOUNT_ROUTES,
  ...NOTIFICATION_ROUTES,
  ...ACADEMY_ROUTES,
  ...AUTHORING_ROUTES,
  ...REGISTRY_ROUTES,
  ...MARKET_ROUTES,
  ...PURCHASE_OFFER_ROUTES,
  ...PASSPORT_ROUTES,
  ...PUBLIC_PASSPORT_ROUTES,
  ...ADMIN_ROUTES,
  ...CONTACT_ROUTES,
  ...LOG_ROUTES,
  ...SYSTEM_ROUTES,
] as const satisfies readonly ApiRoute[];

/** One declared operation, with its schemas' own types. */
export type DeclaredRoute = (typeof API_ROUTES)[number];

/** `GET /api/lms/certificates`: how a route is named where it is served (server/plugins/api-route.ts). */
export type RouteKeyOf<R> = R extends { method: infer M extends string; path: infer P extends string }
  ? `${M} ${P}`
  : never;
export type ApiRouteKey = RouteKeyOf<DeclaredRoute>;

type Matching<R, K> = R extends unknown ? (RouteKeyOf<R> extends K ? R : never) : never;
/** The declaration named by a key. */
export type RouteOf<K extends ApiRouteKey> = Matching<DeclaredRoute, K>;
