import { DomainError, ServiceUnavailableError } from '@scriptbook/platform';

/**
 * A Redis step accounts cannot go without: a throttle's count (letting an
 * uncounted password guess through would defeat it) or the revocation that
 * must land before a sign-out or removal commits. When Redis fails or does
 * not answer within REDIS_COMMAND_TIMEOUT_MS, the caller hears
 * SERVICE_UNAVAILABLE saying what could not be done; every such step runs
 * before its transaction commits, so nothing was stored.
 */
export async function needsRedis<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const unavailable = new ServiceUnavailableError(`${what} cannot be done right now (Redis did not answer); nothing was changed, retry shortly`);
    unavailable.cause = error;
    throw unavailable;
  }
}
