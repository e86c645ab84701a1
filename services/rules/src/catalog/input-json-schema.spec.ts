import { buildSchema, GraphQLEnumType } from 'graphql';
import { inputJsonSchema } from './input-json-schema';

const schema = buildSchema(`
  enum Border { RED BLACK }
  input CardInput { name: String! border: Border! }
  """Setup input."""
  input SetupInput {
    seed: String
    "Players around the table."
    players: [String!]!
    deck: [CardInput!]!
    cat: Boolean
    count: Int!
    ratio: Float
  }
  type Query { setup(input: SetupInput!): String other(x: Int): String }
`);
// buildSchema has no internal enum values; give them the engine's spelling as Nest does.
for (const value of (schema.getType('Border') as GraphQLEnumType).getValues()) {
  (value as { value: unknown }).value = value.name.toLowerCase();
}

describe('inputJsonSchema', () => {
  const json = inputJsonSchema(schema, 'setup');

  it('describes the input object without the seed', () => {
    expect(json).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'SetupInput',
      description: 'Setup input.',
      type: 'object',
      required: ['players', 'deck', 'count'],
      additionalProperties: false,
    });
    expect(Object.keys(json.properties as object)).toEqual(['players', 'deck', 'cat', 'count', 'ratio']);
  });

  it('maps scalars, lists, nested inputs and enums (engine values)', () => {
    const properties = json.properties as Record<string, unknown>;
    expect(properties.players).toEqual({ type: 'array', items: { type: 'string' }, description: 'Players around the table.' });
    expect(properties.count).toEqual({ type: 'integer' });
    expect(properties.ratio).toEqual({ type: 'number' });
    expect(properties.cat).toEqual({ type: 'boolean' });
    expect(properties.deck).toEqual({
      type: 'array',
      items: {
        title: 'CardInput',
        type: 'object',
        properties: { name: { type: 'string' }, border: { enum: ['red', 'black'] } },
        required: ['name', 'border'],
        additionalProperties: false,
      },
    });
  });

  it('refuses a query that takes no input argument', () => {
    expect(() => inputJsonSchema(schema, 'other')).toThrow('no query other(input');
  });
});
