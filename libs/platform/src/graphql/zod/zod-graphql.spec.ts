import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory, Query, Resolver, Args } from '@nestjs/graphql';
import { GraphQLEnumType, GraphQLInputObjectType, GraphQLObjectType, GraphQLSchema, printType } from 'graphql';
import { z } from 'zod';
import { describedEnum, named, referenceTo } from './annotations';
import { entityReferenceType } from './entity-reference';
import { compileInput, compileOutput } from './zod-graphql-values';
import { ZodGraphQLTypes } from './zod-graphql-types';
import { zodToJsonSchema } from './zod-json-schema';

const colour = describedEnum('SpecColour', { red: 'A red card.', 'dark-blue': 'A dark blue card.' }).describe('The colour.');
const card = named(
  'SpecCard',
  z.object({ name: z.string().describe('Printed name.'), colour, cost: z.number().int().min(0).max(9).describe('Cost, 0 to 9.') }).describe('A card.'),
);
const input = z
  .object({
    cards: z.array(card).min(1).describe('The cards.'),
    note: z.string().optional().describe('A note, optional.'),
    weights: z.record(z.number()).optional().describe('Name → weight.'),
  })
  .describe('What the spec procedure takes.');
const result = z
  .object({
    best: card.describe('The best card.'),
    scenarioId: referenceTo('SpecScenario', z.string()).describe('The scenario played.'),
    cardIds: z.array(referenceTo('SpecCardEntity', z.string())).describe('Cards named by id.'),
    totals: z.record(z.number().int()).describe('Colour → total.'),
    extra: z.object({ ratio: z.number().describe('A ratio.') }).nullable().describe('Only sometimes there.'),
  })
  .describe('What the spec procedure returns.');

const SpecScenario = entityReferenceType('SpecScenario', 'A scenario another subgraph owns.');
const types = new ZodGraphQLTypes({ references: { SpecScenario } });
const InputType = types.inputType(input, 'SpecInput', 'Spec');
const ResultType = types.objectType(result, 'SpecResult', 'Spec');

@Resolver()
class SpecResolver {
  @Query(() => ResultType, { description: 'Spec query.' })
  spec(@Args('input', { type: () => InputType }) _input: unknown): unknown {
    return null;
  }
}

describe('zod → GraphQL', () => {
  let schema: GraphQLSchema;

  beforeAll(async () => {
    const app = await NestFactory.createApplicationContext(GraphQLSchemaBuilderModule, { logger: false });
    schema = await app.get(GraphQLSchemaFactory).create([SpecResolver]);
    await app.close();
  });

  it('builds object types with the schemas\' descriptions, nullability, lists and named nested types', () => {
    const spec = schema.getType('SpecResult') as GraphQLObjectType;
    expect(spec.description).toBe('What the spec procedure returns.');
    const fields = spec.getFields();
    expect(String(fields.best.type)).toBe('SpecCard!');
    expect(fields.best.description).toBe('The best card.');
    expect(String(fields.extra.type)).toBe('SpecExtra');
    expect(String(fields.totals.type)).toBe('[SpecTotalsEntry!]!');
    expect(printType(schema.getType('SpecCard')!)).toContain('cost: Int!');
  });

  it('serves an entity reference beside its id, and only the id where the entity is not served', () => {
    const fields = (schema.getType('SpecResult') as GraphQLObjectType).getFields();
    expect(String(fields.scenarioId.type)).toBe('ID!');
    expect(String(fields.scenario.type)).toBe('SpecScenario!');
    expect(String(fields.cardIds.type)).toBe('[ID!]!');
    expect(fields.cards).toBeUndefined();
  });

  it('builds input types, optional fields nullable, and enums with described values', () => {
    const spec = schema.getType('SpecInput') as GraphQLInputObjectType;
    expect(String(spec.getFields().cards.type)).toBe('[SpecCardInput!]!');
    expect(String(spec.getFields().note.type)).toBe('String');
    expect(String(spec.getFields().weights.type)).toBe('[SpecWeightsEntryInput!]');
    const values = (schema.getType('SpecColour') as GraphQLEnumType).getValues();
    expect(values.map((v) => [v.name, v.value, v.description])).toEqual([
      ['RED', 'red', 'A red card.'],
      ['DARK_BLUE', 'dark-blue', 'A dark blue card.'],
    ]);
  });

  it('refuses one name for two different schemas and schemas it cannot serve', () => {
    const other = new ZodGraphQLTypes();
    other.objectType(z.object({ a: z.string() }), 'Clash');
    expect(() => other.objectType(z.object({ b: z.string() }), 'Clash')).toThrow('claimed by two different schemas');
    expect(() => other.objectType(z.object({ t: z.tuple([z.string()]) }), 'Tuple')).toThrow('no GraphQL form');
  });
});

describe('values between GraphQL and zod', () => {
  it('serves records as key and value lists and adds the entity stub beside its id', () => {
    const convert = compileOutput(result, new Set(['SpecScenario']))!;
    const value = { best: { name: 'A', colour: 'red', cost: 1 }, scenarioId: 's:1', cardIds: ['c:1'], totals: { red: 3 }, extra: null };
    expect(convert(value)).toEqual({ ...value, scenario: { id: 's:1' }, totals: [{ key: 'red', value: 3 }] });
  });

  it('needs no conversion when nothing is a record or a reference', () => {
    expect(compileOutput(card, new Set())).toBeNull();
  });

  it('reads GraphQL arguments back: explicit nulls on optional fields dropped, entry lists made records again', () => {
    const convert = compileInput(input);
    const args = Object.assign(Object.create(null), { cards: [{ name: 'A', colour: 'red', cost: 1 }], note: null, weights: [{ key: 'a', value: 2 }] });
    const value = convert(args);
    expect(value).toEqual({ cards: [{ name: 'A', colour: 'red', cost: 1 }], weights: { a: 2 } });
    expect(input.safeParse(value).success).toBe(true);
  });
});

describe('zod → JSON Schema', () => {
  const json = zodToJsonSchema(input, 'spec input');

  it('keeps required fields, bounds and descriptions', () => {
    expect(json).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'spec input', type: 'object', required: ['cards'] });
    const cards = (json.properties as Record<string, Record<string, unknown>>).cards;
    expect(cards).toMatchObject({ type: 'array', minItems: 1, description: 'The cards.' });
    expect((cards.items as Record<string, unknown>).properties).toMatchObject({ cost: { type: 'integer', minimum: 0, maximum: 9 } });
  });

  it('lists enum values in the schema\'s own spelling, each with its description', () => {
    const colourSchema = (((json.properties as any).cards.items.properties as Record<string, unknown>).colour) as { oneOf: unknown[] };
    expect(colourSchema.oneOf).toEqual([
      { const: 'red', description: 'A red card.' },
      { const: 'dark-blue', description: 'A dark blue card.' },
    ]);
  });

  it('keeps records as objects and marks nullable values', () => {
    expect((json.properties as any).weights).toMatchObject({ type: 'object', additionalProperties: { type: 'number' } });
    expect((zodToJsonSchema(result).properties as any).extra.anyOf[1]).toEqual({ type: 'null' });
  });
});
