import { z } from 'zod';
import { descriptionOf, graphqlAnnotationsOf } from '@scriptbook/schema';
import { unwrap } from '@scriptbook/platform/graphql/zod/zod-kinds';
import { twomTalesProcedures } from '.';
import { twomTalesExamples } from './twom-tales.examples';

const K = z.ZodFirstPartyTypeKind;

/** Every undescribed field and enum value under a schema, by path: a frontend author reads these as the documentation. */
function undescribed(schema: z.ZodTypeAny, path: string): string[] {
  const { core } = unwrap(schema);
  const kind = (core._def as { typeName: z.ZodFirstPartyTypeKind }).typeName;
  if (kind === K.ZodObject) {
    const typeItself = descriptionOf(core) ? [] : [`${path} (the type)`];
    return typeItself.concat(...Object.entries((core as z.AnyZodObject).shape).map(([name, field]) => [
      ...(descriptionOf(field as z.ZodTypeAny) ? [] : [`${path}.${name}`]),
      ...undescribed(field as z.ZodTypeAny, `${path}.${name}`),
    ]));
  }
  if (kind === K.ZodArray) return undescribed((core._def as { type: z.ZodTypeAny }).type, `${path}[]`);
  if (kind === K.ZodEnum) {
    const described = graphqlAnnotationsOf(core).valueDescriptions ?? {};
    return (core as z.ZodEnum<[string, ...string[]]>).options.filter((value) => !described[value]).map((value) => `${path}=${value}`);
  }
  return [];
}

describe('twom-tales descriptors', () => {
  it.each(twomTalesProcedures.map((p) => [p.id, p] as const))('%s describes every input and result field and enum value', (_id, descriptor) => {
    expect(descriptionOf(descriptor.input)).toBeTruthy();
    expect(descriptionOf(descriptor.result)).toBeTruthy();
    expect([...undescribed(descriptor.input, 'input'), ...undescribed(descriptor.result, 'result')]).toEqual([]);
  });

  it('serves each under its public query field, one per procedure', () => {
    const fields = twomTalesProcedures.map((p) => p.field);
    expect(new Set(fields).size).toBe(fields.length);
    expect(fields.every((f) => /^tales[A-Z]/.test(f))).toBe(true);
    // The game is This War of Mine and the module Tales, as the content names them; the ids keep the prefix they were released with.
    expect(twomTalesProcedures.filter((p) => p.gameId !== 'twom' || p.moduleId !== 'twom:module:tales-from-the-ruined-city').map((p) => p.id)).toEqual([]);
    expect(twomTalesProcedures.every((p) => p.id.startsWith('twom-tales.'))).toBe(true);
  });

  it("accepts each example input as its schema's input", () => {
    for (const descriptor of twomTalesProcedures) {
      expect(descriptor.input.safeParse(twomTalesExamples[descriptor.id as keyof typeof twomTalesExamples]).success).toBe(true);
    }
  });
});
