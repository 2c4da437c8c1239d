import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../core/config.ts';

describe('loadConfig', () => {
  it('fills in the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      PORT: 3000,
      APP_URL: 'http://localhost:3000',
      DATA_DIR: '/srv/app/.data',
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_UI_PORT: 8233,
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TEMPORAL_ADDRESS).toBeUndefined();
  });

  it('derives APP_URL from PORT and keeps explicit values', () => {
    expect(loadConfig({ PORT: '4000' }).APP_URL).toBe('http://localhost:4000');
    const config = loadConfig({
      APP_URL: 'https://tickets.example.com/',
      DATABASE_URL: 'postgresql://u:p@db:5432/tickscribe',
      TEMPORAL_ADDRESS: 'temporal:7233',
      DATA_DIR: '/var/lib/tickscribe',
    });
    expect(config.APP_URL).toBe('https://tickets.example.com');
    expect(config.DATABASE_URL).toBe('postgresql://u:p@db:5432/tickscribe');
    expect(config.TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(config.DATA_DIR).toBe('/var/lib/tickscribe');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({ PORT: 3000 });
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid setting PORT \(got "abc"\): must be a whole number\./],
    [{ PORT: '70000' }, /^Invalid setting PORT \(got "70000"\): must be <= 65535\./],
    [{ TEMPORAL_UI_PORT: '0' }, /^Invalid setting TEMPORAL_UI_PORT \(got "0"\)/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid setting LOG_LEVEL \(got "loud"\): must be one of fatal, error/],
    [{ DATABASE_URL: 'mysql://db/x' }, /^Invalid setting DATABASE_URL \(got "mysql:\/\/db\/x"\): is not in the expected form/],
    [{ APP_URL: 'localhost:3000' }, /^Invalid setting APP_URL/],
    [{ TEMPORAL_ADDRESS: 'temporal' }, /^Invalid setting TEMPORAL_ADDRESS/],
    [{ NODE_ENV: 'staging' }, /^Invalid setting NODE_ENV/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    let caught: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as Error).message).toMatch(message);
    expect((caught as Error).message).not.toContain('\n');
  });
});
