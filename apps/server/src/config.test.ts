import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.redirectUri).toBe('http://localhost:3000/auth');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.trustProxy).toBe(false);
  });

  it('derives the redirect URI from PUBLIC_URL without a trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://members.example.org/', PORT: '8080' });
    expect(config.redirectUri).toBe('https://members.example.org/auth');
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT: must be a number \(got "abc"\)$/],
    [{ PORT: '70000' }, /^PORT: must be between 1 and 65535/],
    [{ PUBLIC_URL: 'not a url' }, /^PUBLIC_URL: must be a URL/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL: must start with postgres:\/\//],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL: /],
    [{ TRUST_PROXY: 'true' }, /^TRUST_PROXY: name the proxy addresses/],
  ])('names the variable and the problem for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    [{ S3_BUCKET: 'x' }, /^S3_BUCKET: must be a bucket name/],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, /^S3_ENDPOINT: must be a URL/],
    [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }, /^S3_SECRET_ACCESS_KEY: must be set/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /^S3_BUCKET: must be set to store media in S3/],
    [{ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' }, /^S3_FORCE_PATH_STYLE: must be true/],
  ])('checks the S3 settings together: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the mail settings and never repeats a bad SMTP_URL, which may hold a password', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://members.example.org' }).mailFrom).toBe(
      'no-reply@members.example.org',
    );
    expect(loadConfig({ MAIL_FROM: 'Chamber <office@example.org>' }).mailFrom).toBe(
      'Chamber <office@example.org>',
    );
    expect(() => loadConfig({ MAIL_FROM: 'office' })).toThrow(/^MAIL_FROM: must be an address/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.org' })).toThrow(
      /^SMTP_URL: must be a URL such as smtp:\/\/user:password@mail.example.org:587$/,
    );
  });

  it('reads the bounce mailbox only with its return path, and never repeats its URL', () => {
    expect(loadConfig({}).bounces).toBeUndefined();
    expect(
      loadConfig({
        BOUNCE_IMAP_URL: 'imaps://bounces%40example.org:p%40ss@mail.example.org/Bounces',
        BOUNCE_ADDRESS: 'bounces@example.org',
      }).bounces,
    ).toEqual({
      address: 'bounces@example.org',
      imap: {
        host: 'mail.example.org',
        port: 993,
        secure: true,
        user: 'bounces@example.org',
        password: 'p@ss',
        mailbox: 'Bounces',
      },
      pollSeconds: 300,
    });
    const plain = loadConfig({
      BOUNCE_IMAP_URL: 'imap://u:p@localhost:1143',
      BOUNCE_ADDRESS: 'b@example.org',
      BOUNCE_POLL_SECONDS: '60',
    }).bounces;
    expect(plain?.imap).toMatchObject({ port: 1143, secure: false, mailbox: 'INBOX' });
    expect(plain?.pollSeconds).toBe(60);
    expect(() => loadConfig({ BOUNCE_IMAP_URL: 'imaps://u:p@mail.example.org' })).toThrow(
      /^BOUNCE_ADDRESS: must be set when BOUNCE_IMAP_URL is$/,
    );
    // The address alone is bulk mail's return path; the mailbox is then not read.
    const returnPathOnly = loadConfig({ BOUNCE_ADDRESS: 'b@example.org' });
    expect(returnPathOnly.bounces).toBeUndefined();
    expect(returnPathOnly.bounceAddress).toBe('b@example.org');
    expect(() =>
      loadConfig({ BOUNCE_IMAP_URL: 'imaps://mail.example.org', BOUNCE_ADDRESS: 'b@example.org' }),
    ).toThrow(/^BOUNCE_IMAP_URL: must hold the user and password/);
    expect(() =>
      loadConfig({
        BOUNCE_IMAP_URL: 'https://u:hunter2@mail.example.org',
        BOUNCE_ADDRESS: 'b@x.org',
      }),
    ).toThrow(
      /^BOUNCE_IMAP_URL: must be a URL such as imaps:\/\/bounces:password@mail.example.org:993\/INBOX$/,
    );
    expect(() =>
      loadConfig({ BOUNCE_IMAP_URL: 'imap://u:p@h', BOUNCE_ADDRESS: 'b+x@example.org' }),
    ).toThrow(/^BOUNCE_ADDRESS: must be an address without "\+"/);
  });

  it('loads demo data at start only when asked', () => {
    expect(loadConfig({}).seedDemoData).toBe(false);
    expect(loadConfig({ SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'yes' })).toThrow(
      /^SEED_DEMO_DATA: must be true or false/,
    );
  });

  it('stores media on disk unless a bucket is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'chamber-media',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: '/portal/',
      }).s3,
    ).toEqual({
      bucket: 'chamber-media',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'portal/',
    });
  });

  it('offers online payment only with both Stripe keys, and reads the stand-in address', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
        STRIPE_API_URL: 'http://localhost:12111',
      }).stripe,
    ).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      api: { host: 'localhost', port: 12111, protocol: 'http' },
    });
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x1', STRIPE_WEBHOOK_SECRET: 'whsec_y' }).stripe?.api,
    ).toBeUndefined();
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'pk_test_abc' }, /^STRIPE_SECRET_KEY: must be a Stripe secret key/],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, /^STRIPE_WEBHOOK_SECRET: must be set/],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, /^STRIPE_SECRET_KEY: must be set when/],
    [{ STRIPE_API_URL: 'http://localhost:12111' }, /^STRIPE_SECRET_KEY: must be set to use/],
    [
      { STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_WEBHOOK_SECRET: 'whsec_b', STRIPE_API_URL: 'x' },
      /^STRIPE_API_URL: must be a URL/,
    ],
  ])('checks the Stripe settings together: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats a bad Stripe key', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_oops secret' })).toThrow(
      /^STRIPE_SECRET_KEY: must be a Stripe secret key \(sk_live_\.\.\. or sk_test_\.\.\.\)$/,
    );
  });

  it('treats a blank variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '  ', PUBLIC_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('reads proxy addresses and hop counts', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });
});
