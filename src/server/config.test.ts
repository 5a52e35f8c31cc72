import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { DATA_DIR: 'memory://' };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appName).toBe('SkillSwap');
    expect(config.supportEmail).toBe('support@skillswap.local');
    expect(config.mailFrom).toBe('SkillSwap <no-reply@skillswap.local>');
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.writeLimits).toEqual({ postsPerHour: 10, activePostsMax: 50, requestsPerHour: 20, messagesPerMinute: 30 });
  });

  it('reads the write limits, 0 turning one off, and refuses anything but a whole number', () => {
    const config = loadConfig({ ...base, POSTS_PER_HOUR: '3', ACTIVE_POSTS_MAX: '0', EXCHANGE_REQUESTS_PER_HOUR: '7', MESSAGES_PER_MINUTE: '0' });
    expect(config.writeLimits).toEqual({ postsPerHour: 3, activePostsMax: 0, requestsPerHour: 7, messagesPerMinute: 0 });
    for (const variable of ['POSTS_PER_HOUR', 'ACTIVE_POSTS_MAX', 'EXCHANGE_REQUESTS_PER_HOUR', 'MESSAGES_PER_MINUTE']) {
      expect(() => loadConfig({ ...base, [variable]: '-1' })).toThrow(variable);
      expect(() => loadConfig({ ...base, [variable]: 'lots' })).toThrow(variable);
    }
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ ...base, DATABASE_URL: '', SMTP_URL: '', APP_URL: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['APP_URL', 'ftp://example.com'],
    ['SMTP_URL', 'http://mail'],
    ['SUPPORT_EMAIL', 'not-an-address'],
    ['NODE_ENV', 'staging'],
    ['AUTH_SECRET', 'short'],
  ])('refuses %s=%s with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ ...base, [variable]: value })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, [variable]: value });
    } catch (err) {
      expect((err as Error).message).toContain(variable);
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it.each([
    ['AUTH_SECRET', 'short-Secret-Value', 'short-Secret-Value'],
    ['DATABASE_URL', 'mysql://app:Hunter2-db-pass@db.example:3306/swap', 'Hunter2-db-pass'],
    ['SMTP_URL', 'http://mailer:Hunter2-smtp-pass@mail.example', 'Hunter2-smtp-pass'],
    ['METRICS_TOKEN', 'Hunter2-metrics', 'Hunter2-metrics'],
    ['METRICS_TOKEN', 'Hunter2 metrics token with spaces', 'Hunter2 metrics'],
  ])('names %s but never repeats its secret value', (variable, value, secret) => {
    expect(() => loadConfig({ ...base, [variable]: value })).toThrow(variable);
    try {
      loadConfig({ ...base, [variable]: value });
    } catch (err) {
      expect((err as Error).message).not.toContain(secret);
    }
  });

  it('trusts the loopback origins of its own port unless APP_URL is set', () => {
    expect(loadConfig({ ...base, PORT: '4000' }).trustedOrigins).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
      'http://[::1]:4000',
    ]);
    expect(loadConfig({ ...base, PORT: '4000', APP_URL: 'https://swap.example.org/' }).trustedOrigins).toEqual([
      'https://swap.example.org',
    ]);
  });

  it('opens /api/metrics only with a METRICS_TOKEN of 16 characters or more', () => {
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe('0123456789abcdef');
    expect(() => loadConfig({ ...base, METRICS_TOKEN: '0123456789abcde' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it('logs pretty lines at a terminal and JSON elsewhere, unless LOG_FORMAT says which', () => {
    expect(loadConfig(base, true).logFormat).toBe('pretty');
    expect(loadConfig(base, false).logFormat).toBe('json');
    expect(loadConfig({ ...base, LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ ...base, LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
  });

  it('keeps the port in APP_URL and strips a trailing slash', () => {
    expect(loadConfig({ ...base, PORT: '4000' }).appUrl).toBe('http://localhost:4000');
    expect(loadConfig({ ...base, APP_URL: 'https://swap.example.org/' }).appUrl).toBe('https://swap.example.org');
  });
});
