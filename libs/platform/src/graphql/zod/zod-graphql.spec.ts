import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory, Query, Resolver, Args } from '@nestjs/graphql';
import { getNamedType, GraphQLEnumType, GraphQLInputObjectType, GraphQLInterfaceType, GraphQLObjectType, GraphQLSchema, printType } from 'graphql';
import { z } from 'zod';
import { describedEnum, graphqlId, named, referenceTo, servedAs, servedBeside } from '@scriptbook/schema';
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

describe('zod → GraphQL for a subgraph that serves parsed values as written', () => {
  const typed = new ZodGraphQLTypes({
    enumValues: 'as-written',
    parsedOutputs: true,
    describeAsNamed: true,
    namedTypes: (typename) => ({ WrittenThing: Thing, WrittenPart: Part, WrittenNode: Node })[typename],
  });
  const part = named('WrittenPart', z.object({ label: z.string().describe('The label.') }).describe('A part of a thing.'));
  const nodeShape = z.object({
    id: graphqlId(z.string()).describe('Which node.'),
    parentId: servedBeside(graphqlId(z.string()).nullable(), { type: 'WrittenNode', list: false, description: 'The node `parentId` names.' }).describe('The parent, if any.'),
  });
  const Node = typed.interfaceType(nodeShape.describe('Anything with an id.'), 'WrittenNode', {
    resolveType: () => 'WrittenThing',
    directives: ['@key(fields: "id")'],
  });
  const thing = nodeShape
    .extend({
      id: z.number().describe('Refused: the interface declares id, so this is not served.'),
      category: z.enum(['dice', 'scene']).describe('What the thing is.'),
      placement: describedEnum('WrittenPlacement', { 'each-player': 'In front of each player.', center: 'In the middle.' }).describe('Where it goes.'),
      sizes: z.array(z.enum(['small', 'large-ish'])).describe('Sizes it comes in.'),
      copies: z.number().int().default(1).describe('How many; filled in by parsing.'),
      note: z.string().optional().describe('A remark, when there is one.'),
      face: z.union([z.number(), z.string()]).describe('A number or a symbol.'),
      partIds: servedBeside(z.array(graphqlId(z.string())).default([]), { type: 'WrittenPart', list: true, description: 'The parts `partIds` names.' }).describe('Parts, by id.'),
      owner: servedAs('WrittenNode', z.unknown()).describe('A node made elsewhere.'),
      values: z.record(z.string().describe('What changes.'), z.number()).describe('What it changes.'),
      mainPart: part.describe('The part that matters most.'),
    })
    .describe('A thing.');
  const Thing = typed.objectType(thing, 'WrittenThing', 'WrittenThing', { implements: [Node], directives: ['@key(fields: "id")'] });
  const Part = typed.objectType(part, 'WrittenPart');

  @Resolver()
  class WrittenResolver {
    @Query(() => Node, { description: 'Written query.' })
    written(): unknown {
      return null;
    }
  }

  let schema: GraphQLSchema;
  beforeAll(async () => {
    const app = await NestFactory.createApplicationContext(GraphQLSchemaBuilderModule, { logger: false });
    schema = await app.get(GraphQLSchemaFactory).create([WrittenResolver], { orphanedTypes: [Thing, Part] });
    await app.close();
  });

  const fields = () => (schema.getType('WrittenThing') as GraphQLObjectType).getFields();

  it('serves an enum of GraphQL names under the same names, and any other enum as text with its values described', () => {
    const category = getNamedType(fields().category.type) as GraphQLEnumType;
    expect(category.getValues().map((value) => [value.name, value.value])).toEqual([
      ['dice', 'dice'],
      ['scene', 'scene'],
    ]);
    expect(String(fields().placement.type)).toBe('String!');
    expect(fields().placement.description).toBe('Where it goes. One of: `each-player` (In front of each player.), `center` (In the middle.).');
    expect(String(fields().sizes.type)).toBe('[String!]!');
    expect(fields().sizes.description).toBe('Sizes it comes in. One of: `small`, `large-ish`.');
  });

  it('serves a defaulted field as always there, an optional one as nullable, and text or numbers as String', () => {
    expect(String(fields().copies.type)).toBe('Int!');
    expect(String(fields().note.type)).toBe('String');
    expect(String(fields().face.type)).toBe('String!');
    expect(() => typed.objectType(z.object({ either: z.union([z.string(), z.object({ a: z.string() })]) }), 'WrittenBadUnion')).toThrow('only a union of text and numbers');
  });

  it('makes interfaces whose fields implementing types serve as the interface declares them, with directives', () => {
    const node = schema.getType('WrittenNode') as GraphQLInterfaceType;
    expect(Object.keys(node.getFields())).toEqual(['id', 'parentId', 'parent']);
    expect((schema.getType('WrittenThing') as GraphQLObjectType).getInterfaces()).toEqual([node]);
    expect(String(fields().id.type)).toBe('ID!');
    expect(fields().id.description).toBe('Which node.');
    expect(String(fields().parent.type)).toBe('WrittenNode');
    expect(node.astNode?.directives?.map((directive) => directive.name.value)).toEqual(['key']);
    expect((schema.getType('WrittenThing') as GraphQLObjectType).astNode?.directives?.map((directive) => directive.name.value)).toEqual(['key']);
    expect(() => new ZodGraphQLTypes().objectType(z.object({ a: z.string() }), 'Stray', 'Stray', { implements: [Node] })).toThrow('did not make with interfaceType');
  });

  it('serves companion fields and servedAs values with types made elsewhere, by name', () => {
    expect(String(fields().parts.type)).toBe('[WrittenPart!]!');
    expect(fields().parts.description).toBe('The parts `partIds` names.');
    expect(String(fields().partIds.type)).toBe('[ID!]!');
    expect(String(fields().owner.type)).toBe('WrittenNode!');
  });

  it('describes a named type as it was named, whatever the field it is first met through says', () => {
    expect(fields().mainPart.description).toBe('The part that matters most.');
    expect(schema.getType('WrittenPart')!.description).toBe('A part of a thing.');
  });

  it("describes a record entry's key with the key schema's description", () => {
    const entry = getNamedType(fields().values.type) as GraphQLObjectType;
    expect(entry.getFields().key.description).toBe('What changes.');
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
