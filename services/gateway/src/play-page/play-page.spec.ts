import { gatewayConfigSchema, playPageEnabled } from '../gateway.config';
import { PLAY_CONTENT_SECURITY_POLICY } from './play-page-policy';

describe('playPageEnabled', () => {
  it('is on outside production, off in production, and the setting wins either way', () => {
    expect(playPageEnabled({ NODE_ENV: 'development', PLAY_PAGE_ENABLED: undefined })).toBe(true);
    expect(playPageEnabled({ NODE_ENV: 'test', PLAY_PAGE_ENABLED: undefined })).toBe(true);
    expect(playPageEnabled({ NODE_ENV: 'production', PLAY_PAGE_ENABLED: undefined })).toBe(false);
    expect(playPageEnabled({ NODE_ENV: 'production', PLAY_PAGE_ENABLED: true })).toBe(true);
    expect(playPageEnabled({ NODE_ENV: 'development', PLAY_PAGE_ENABLED: false })).toBe(false);
  });

  it('is validated at start with the other settings: anything but a yes or a no is refused', () => {
    const parsed = gatewayConfigSchema.safeParse({ PLAY_PAGE_ENABLED: 'perhaps' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('PLAY_PAGE_ENABLED');
    expect(gatewayConfigSchema.safeParse({ PLAY_PAGE_ENABLED: 'false' }).data?.PLAY_PAGE_ENABLED).toBe(false);
  });
});

describe('the table screen’s policy', () => {
  it('allows this origin only, its own offline worker included, and no inline code', () => {
    expect(PLAY_CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(PLAY_CONTENT_SECURITY_POLICY).toContain("worker-src 'self'");
    expect(PLAY_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(PLAY_CONTENT_SECURITY_POLICY).not.toMatch(/https?:|wss?:|unsafe-inline|unsafe-eval|\*|data:|blob:/);
  });
});
