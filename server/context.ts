import type { Db } from './db/client';
import type { Env } from './env';
import type { Mailer } from './mail/mailer';
import type { MediaStore } from './media/media-store';

/** What every area's routes are given: the database, the configuration and the shared services. */
export interface AppContext {
  db: Db;
  env: Env;
  mailer: Mailer;
  media: MediaStore;
  /** Resolves when the database answers; used by /readyz. */
  ping: () => Promise<void>;
  /** The time now; tests inject one to move time (purchase offers' expiry). Default: the system clock. */
  clock?: () => Date;
}
