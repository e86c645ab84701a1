import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, GraphQLSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';

/**
 * In the rules subgraph's descriptions "seed" is the random seed a call
 * starts from, and nothing else: the books a rule is quoted from are
 * rulebooks. A frontend author reading "the seed does not print it" would
 * look for a seed argument to change. The checked-in SDL is drift-tested
 * against the code, so checking it checks what the subgraph serves.
 */
const RULEBOOK_SENSE =
  /\bseeds? \d{3}\b|\bseed's\b|\bseeds'|\bno seeds?\b|\b(?:the|a) seeds? (?:does|do|did|gives?|prints?|lists?|says?|leaves?|states?|names?|reproduces?|shows?|defines?|mentions?|never|allows)\b|\bseeds? text|\b(?:in|from|of) the seeds?\b(?! (?:or|and|given|this))|\bthe seeds\b/i;

function descriptions(schema: GraphQLSchema): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const add = (where: string, text: string | null | undefined) => text && out.push({ where, text });
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    add(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        add(`${type.name}.${field.name}`, field.description);
        for (const arg of 'args' in field ? field.args : []) add(`${type.name}.${field.name}(${arg.name}:)`, arg.description);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) add(`${type.name}.${value.name}`, value.description);
  }
  return out;
}

describe('the rules subgraph’s descriptions say "seed" only for a random seed', () => {
  it('calls the books rules are quoted from rulebooks', () => {
    const sdl = readFileSync(join(__dirname, '..', '..', '..', 'graphql', 'rules.graphql'), 'utf8');
    const schema = buildSchema(sdl, { assumeValidSDL: true });
    expect(descriptions(schema).filter(({ text }) => RULEBOOK_SENSE.test(text)).map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it.each([
    'Inferred: seed 002 gives no count.',
    'True when no seed prints this value.',
    'Which seed text it was borrowed from.',
    'A Scenario deck the seed lists card by card.',
    "The seed's note on this card.",
    'Where the seed gives nothing for this setup.',
    'Whether the engine read it from the seed (inferred).',
    'A card the seeds name without its deck.',
    'The cards are not in the seed, so the table gives the sum.',
  ])('tells the rulebook sense: %s', (text) => {
    expect(RULEBOOK_SENSE.test(text)).toBe(true);
  });

  it.each([
    'Whether it draws from the random generator; if so, a seed or rngState decides the outcome.',
    'The seed this resolution started from; pass it again with the same input to get the same resolution.',
    'The seed given or drawn; this procedure draws nothing, so it does not change the result.',
    'Starts a new stream: same seed and input, same resolution on every machine. Not with rngState.',
    'A resolution of `x`: the seed, the transcript, the generator state after, and the result.',
    'Starts the stream from this seed. Not with rngState; drawn when neither is given.',
    'The engine’s result as JSON; the same input and seed give the same bytes.',
    'The typed query takes the same fields plus seed and rngState.',
  ])('leaves the random sense alone: %s', (text) => {
    expect(RULEBOOK_SENSE.test(text)).toBe(false);
  });
});
