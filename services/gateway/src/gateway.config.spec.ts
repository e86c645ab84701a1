import { loadConfig } from '@scriptbook/platform';
import { TEST_SECRETS } from '@scriptbook/platform/testing/test-environment';
import { bodyLimitBytes, corsOriginsSetting, gatewayConfigSchema } from './gateway.config';

// Every secret given, so loading never falls back to a development data folder.
const ENV = { NODE_ENV: 'test', ...TEST_SECRETS };

describe('gateway configuration', () => {
  it('reads body limits in bytes, kilobytes and megabytes', () => {
    expect(bodyLimitBytes('512b')).toBe(512);
    expect(bodyLimitBytes('100kb')).toBe(102_400);
    expect(bodyLimitBytes('2mb')).toBe(2_097_152);
  });

  it('refuses a body limit it cannot read, and a subgraph timeout that is not a positive whole number', () => {
    const env = { ...ENV, BODY_LIMIT: '1gb', SUBGRAPH_TIMEOUT_MS: '0' };
    expect(() => loadConfig('gateway', gatewayConfigSchema, env)).toThrow(/BODY_LIMIT[\s\S]*SUBGRAPH_TIMEOUT_MS|SUBGRAPH_TIMEOUT_MS[\s\S]*BODY_LIMIT/);
  });

  it('defaults the subgraph timeout to ten seconds', () => {
    const config = loadConfig('gateway', gatewayConfigSchema, ENV);
    expect(config.SUBGRAPH_TIMEOUT_MS).toBe(10_000);
  });

  it('trusts no proxy unless told, and refuses a proxy list it cannot read', () => {
    const env = ENV;
    expect(loadConfig('gateway', gatewayConfigSchema, env).TRUSTED_PROXIES).toBe('');
    expect(loadConfig('gateway', gatewayConfigSchema, { ...env, TRUSTED_PROXIES: '10.0.0.0/8, loopback, 2001:db8::1' }).TRUSTED_PROXIES).toBe(
      '10.0.0.0/8, loopback, 2001:db8::1',
    );
    expect(() => loadConfig('gateway', gatewayConfigSchema, { ...env, TRUSTED_PROXIES: 'my-ingress.internal' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('opens CORS to any origin only for a development run that names none', () => {
    expect(corsOriginsSetting({ NODE_ENV: 'development', CORS_ORIGINS: undefined })).toBe('*');
    expect(corsOriginsSetting({ NODE_ENV: 'production', CORS_ORIGINS: undefined })).toBe('');
    expect(corsOriginsSetting({ NODE_ENV: 'test', CORS_ORIGINS: undefined })).toBe('');
    expect(corsOriginsSetting({ NODE_ENV: 'production', CORS_ORIGINS: 'https://app.example' })).toBe('https://app.example');
  });
});
