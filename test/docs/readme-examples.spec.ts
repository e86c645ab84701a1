import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, GraphQLSchema, OperationDefinitionNode, OperationTypeNode, parse, validate } from 'graphql';
import * as generatedOperations from '../../clients/generated/graphql';
import * as generatedLiveOperations from '../../clients/generated/live';
import { liveSchema } from '../../services/campaigns/src/live/live-schema';

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

/** The fenced blocks of one language in a Markdown file. */
function fencedBlocks(file: string, language: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]);
}

/**
 * The companion-app guide's GraphQL is what a frontend author pastes into
 * the explorer, and its TypeScript names the typed documents of clients/:
 * both must still exist in the graph. Subscriptions run on the campaigns
 * service's live schema (graphql-ws), everything else on the public schema.
 */
describe('the companion-app guide', () => {
  const schema = buildSchema(readFileSync(join(ROOT, 'graphql', 'schema.graphql'), 'utf8'));
  const live = liveSchema(() => (async function* () {})());
  const operations = fencedBlocks('docs/companion-app.md', 'graphql');

  function schemaFor(operation: string): GraphQLSchema {
    const kinds = parse(operation).definitions.map((definition) => (definition as OperationDefinitionNode).operation);
    return kinds.includes(OperationTypeNode.SUBSCRIPTION) ? live : schema;
  }

  it('has operations to check', () => {
    expect(operations.length).toBeGreaterThanOrEqual(10);
  });

  it.each(operations.map((operation) => [operation.replace(/\s+/g, ' ').slice(0, 60), operation]))('%s… is valid against its schema', (_name, operation) => {
    expect(validate(schemaFor(operation), parse(operation)).map((error) => error.message)).toEqual([]);
  });

  it('names only typed documents that clients/ generates', () => {
    const named = fencedBlocks('docs/companion-app.md', 'ts').flatMap((code) => [...code.matchAll(/\b(\w+Document)\b/g)].map((match) => match[1]));
    expect(named.length).toBeGreaterThan(0);
    const generated = new Set([...Object.keys(generatedOperations), ...Object.keys(generatedLiveOperations)]);
    expect(named.filter((name) => !generated.has(name))).toEqual([]);
  });
});
