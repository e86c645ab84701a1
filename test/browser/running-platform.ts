import { startPlatform as startWholePlatform } from '@scriptbook/platform/testing/running-platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';

/** The whole platform as `npm start` runs it, from the build, on SQLite files and the real Redis. */
export interface RunningPlatform {
  /** The gateway's origin, e.g. `http://127.0.0.1:34510`. */
  readonly origin: string;
  stop(): Promise<void>;
}

/**
 * The platform the browser specs drive, with the built page they open
 * (`dist/web/leaderboard`) required as well; started and stopped by the
 * shared `startPlatform` of the platform's test tools.
 */
export async function startPlatform(isolation: TestIsolation, portOffset: number, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningPlatform> {
  const platform = await startWholePlatform({ isolation, portOffset, env: extraEnv, builtFiles: ['dist/web/leaderboard/index.html'] });
  return {
    origin: platform.gatewayUrl,
    stop: async () => {
      await platform.stop();
    },
  };
}
