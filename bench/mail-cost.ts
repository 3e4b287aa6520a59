// What a mail per event costs: every notification is an inbox row, and by the person's preference a mail
// sent after the transaction commits (server/notify/notifications.ts). Each round writes the same events in their
// own transactions, as requests do, once to a person who turned that mail off and once to one who receives it, and
// waits until every mail has gone: the difference is what the mail adds, in the request (p50 of the transaction
// that calls notify) and in total (the background claim, render and send, per mail). The mail goes through the
// product's default transport, an .eml file in the outbox, and through an in-memory transport to separate our
// work from the transport's. SMTP's cost is the mail server's and is not measured here.
// `npm run bench` includes it; alone: npx tsx bench/mail-cost.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { AppContext } from '../server/context';
import { createUser } from '../server/db/builders/accounts';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import { notificationPreferences } from '../server/db/schema';
import { readEnv } from '../server/env';
import { createMailer, createMemoryMailer, type Mailer } from '../server/mail/mailer';
import { createMediaStore } from '../server/media/media-store';
import { notify, settleNotificationMail } from '../server/notify/notifications';
import { createPostgresDatabase } from '../server/test/test-db';

const EVENTS = 200;
const ROUNDS = 3;

export interface MailCostRow {
  backend: 'PGlite' | 'PostgreSQL';
  transport: 'outbox file' | 'memory';
  /** p50 ms of the transaction that records one notification, mail off → mail on. */
  requestP50: { off: number; on: number };
  /** ms per event from the first write until every mail has gone, mail off → mail on. */
  perEvent: { off: number; on: number };
  mailsSent: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function round(ctx: AppContext, userId: string, count: () => number) {
  const before = count();
  const latencies: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const t = performance.now();
    await ctx.db.transaction((tx) =>
      notify(ctx, tx, [
        {
          userId,
          kind: 'offer_received',
          title: 'Bench: an ownership offer',
          body: `Someone offers you instrument ${i}.`,
          link: '/dashboard',
        },
      ]),
    );
    latencies.push(performance.now() - t);
  }
  await settleNotificationMail();
  return { p50: median(latencies), perEvent: (performance.now() - t0) / EVENTS, sent: count() - before };
}

async function measure(database: Database, dir: string): Promise<MailCostRow[]> {
  await migrateDatabase(database);
  const { db } = database;
  const env = readEnv({ NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const log = pino({ level: 'silent' });
  const outbox = path.join(dir, 'outbox');
  const memory = createMemoryMailer();
  const transports: [MailCostRow['transport'], Mailer, () => number][] = [
    [
      'outbox file',
      createMailer({ from: env.MAIL_FROM, outboxDir: outbox, log, logLinks: false }),
      () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0),
    ],
    ['memory', memory, () => memory.sent.length],
  ];
  const muted = await createUser(db, { handle: `mail-off-${Date.now().toString(36)}` });
  const mailed = await createUser(db, { handle: `mail-on-${Date.now().toString(36)}` });
  await db.insert(notificationPreferences).values({ userId: muted.id, kind: 'offer_received', mail: false });
  const rows: MailCostRow[] = [];
  for (const [transport, mailer, count] of transports) {
    const ctx: AppContext = {
      db,
      env,
      mailer,
      media: createMediaStore(db, { storage: 'fs', dir: path.join(dir, 'media') }),
      ping: () => database.ping(),
    };
    const off: Awaited<ReturnType<typeof round>>[] = [];
    const on: Awaited<ReturnType<typeof round>>[] = [];
    await round(ctx, muted.id, count); // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      // Alternating which goes first, so a drift of the machine does not always favour one.
      if (r % 2) on.push(await round(ctx, mailed.id, count));
      off.push(await round(ctx, muted.id, count));
      if (!(r % 2)) on.push(await round(ctx, mailed.id, count));
    }
    const sent = on.reduce((s, x) => s + x.sent, 0);
    if (sent !== EVENTS * ROUNDS || off.some((x) => x.sent !== 0))
      throw new Error(`mail bench: expected ${EVENTS * ROUNDS} mails, ${sent} went out`);
    rows.push({
      backend: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      transport,
      requestP50: { off: median(off.map((x) => x.p50)), on: median(on.map((x) => x.p50)) },
      perEvent: { off: median(off.map((x) => x.perEvent)), on: median(on.map((x) => x.perEvent)) },
      mailsSent: sent,
    });
  }
  return rows;
}

export async function runMailCost(pgAvailable: boolean): Promise<MailCostRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-cost-'));
  const out: MailCostRow[] = [];
  try {
    if (pgAvailable) {
      const { url, drop } = await createPostgresDatabase();
      const database = await openDatabase({ url, poolSize: 10 });
      try {
        out.push(...(await measure(database, path.join(dir, 'pg'))));
      } finally {
        await database.close();
        await drop();
      }
    }
    const database = await openDatabase({});
    try {
      out.push(...(await measure(database, path.join(dir, 'pglite'))));
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

export function mailCostMarkdown(rows: MailCostRow[]): string[] {
  const ms = (v: number) => v.toFixed(2);
  const plus = (on: number, off: number) =>
    `${on >= off ? '+' : '−'}${ms(Math.abs(on - off))} (×${(on / off).toFixed(2)})`;
  return [
    `${EVENTS} notifications, each in its own transaction, ${ROUNDS} rounds (medians), to a person with that mail off and to one with it on; ms. "Request" is the transaction that writes the notification (what a request waits for); "per event" runs from the first write until every mail has gone (the background claim, render and send included).`,
    '',
    '| backend | transport | request p50 mail off | mail on | the mail adds | per event mail off | mail on | the mail adds |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.backend} | ${r.transport} | ${ms(r.requestP50.off)} | ${ms(r.requestP50.on)} | ${plus(r.requestP50.on, r.requestP50.off)} | ${ms(r.perEvent.off)} | ${ms(r.perEvent.on)} | ${plus(r.perEvent.on, r.perEvent.off)} |`,
    ),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.TEST_DATABASE_URL ??=
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  console.log(mailCostMarkdown(await runMailCost(true)).join('\n'));
}
