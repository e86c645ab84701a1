import { buildSchema, coerceInputValue, GraphQLInputType, parse, validate } from 'graphql';
import { checkAnswer, documentedErrorCodes } from './answer-checks';
import { normalizedDetail } from './findings';
import { FuzzRandom } from './fuzz-random';
import { printLiteral } from './graphql-literal';
import { argumentSite, InputValues, ValueHints } from './input-values';
import { OperationBuilder, rootFields } from './operations';
import { typedExample } from './typed-examples';

const schema = buildSchema(`
  scalar JSON
  enum FoodKind { CANNED_FOOD RAW_FOOD }
  input Eat { kind: FoodKind! amount: Int! note: String }
  input Dusk { characters: [String!]! eats: [Eat!] args: JSON }
  type Result { id: ID! total: Int!, items: [Result!]! }
  type Query { dusk(input: Dusk!, first: Int): Result campaign(id: ID!): Result }
  type Mutation { push(id: ID!, input: Dusk): Result! }
`);

const noHints: ValueHints = {
  known: () => [],
  unknown: () => [],
  composite: () => undefined,
  rootArguments: () => undefined,
};

const dusk = schema.getQueryType()!.getFields().dusk;
const inputType = dusk.args[0].type as GraphQLInputType;

function draws(seed: string, count: number, hostile: boolean) {
  const random = FuzzRandom.fromSeed(seed);
  const values = new InputValues(random, noHints);
  const builder = new OperationBuilder(schema, random, values, noHints);
  return Array.from({ length: count }, () => builder.build(rootFields(schema)[0], { hostile, style: random.chance(0.5) ? 'inline' : 'variables', depth: 2 }));
}

describe('the fuzzer’s generators', () => {
  it('draws the same operations from the same seed, and others from another', () => {
    expect(draws('a', 30, true)).toEqual(draws('a', 30, true));
    expect(draws('a', 30, true)).not.toEqual(draws('b', 30, true));
  });

  it('builds valid values of every kind that GraphQL coerces without an error', () => {
    const random = FuzzRandom.fromSeed('valid');
    const values = new InputValues(random, noHints);
    for (let i = 0; i < 200; i++) {
      const value = values.valid(inputType, argumentSite('Query', 'dusk', dusk.args[0]));
      const errors: string[] = [];
      coerceInputValue(value, inputType, (_path, _invalid, error) => errors.push(error.message));
      expect(errors).toEqual([]);
    }
  });

  it('writes valid operations, inline or with variables, that validate against the schema', () => {
    for (const operation of draws('documents', 100, false)) {
      expect(validate(schema, parse(operation.query))).toEqual([]);
    }
  });

  it('makes exactly one place hostile and says which, with values GraphQL itself would refuse among them', () => {
    const operations = draws('hostile', 300, true);
    expect(operations.every((operation) => typeof operation.hostile === 'string' && operation.hostile.length > 0)).toBe(true);
    const labels = operations.map((operation) => operation.hostile!.replace(/^[^:]*: /, ''));
    for (const kind of ['null where non-null', 'enum value', 'empty list', 'reserved key', 'own __proto__ field', 'past Int']) {
      expect({ kind, seen: labels.some((label) => label.includes(kind)) }).toEqual({ kind, seen: true });
    }
  });

  it('keeps __proto__ an own key of the variables it sends, rather than the prototype', () => {
    const random = FuzzRandom.fromSeed('proto');
    const values = new InputValues(random, noHints);
    const sent = Array.from({ length: 400 }, () => {
      const args: Record<string, unknown> = { input: values.valid(inputType, argumentSite('Query', 'dusk', dusk.args[0])) };
      values.withOneHostile(dusk.args, 'Query', 'dusk', args);
      return JSON.stringify(args);
    });
    expect(sent.some((body) => body.includes('"__proto__":'))).toBe(true);
  });

  it('prints JSON values as GraphQL literals, bare enum values where the type is an enum, and gives up on keys GraphQL cannot spell', () => {
    expect(printLiteral({ characters: ['Anton'], eats: [{ kind: 'RAW_FOOD', amount: 2 }] }, inputType)).toBe('{characters: ["Anton"], eats: [{kind: RAW_FOOD, amount: 2}]}');
    expect(printLiteral({ args: { 'not a name': 1 } }, inputType)).toBeUndefined();
    expect(printLiteral('a\u0000b')).toBe('"a\\u0000b"');
  });

  it('turns an engine example into the typed input, enum values respelled and unknown fields dropped', () => {
    expect(typedExample({ characters: ['Anton'], eats: [{ kind: 'cannedFood', amount: 1 }], extra: true }, inputType)).toEqual({
      characters: ['Anton'],
      eats: [{ kind: 'CANNED_FOOD', amount: 1 }],
    });
  });
});

describe('the fuzzer’s answer checks', () => {
  const codes = documentedErrorCodes();

  it('knows the codes docs/api.md documents', () => {
    for (const code of ['BAD_USER_INPUT', 'UNAUTHENTICATED', 'NOT_FOUND', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST']) expect(codes.has(code)).toBe(true);
  });

  it('passes a clean refusal and flags each broken promise once', () => {
    const clean = { elapsedMs: 5, status: 400, results: [{ errors: [{ message: 'bad', extensions: { code: 'BAD_USER_INPUT', field: 'input.name', rule: 'max' } }] }] };
    expect(checkAnswer(clean, codes)).toEqual([]);
    const broken = {
      elapsedMs: 5,
      status: 500,
      results: [
        {
          errors: [
            { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
            { message: 'no code' },
            { message: 'bad', extensions: { code: 'BAD_USER_INPUT', stacktrace: ['at x'] } },
            { message: 'odd', extensions: { code: 'TEAPOT' } },
          ],
        },
      ],
    };
    expect(checkAnswer(broken, codes).map((violation) => violation.check)).toEqual([
      'http-5xx',
      'internal-server-error',
      'error-without-code',
      'bad-input-without-field-or-rule',
      'error-leaks-internals',
      'undocumented-code',
    ]);
    expect(checkAnswer({ elapsedMs: 11_000, noAnswer: 'no answer within 11000 ms', results: [] }, codes)).toEqual([
      { check: 'no-answer-in-time', detail: 'no answer within the deadline' },
    ]);
  });

  it('groups messages that differ only in ids, numbers and quoted values', () => {
    expect(normalizedDetail('Campaign 01a2338d-ff2d-7000-816d-fd695015df04 has "x" at 12')).toBe(normalizedDetail('Campaign 01a2338d-ff69-7000-b931-d242ac389172 has "y" at 7'));
    expect(normalizedDetail('HTTP 500')).toBe('HTTP 500');
  });
});
