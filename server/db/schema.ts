// The whole schema, one module per area; drizzle-kit reads server/db/schema/*.ts.
export * from './schema/core';
export * from './schema/accounts';
export * from './schema/academy';
export * from './schema/registry';
export * from './schema/notifications';
export * from './schema/log';
export * from './schema/witnesses';
export * from './schema/market';
export * from './schema/contact';
export * from './schema/purchase-offers';
export * from './schema/lesson-media';
export * from './schema/log-index';
