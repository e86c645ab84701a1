import type { Logger } from '../logging/logger';
/**
 * Node writes a process warning (a deprecation, a listener leak) to stderr
 * as text, which breaks a log that is one JSON object a line: each becomes
 * a warn line of the service's log instead, kept until the logger exists.
 * Returns what hands the warnings to the logger.
 */
export function warningsAsLogLines(): (logger: Logger) => void {
  const early: Error[] = [];
  let write = (warning: Error): void => {
    early.push(warning);
  };
  process.removeAllListeners('warning');
  process.on('warning', (warning) => write(warning));
  return (logger) => {
    write = (warning) => {
      logger.warn({ warning: { name: warning.name, message: warning.message, code: (warning as NodeJS.ErrnoException).code } }, `node warning: ${warning.name}`);
    };
    for (const warning of early.splice(0)) write(warning);
  };
}
