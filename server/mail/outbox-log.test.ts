import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../env';
import { startServer } from '../main';

// Without SMTP_URL every mail goes to DATA_DIR/outbox. Reset and verification mails hold sign-in tokens, so in
// production the log names only the file; outside production it also shows the link, for a developer to click.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-log-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const outbox = path.join(dataDir, 'outbox');
const TOKEN_LINK = /\/(?:verify-email|reset-password)\?token=([A-Za-z0-9_%-]+)/g;

/** The .eml body as written (nodemailer encodes long lines quoted-printable: "=3D", soft line breaks). */
const quotedPrintable = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function mailTwice(nodeEnv: 'production' | 'test', email: string) {
  const lines: string[] = [];
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  const env = readEnv({
    NODE_ENV: nodeEnv,
    MAIL_OUTBOX_ONLY: '1',
    DATA_DIR: dataDir,
    SAMPLE_DATA: '0',
    HOST: '127.0.0.1',
    PORT: '0',
    RATE_LIMIT_SCALE: '1',
  });
  const server = await startServer(env, log);
  const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
  try {
    const headers = { origin: env.publicUrl, 'sec-fetch-site': 'same-origin' };
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers,
      payload: { email, password: 'a long enough passphrase', displayName: 'Outbox Person' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/auth/request-reset',
      headers,
      payload: { email },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // Both mails are sent without being awaited by the request; wait for their files.
    const count = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0);
    for (let i = 0; i < 400 && count() < before + 2; i++) await new Promise((r) => setTimeout(r, 25));
    // The log line follows the file's write: on a busy machine wait for it too, not a fixed time.
    const logged = () =>
      fs
        .readdirSync(outbox)
        .sort()
        .slice(before)
        .every((f) => lines.join('').includes(f));
    for (let i = 0; i < 400 && !logged(); i++) await new Promise((r) => setTimeout(r, 25));
  } finally {
    await server.stop();
  }
  const files = fs.readdirSync(outbox).sort().slice(before);
  const tokens = files.flatMap((f) =>
    [...quotedPrintable(fs.readFileSync(path.join(outbox, f), 'utf8')).matchAll(TOKEN_LINK)].map(
      (m) => m[1]!,
    ),
  );
  return { log: lines.join(''), files, tokens };
}

describe('mail written to the outbox', () => {
  it('in production the log names the file and never a token or a link holding one', async () => {
    const { log, files, tokens } = await mailTwice('production', 'prod-outbox@example.test');
    expect(files).toHaveLength(2);
    expect(tokens).toHaveLength(2);
    for (const file of files) expect(log).toContain(file);
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toMatch(/token=/);
    expect(log).not.toContain('prod-outbox@example.test');
  }, 240_000);

  it('outside production the log shows each link, and says why', async () => {
    const { log, tokens } = await mailTwice('test', 'dev-outbox@example.test');
    expect(tokens).toHaveLength(2);
    for (const token of tokens) expect(log).toContain(token);
    expect(log).toContain('its link is logged because NODE_ENV is not production');
  }, 240_000);
});
