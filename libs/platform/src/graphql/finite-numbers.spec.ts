import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { formatGraphQLError } from '../errors/format-graphql-error';
import { finiteNumbersRule, nonFiniteVariableRefusal } from './finite-numbers';
import { inputPositionsRule } from './input-positions';

const schema = buildSchema(`
  scalar JSON
  input RngState { s0: Float!, c: Float! }
  input Action { name: String!, args: JSON }
  type Query {
    replay(rngState: RngState, weights: [Float!]): String
    push(actions: [Action!]!): String
    count(n: Int, id: ID): String
  }
`);

/** What a client is told for each error validation reports on `query`, mapped as every server maps it. */
function told(query: string) {
  const errors = validate(schema, parse(query), [...specifiedRules, inputPositionsRule, finiteNumbersRule]);
  return errors.map((error) => formatGraphQLError({ message: error.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }, error));
}

describe('a number no double can hold, written in the document', () => {
  it('is refused where a Float takes it, naming the argument path and rule type', () => {
    expect(told('{ replay(rngState: { s0: 1e400, c: 1 }) }')).toEqual([
      {
        message: expect.stringMatching(/^"rngState\.s0" expects Float!: Float cannot represent a number beyond what a double holds/),
        extensions: { code: 'BAD_USER_INPUT', field: 'rngState.s0', rule: 'type' },
      },
    ]);
    expect(told(`{ replay(rngState: { s0: 0.5, c: -${'9'.repeat(400)} }) }`)[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'rngState.c', rule: 'type' });
    expect(told('{ replay(weights: [1, -1e999]) }')[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'weights[1]', rule: 'type' });
  });

  it('is refused at any depth of a JSON literal, naming the place within it', () => {
    expect(told('{ push(actions: [{ name: "a", args: { deck: [{ weight: 1e400 }] } }]) }')).toEqual([
      {
        message: expect.stringMatching(/^"actions\[0\]\.args\.deck\[0\]\.weight" expects JSON: JSON holds a number beyond/),
        extensions: { code: 'BAD_USER_INPUT', field: 'actions[0].args.deck[0].weight', rule: 'type' },
      },
    ]);
  });

  it('is refused in a variable default too', () => {
    expect(told('query ($r: RngState = { s0: 1e400, c: 1 }) { replay(rngState: $r) }')[0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: '$r.s0',
      rule: 'type',
    });
  });

  it('leaves what graphql-js already judges to it, and numbers a double holds alone', () => {
    expect(told('{ replay(rngState: { s0: 1.7e308, c: 1e-400 }) push(actions: [{ name: "a", args: { n: 1e308 } }]) }')).toEqual([]);
    expect(told(`{ count(id: ${'9'.repeat(400)}) }`)).toEqual([]);
    // An Int past 32 bits is graphql-js's own refusal, reported once.
    expect(told(`{ count(n: ${'9'.repeat(400)}) }`)).toEqual([
      expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', field: 'n', rule: 'type' } }),
    ]);
  });
});

describe('a number no double can hold, sent in the variables', () => {
  it('names its place within the variable', () => {
    // JSON reads 1e400 as Infinity before GraphQL sees it.
    const variables = JSON.parse('{"ok": {"n": 1}, "actions": [{"name": "a", "args": {"deck": [0, -1e400]}}]}');
    const refusal = nonFiniteVariableRefusal(variables)!;
    expect(refusal.extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$actions[0].args.deck[1]', rule: 'type', http: { status: 400 } });
    expect(refusal.message).toBe(
      'Variable "$actions[0].args.deck[1]" holds a number beyond what a double holds (about ±1.8e308), which the API would read as Infinity: send a number within that range.',
    );
    expect(formatGraphQLError(refusal.toJSON(), refusal).extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$actions[0].args.deck[1]', rule: 'type' });
  });

  it('walks variables nested as deep as a request body can hold them', () => {
    const depth = 50_000;
    const deep = JSON.parse(`${'['.repeat(depth)}1e400${']'.repeat(depth)}`);
    expect(nonFiniteVariableRefusal({ deep })!.extensions!.field).toBe(`$deep${'[0]'.repeat(depth)}`);
    expect(nonFiniteVariableRefusal({ deep: JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`) })).toBeUndefined();
  });

  it('passes variables that hold only numbers a double holds', () => {
    expect(nonFiniteVariableRefusal({ s0: 0.25, deck: [1, 2, { n: -1.5e308 }] })).toBeUndefined();
    expect(nonFiniteVariableRefusal(undefined)).toBeUndefined();
  });
});
