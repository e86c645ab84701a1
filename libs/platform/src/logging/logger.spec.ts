import { Writable } from 'node:stream';
import { QueryFailedError } from 'typeorm';
import { createLogger, PinoNestLogger } from './logger';

/** The JSON lines a logger wrote, as text. */
function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('the service logger keeps personal data out of its lines', () => {
  const email = 'ana.lopez@example.org';
  const passwordHash = '$2b$10$abcdefghijklmnopqrstuuKSWUwJb0WlU3XIcL3hSvzSy5P6m9Z7e';

  it('drops the values of a failed statement and masks emails in an error, keeping what an operator needs', () => {
    // The shape TypeORM gives a Postgres unique violation: the statement, its values, and pg's own error with its detail.
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "players_email_key"'), {
      code: '23505',
      detail: `Key (email)=(${email}) already exists.`,
      constraint: 'players_email_key',
    });
    const failed = new QueryFailedError('INSERT INTO "players"("id", "email", "password_hash") VALUES ($1, $2, $3)', ['p-1', email, passwordHash], driverError);
    const { stream, text } = capture();
    createLogger('accounts', 'info', stream).error({ err: failed }, `unexpected error registering ${email}`);

    const line = JSON.parse(text());
    expect(text()).not.toContain(email);
    expect(text()).not.toContain(passwordHash);
    expect(line.msg).toBe('unexpected error registering [email]');
    expect(line.err).toMatchObject({
      type: 'QueryFailedError',
      message: 'duplicate key value violates unique constraint "players_email_key"',
      query: 'INSERT INTO "players"("id", "email", "password_hash") VALUES ($1, $2, $3)',
      parameters: '[redacted]',
      driverError: { code: '23505', constraint: 'players_email_key', detail: '[redacted]' },
    });
    expect(line.err.stack).toContain('QueryFailedError');
  });

  it('masks an email in a plain message, in an error cause, and in a stack Nest hands over', () => {
    const { stream, text } = capture();
    const logger = createLogger('accounts', 'info', stream);
    logger.warn(`no player for ${email}`);
    logger.error({ err: new Error('sign-in failed', { cause: new Error(`lookup of ${email} timed out`) }) }, 'failed');
    new PinoNestLogger(logger).error('boom', `Error: boom for ${email}\n    at handler (accounts.js:1:1)`, 'ExceptionsHandler');
    expect(text()).not.toContain(email);
    expect(text().split('\n').filter(Boolean).map((entry) => JSON.stringify(JSON.parse(entry)).includes('[email]'))).toEqual([true, true, true]);
  });
});
