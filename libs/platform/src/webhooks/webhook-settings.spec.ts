import { ConfigError, loadConfig, serviceConfigSchema } from '../config/config';
import { TEST_SECRETS } from '../testing/test-environment';
import { retryDelayMs, webhookSettingsOf, webhookSettingsShape } from './webhook-settings';

const schema = serviceConfigSchema(0, webhookSettingsShape);
const load = (env: Record<string, string>) => loadConfig('host', schema, { ...TEST_SECRETS, ...env });

describe('webhook settings', () => {
  it('refuses local endpoints in production, at start', () => {
    expect(() => webhookSettingsOf(load({ NODE_ENV: 'production', WEBHOOK_ALLOW_LOCAL_ENDPOINTS: 'true' }), 'host')).toThrow(ConfigError);
    expect(webhookSettingsOf(load({ NODE_ENV: 'production' }), 'host').WEBHOOK_ALLOW_LOCAL_ENDPOINTS).toBe(false);
    expect(webhookSettingsOf(load({ NODE_ENV: 'test', WEBHOOK_ALLOW_LOCAL_ENDPOINTS: 'true' }), 'host').WEBHOOK_ALLOW_LOCAL_ENDPOINTS).toBe(true);
  });

  it('retries for about eight and a half hours by default', () => {
    const settings = webhookSettingsOf(load({ NODE_ENV: 'production' }), 'host');
    const waits = Array.from({ length: settings.WEBHOOK_DELIVERY_ATTEMPTS - 1 }, (_, i) => retryDelayMs(settings, i + 1));
    expect(waits[0]).toBe(60_000);
    expect(waits.reduce((a, b) => a + b, 0)).toBe(511 * 60_000);
  });
});
