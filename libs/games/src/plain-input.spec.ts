import { z } from 'zod';
import { refuseHiddenCharacters } from '@scriptbook/schema';
import { zodIssueField, zodIssueRule } from '@scriptbook/schema';
import { RuleInputError, runProcedure, streamStartOf } from '@scriptbook/rules-engine';
import { PROCEDURES, WORKED_EXAMPLES } from './games';

/** Control, bidirectional and invisible characters a client could smuggle into a name or a seed. */
const HIDDEN = ['\u0000', '\u0007', '\u001B', '\u007F', '\u202E', '\u2066', '\u200B', '\u2028'];

/** Every string an input schema takes, by path, and whether the plain-text rule guards it. */
function stringLeaves(schema: z.ZodTypeAny, path: string, out: Map<string, boolean>, guarded = false): void {
  const def = schema._def as { typeName: string; [key: string]: unknown };
  const inner = (key: string) => def[key] as z.ZodTypeAny;
  switch (def.typeName) {
    case 'ZodEffects': {
      const effect = def.effect as { type: string; refinement?: unknown };
      return stringLeaves(inner('schema'), path, out, guarded || (effect.type === 'refinement' && effect.refinement === refuseHiddenCharacters));
    }
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodReadonly':
      return stringLeaves(inner('innerType'), path, out, guarded);
    case 'ZodObject':
      for (const [key, value] of Object.entries((schema as z.AnyZodObject).shape)) stringLeaves(value as z.ZodTypeAny, `${path}.${key}`, out);
      return;
    case 'ZodArray':
      return stringLeaves(inner('type'), `${path}[]`, out);
    case 'ZodRecord':
      stringLeaves(inner('keyType'), `${path}{key}`, out);
      return stringLeaves(inner('valueType'), `${path}{}`, out);
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion': {
      const options = def.options as z.ZodTypeAny[] | Map<unknown, z.ZodTypeAny>;
      for (const option of Array.isArray(options) ? options : options.values()) stringLeaves(option, path, out);
      return;
    }
    case 'ZodString':
      out.set(path, (out.get(path) ?? true) && guarded);
      return;
    default:
      return;
  }
}

/** Each string of a worked input, with the input it becomes when that string alone carries `bad`. */
function withEachString(value: unknown, bad: string, path: (string | number)[] = []): { path: (string | number)[]; input: unknown }[] {
  if (typeof value === 'string') return [{ path, input: `${value.slice(0, 1)}${bad}${value.slice(1)}` }];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => withEachString(item, bad, [...path, i]).map(({ path: at, input }) => ({ path: at, input: value.map((v, j) => (j === i ? input : v)) })));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      withEachString(item, bad, [...path, key]).map(({ path: at, input }) => ({ path: at, input: { ...(value as object), [key]: input } })),
    );
  }
  return [];
}

describe('procedure inputs are plain text', () => {
  it('guards every string any procedure takes with the platform’s plain-text rule', () => {
    const unguarded: string[] = [];
    for (const descriptor of PROCEDURES) {
      const leaves = new Map<string, boolean>();
      stringLeaves(descriptor.input, descriptor.id, leaves);
      for (const [path, guarded] of leaves) if (!guarded) unguarded.push(path);
    }
    expect(unguarded).toEqual([]);
  });

  it.each(HIDDEN.map((char) => [`U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, char]))(
    'refuses %s in any string of every worked input, naming that field and rule plain-text',
    (_name, bad) => {
      let checked = 0;
      for (const descriptor of PROCEDURES) {
        const example = WORKED_EXAMPLES[descriptor.id];
        if (example === undefined) continue;
        for (const { path, input } of withEachString(example, bad)) {
          const parsed = descriptor.input.safeParse(input);
          expect(parsed.success).toBe(false);
          const issue = !parsed.success && parsed.error.issues.find((candidate: z.ZodIssue) => zodIssueField(candidate) === zodIssueField({ path } as z.ZodIssue));
          expect({ procedure: descriptor.id, path, rule: issue ? zodIssueRule(issue) : 'no issue at the path' }).toEqual({
            procedure: descriptor.id,
            path,
            // A value the schema lists (an enum) is refused as not one of them: it was never free text.
            rule: expect.stringMatching(/^(plain-text|one-of)$/),
          });
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(100);
    },
  );

  it.each(HIDDEN)('refuses a seed holding %j, as every procedure, rollDice and replay take it', (bad) => {
    let error: unknown;
    try {
      streamStartOf(`table${bad}seed`, undefined, () => 'drawn');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleInputError);
    expect(error).toMatchObject({ field: 'seed', rule: 'plain-text' });
    expect(streamStartOf(' table seed ', undefined, () => 'drawn')).toEqual({ seed: ' table seed ' });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('refuses %s as a name, since results key their records by names', (name) => {
    const byId = new Map(PROCEDURES.map((descriptor) => [descriptor.id, descriptor]));
    const refusal = (id: string, input: unknown) => {
      try {
        runProcedure(byId.get(id)!, input, { seed: 'names' }, undefined);
      } catch (error) {
        return error;
      }
      throw new Error(`${id} accepted ${name}`);
    };
    const scene = WORKED_EXAMPLES['hope-inhumanity.scene'] as { players: { name: string }[]; active: string };
    const players = scene.players.map((player, i) => (i === 1 ? { ...player, name } : player));
    expect(refusal('hope-inhumanity.scene', { ...scene, players })).toMatchObject({ field: 'players[1].name', rule: 'reserved-key' });
    const setup = WORKED_EXAMPLES['hope-inhumanity.setup'] as { players: string[] };
    expect(refusal('hope-inhumanity.setup', { ...setup, players: [setup.players[0], name] })).toMatchObject({ field: 'players[1]', rule: 'reserved-key' });
    const night = WORKED_EXAMPLES['twom.night-assignment'] as { characters: { name: string }[] };
    expect(refusal('twom.night-assignment', { ...night, characters: night.characters.map((c, i) => (i === 0 ? { ...c, name } : c)) })).toMatchObject({
      field: 'characters[0].name',
      rule: 'reserved-key',
    });
  });
});
