import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';

const ROOT = join(__dirname, '..', '..');

/** The GraphQL documents of the README's curl examples, unescaped from their JSON bodies. */
function readmeOperations(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return [...readme.matchAll(/-d '(\{"query":.*?\})'/g)].map((match) => (JSON.parse(match[1]) as { query: string }).query);
}

/**
 * A newcomer copies the README's examples first: each must still be a valid
 * operation of the public schema (graphql/schema.graphql, itself drift-tested
 * against the services).
 */
describe('README examples', () => {
  const schema = buildSchema(readFileSync(join(ROOT, 'graphql', 'schema.graphql'), 'utf8'));
  const operations = readmeOperations();

  it('has examples to check', () => {
    expect(operations.length).toBeGreaterThanOrEqual(3);
  });

  it.each(operations.map((operation) => [operation.slice(0, 60), operation]))('%s… is valid against the public schema', (_name, operation) => {
    expect(validate(schema, parse(operation)).map((error) => error.message)).toEqual([]);
  });
});
