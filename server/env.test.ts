import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoAccountsAllowed, EnvError, isLoopbackHost, readEnv } from './env';

describe('readEnv', () => {
  it('applies the documented defaults', () => {
    const env = readEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.dataDir).toBe(path.resolve('./data'));
    expect(env.SAMPLE_DATA).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.RATE_LIMIT_SCALE).toBe(1);
    expect(env.SHARED_CACHE_SECONDS).toBe(5);
    expect(env.OPERATOR_NAME).toBe('The Luthier Registry team');
    expect(env.OPERATOR_EMAIL).toBeUndefined();
  });

  it('listens on 127.0.0.1 by default outside production and on 0.0.0.0 in production; HOST overrides both', () => {
    expect(readEnv({}).HOST).toBe('127.0.0.1');
    expect(readEnv({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(readEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(readEnv({ NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1' }).HOST).toBe('0.0.0.0');
    expect(readEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(readEnv({ NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', HOST: '10.0.0.5' }).HOST).toBe(
      '10.0.0.5',
    );
  });

  it('allows demo accounts only outside production and on a loopback address', () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      'localhost',
      'LOCALHOST',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.20',
      '10.0.0.5',
      '128.0.0.1',
      '127.0.0.1.example',
      'my-laptop',
      '::2',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
    // The default development start keeps its demo accounts; one bound to the network, or production, has none.
    expect(demoAccountsAllowed(readEnv({}))).toBe(true);
    expect(demoAccountsAllowed(readEnv({ NODE_ENV: 'test', HOST: '127.0.0.1' }))).toBe(true);
    expect(demoAccountsAllowed(readEnv({ HOST: '0.0.0.0' }))).toBe(false);
    expect(demoAccountsAllowed(readEnv({ HOST: '192.168.1.20' }))).toBe(false);
    expect(demoAccountsAllowed(readEnv({ NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1' }))).toBe(false);
    expect(
      demoAccountsAllowed(readEnv({ NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', HOST: '127.0.0.1' })),
    ).toBe(false);
  });

  it('reads the operator named on /contact, and refuses an address that is none', () => {
    expect(
      readEnv({ OPERATOR_NAME: ' Tonewood Guild e.V. ', OPERATOR_EMAIL: 'registry@guild.example' }),
    ).toMatchObject({ OPERATOR_NAME: 'Tonewood Guild e.V.', OPERATOR_EMAIL: 'registry@guild.example' });
    expect(() => readEnv({ OPERATOR_EMAIL: 'registry at guild' })).toThrow(
      /^Invalid configuration: OPERATOR_EMAIL must be an email address/,
    );
    expect(() => readEnv({ OPERATOR_NAME: '  ' })).toThrow(
      /^Invalid configuration: OPERATOR_NAME must not be empty/,
    );
  });

  it('reads SHARED_CACHE_SECONDS, 0 meaning off', () => {
    expect(readEnv({ SHARED_CACHE_SECONDS: '0' }).SHARED_CACHE_SECONDS).toBe(0);
    expect(readEnv({ SHARED_CACHE_SECONDS: '30' }).SHARED_CACHE_SECONDS).toBe(30);
  });

  it('reads RATE_LIMIT_SCALE and refuses a raised scale in production', () => {
    expect(readEnv({ RATE_LIMIT_SCALE: '1000' }).RATE_LIMIT_SCALE).toBe(1000);
    expect(
      readEnv({ RATE_LIMIT_SCALE: '0.5', NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1' }).RATE_LIMIT_SCALE,
    ).toBe(0.5);
    expect(() => readEnv({ RATE_LIMIT_SCALE: '10', NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration: RATE_LIMIT_SCALE must be at most 1 in production/,
    );
  });

  it('refuses to start in production without SMTP_URL unless MAIL_OUTBOX_ONLY says the outbox is meant', () => {
    const line =
      'Invalid configuration: SMTP_URL must be set in production (or set MAIL_OUTBOX_ONLY=1 to keep every mail in DATA_DIR/outbox only)';
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(new EnvError(line));
    expect(() => readEnv({ NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '0' })).toThrow(new EnvError(line));
    expect(readEnv({ NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1' }).MAIL_OUTBOX_ONLY).toBe(true);
    expect(readEnv({ NODE_ENV: 'production', SMTP_URL: 'smtps://mail.example:465' }).MAIL_OUTBOX_ONLY).toBe(
      false,
    );
    // Development and tests keep the outbox without being asked.
    expect(readEnv({}).SMTP_URL).toBeUndefined();
    expect(readEnv({ NODE_ENV: 'test' }).MAIL_OUTBOX_ONLY).toBe(false);
    expect(() => readEnv({ MAIL_OUTBOX_ONLY: 'sure' })).toThrow(
      /^Invalid configuration: MAIL_OUTBOX_ONLY must be 0\/1, true\/false or yes\/no/,
    );
  });

  it('reads every variable', () => {
    const env = readEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/x',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_URL: 'https://luthiers.example/',
      SMTP_URL: 'smtp://mail:25',
      SAMPLE_DATA: '0',
      NODE_ENV: 'production',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      SAMPLE_DATA: false,
      NODE_ENV: 'production',
      publicUrl: 'https://luthiers.example',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT must be a number/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [
      { DATABASE_URL: 'mysql://x' },
      /^Invalid configuration: DATABASE_URL must be a URL starting with postgres:\/\//,
    ],
    [{ SAMPLE_DATA: 'maybe' }, /^Invalid configuration: SAMPLE_DATA must be 0\/1/],
    [{ PUBLIC_URL: 'luthiers.example' }, /^Invalid configuration: PUBLIC_URL /],
    [{ NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV /],
    [{ RATE_LIMIT_SCALE: '0' }, /^Invalid configuration: RATE_LIMIT_SCALE must be a number above 0/],
    [{ RATE_LIMIT_SCALE: 'lots' }, /^Invalid configuration: RATE_LIMIT_SCALE must be a number/],
    [{ SHARED_CACHE_SECONDS: 'soon' }, /^Invalid configuration: SHARED_CACHE_SECONDS must be a number/],
    [
      { SHARED_CACHE_SECONDS: '-1' },
      /^Invalid configuration: SHARED_CACHE_SECONDS must be 0 \(off\) or more/,
    ],
    [{ SHARED_CACHE_SECONDS: '2.5' }, /^Invalid configuration: SHARED_CACHE_SECONDS must be a whole number/],
  ])('refuses %o with one line naming it', (source, message) => {
    expect(() => readEnv(source)).toThrow(EnvError);
    expect(() => readEnv(source)).toThrow(message);
    try {
      readEnv(source);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('reads LOG_POLICY as a tlog-policy file, and a missing or malformed one stops the start in one line', () => {
    expect(readEnv({}).logPolicy.quorum).toBe('none');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'policy-'));
    const file = path.join(dir, 'policy');
    fs.writeFileSync(file, 'quorum none\n');
    expect(readEnv({ LOG_POLICY: file }).logPolicy).toMatchObject({ quorum: 'none', witnesses: [] });
    fs.writeFileSync(file, 'witness A nokey\nquorum A\n');
    expect(() => readEnv({ LOG_POLICY: file })).toThrow(
      new EnvError(
        `Invalid configuration: LOG_POLICY line 1: "nokey" is not a vkey (<name>+<8 hex key id>+<base64 key>) (got "${file}")`,
      ),
    );
    expect(() => readEnv({ LOG_POLICY: path.join(dir, 'absent') })).toThrow(
      /^Invalid configuration: LOG_POLICY does not exist \(got ".*absent"\)$/,
    );
    fs.rmSync(dir, { recursive: true });
  });
});
