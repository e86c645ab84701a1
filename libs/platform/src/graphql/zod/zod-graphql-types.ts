import { Type } from '@nestjs/common';
import { createUnionType, Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { z } from 'zod';
import { descriptionOf, graphqlAnnotationsOf } from './annotations';
import { JSONScalar } from './json-scalar';
import { referenceFieldName } from './reference-field';
import { arrayElement, enumValueName, identityOf, enumValues, isIntegerNumber, objectShape, pascalCase, recordValue, typeNameOf, unionOptions, unwrap } from './zod-kinds';

const K = z.ZodFirstPartyTypeKind;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type GraphQLTypeRef = any;
type Nullability = boolean | 'items' | 'itemsAndList';

/** A field added beside the ones a schema declares (a call's `seed`, say). */
export interface ExtraField {
  readonly name: string;
  readonly type: () => GraphQLTypeRef;
  readonly nullable: boolean;
  readonly description: string;
}

export interface ZodGraphQLOptions {
  /**
   * Entity typename → the object type standing for it in this subgraph. An id
   * declared with `referenceTo(typename)` is then served twice: the id, and
   * the entity (`scenarioId` and `scenario`), resolved by the owning subgraph.
   */
  readonly references?: Readonly<Record<string, Type<unknown>>>;
}

interface Naming {
  /** The name this object gets unless the schema names itself. */
  readonly name: string;
  /** Prefix for the names of nested types that do not name themselves. */
  readonly base: string;
  /** The description of the field the type is met through, for a type whose schema has none of its own. */
  readonly description?: string;
}

/**
 * Turns zod schemas into NestJS code-first GraphQL types: objects, inputs,
 * enums with described values, discriminated unions, lists and nullability,
 * each with the schema's `.describe()` text. Types are made once per schema
 * and a name is refused when two different schemas claim it, so names stay
 * stable and unique across the subgraph.
 */
export class ZodGraphQLTypes {
  private readonly outputs = new Map<unknown, Type<unknown>>();
  private readonly inputs = new Map<unknown, Type<unknown>>();
  private readonly enums = new Map<unknown, object>();
  private readonly unions = new Map<unknown, GraphQLTypeRef>();
  private readonly claimed = new Map<string, unknown>();

  constructor(private readonly options: ZodGraphQLOptions = {}) {}

  /** The object type of an object schema; `name` unless the schema is `named`, nested types prefixed with `base`. */
  objectType(schema: z.ZodTypeAny, name: string, base = name): Type<unknown> {
    return this.output(unwrap(schema).core, { name, base });
  }

  /** The input type of an object schema, plus `extra` fields that belong to the call rather than the schema. */
  inputType(schema: z.ZodTypeAny, name: string, base = name, extra: readonly ExtraField[] = []): Type<unknown> {
    return this.input(unwrap(schema).core, { name, base }, extra);
  }

  /** The enum type of an enum schema, for arguments outside any object. */
  enumType(schema: z.ZodTypeAny, name: string): object {
    return this.enum(unwrap(schema).core, name);
  }

  private claim(name: string, schema: z.ZodTypeAny): void {
    const owner = this.claimed.get(name);
    if (owner && owner !== identityOf(schema)) throw new Error(`GraphQL type name ${name} is claimed by two different schemas; give one a distinct name with named()`);
    this.claimed.set(name, identityOf(schema));
  }

  private output(core: z.ZodTypeAny, naming: Naming): Type<unknown> {
    const known = this.outputs.get(identityOf(core));
    if (known) return known;
    if (typeNameOf(core) !== K.ZodObject) throw new Error(`${naming.name}: an object type needs a z.object schema`);
    const name = graphqlAnnotationsOf(core).graphqlName ?? naming.name;
    const base = graphqlAnnotationsOf(core).graphqlName ?? naming.base;
    this.claim(name, core);
    const cls = namedClass(name);
    this.outputs.set(identityOf(core), cls);
    for (const [field, schema] of Object.entries(objectShape(core))) {
      const nested = { name: `${base}${pascalCase(field)}`, base: `${base}${pascalCase(field)}`, description: descriptionOf(schema) };
      const { type, nullable } = this.fieldType(schema, 'output', nested, field);
      Field(type, { nullable, description: descriptionOf(schema) })(cls.prototype, field);
      this.referenceField(cls, field, schema);
    }
    ObjectType(name, { description: descriptionOf(core) ?? naming.description })(cls);
    return cls;
  }

  private input(core: z.ZodTypeAny, naming: Naming, extra: readonly ExtraField[] = []): Type<unknown> {
    const known = this.inputs.get(identityOf(core));
    if (known && extra.length === 0) return known;
    if (typeNameOf(core) !== K.ZodObject) throw new Error(`${naming.name}: an input type needs a z.object schema`);
    const own = graphqlAnnotationsOf(core).graphqlName;
    const name = own ? `${own}Input` : naming.name;
    const base = own ?? naming.base;
    this.claim(name, core);
    const cls = namedClass(name);
    if (extra.length === 0) this.inputs.set(identityOf(core), cls);
    for (const [field, schema] of Object.entries(objectShape(core))) {
      const nestedBase = `${base}${pascalCase(field)}`;
      const { type, nullable } = this.fieldType(schema, 'input', { name: `${nestedBase}Input`, base: nestedBase, description: descriptionOf(schema) }, field);
      Field(type, { nullable, description: descriptionOf(schema) })(cls.prototype, field);
    }
    for (const field of extra) Field(field.type, { nullable: field.nullable, description: field.description })(cls.prototype, field.name);
    InputType(name, { description: descriptionOf(core) ?? naming.description })(cls);
    return cls;
  }

  private referenceField(cls: Type<unknown>, field: string, schema: z.ZodTypeAny): void {
    const { core, optional } = unwrap(schema);
    const list = typeNameOf(core) === K.ZodArray;
    const target = graphqlAnnotationsOf(list ? unwrap(arrayElement(core)).core : core).reference;
    const entity = target ? this.options.references?.[target] : undefined;
    if (!target || !entity) return;
    const description = `The ${target}${list ? 's' : ''} \`${field}\` names, resolved by the subgraph that owns ${target}.`;
    Field(() => (list ? [entity] : entity), { nullable: optional, description })(cls.prototype, referenceFieldName(field, target));
  }

  private fieldType(schema: z.ZodTypeAny, mode: 'input' | 'output', naming: Naming, field: string): { type: () => GraphQLTypeRef; nullable: Nullability } {
    const { core, optional } = unwrap(schema);
    if (typeNameOf(core) === K.ZodArray) {
      const element = unwrap(arrayElement(core));
      const itemNaming = { name: singular(naming.name, mode), base: singular(naming.base, 'output'), description: naming.description && `One of: ${naming.description}` };
      const inner = this.namedType(element.core, mode, itemNaming, field);
      const nullable: Nullability = element.optional ? (optional ? 'itemsAndList' : 'items') : optional;
      return { type: () => [inner()], nullable };
    }
    if (typeNameOf(core) === K.ZodRecord) {
      const entry = this.recordEntry(core, mode, naming, field);
      return { type: () => [entry], nullable: optional };
    }
    return { type: this.namedType(core, mode, naming, field), nullable: optional };
  }

  /** GraphQL has no maps: a record is served as a list of key and value, in the record's own order. */
  private recordEntry(core: z.ZodTypeAny, mode: 'input' | 'output', naming: Naming, field: string): Type<unknown> {
    const entryName = graphqlAnnotationsOf(core).graphqlName ?? `${naming.base}Entry`;
    const value = recordValue(core);
    const entry = z
      .object({
        key: z.string().describe(`The key of this entry of \`${field}\`.`),
        value: value.describe(descriptionOf(value) ?? `The value stored under \`key\` in \`${field}\`.`),
      })
      .describe(`One entry of \`${field}\`, a key and its value${naming.description ? `: ${naming.description}` : ''}`);
    const cached = recordEntries.get(core) ?? named(entry, entryName);
    recordEntries.set(core, cached);
    return mode === 'output' ? this.output(cached, { name: entryName, base: entryName }) : this.input(cached, { name: `${entryName}Input`, base: entryName });
  }

  private namedType(core: z.ZodTypeAny, mode: 'input' | 'output', naming: Naming, field: string): () => GraphQLTypeRef {
    const annotations = graphqlAnnotationsOf(core);
    if (annotations.openJson) return () => JSONScalar;
    switch (typeNameOf(core)) {
      case K.ZodString:
        return annotations.reference ? () => ID : () => String;
      case K.ZodNumber:
        return isIntegerNumber(core) ? () => Int : () => Float;
      case K.ZodBoolean:
        return () => Boolean;
      case K.ZodLiteral: {
        const value = (core._def as { value: unknown }).value;
        if (typeof value === 'number') return Number.isInteger(value) ? () => Int : () => Float;
        return typeof value === 'boolean' ? () => Boolean : () => String;
      }
      case K.ZodEnum:
      case K.ZodNativeEnum: {
        const enumType = this.enum(core, annotations.graphqlName ?? naming.base);
        return () => enumType;
      }
      case K.ZodObject: {
        const type = mode === 'output' ? this.output(core, naming) : this.input(core, naming);
        return () => type;
      }
      case K.ZodDiscriminatedUnion: {
        if (mode === 'input') throw new Error(`${naming.name}: GraphQL inputs cannot be unions (field ${field})`);
        const union = this.union(core, naming);
        return () => union;
      }
      case K.ZodUnknown:
      case K.ZodAny:
        return () => JSONScalar;
      default:
        throw new Error(`${naming.name}: no GraphQL form for zod ${typeNameOf(core)} (field ${field}); use a supported schema or openJson()`);
    }
  }

  private enum(core: z.ZodTypeAny, name: string): object {
    const known = this.enums.get(identityOf(core));
    if (known) return known;
    this.claim(name, core);
    const descriptions = graphqlAnnotationsOf(core).valueDescriptions ?? {};
    const values: Record<string, string | number> = {};
    const valuesMap: Record<string, { description?: string }> = {};
    for (const value of enumValues(core)) {
      const key = enumValueName(value);
      if (key in values) throw new Error(`enum ${name}: values ${values[key]} and ${value} both become ${key}`);
      values[key] = value;
      valuesMap[key] = { description: descriptions[String(value)] };
    }
    registerEnumType(values, { name, description: descriptionOf(core), valuesMap });
    this.enums.set(identityOf(core), values);
    return values;
  }

  private union(core: z.ZodTypeAny, naming: Naming): GraphQLTypeRef {
    const known = this.unions.get(identityOf(core));
    if (known) return known;
    const name = graphqlAnnotationsOf(core).graphqlName ?? naming.name;
    this.claim(name, core);
    const discriminator = (core._def as { discriminator: string }).discriminator;
    const byTag = new Map<unknown, Type<unknown>>();
    for (const option of unionOptions(core)) {
      const tag = (objectShape(option)[discriminator]._def as { value: unknown }).value;
      byTag.set(tag, this.output(option, { name: `${name}${pascalCase(String(tag))}`, base: `${name}${pascalCase(String(tag))}` }));
    }
    const union = createUnionType({
      name,
      description: descriptionOf(core),
      types: () => [...byTag.values()] as [Type<unknown>, ...Type<unknown>[]],
      resolveType: (value: Record<string, unknown>) => byTag.get(value[discriminator]),
    });
    this.unions.set(identityOf(core), union);
    return union;
  }
}

const recordEntries = new WeakMap<z.ZodTypeAny, z.ZodTypeAny>();

function named(schema: z.ZodTypeAny, name: string): z.ZodTypeAny {
  const Schema = schema.constructor as new (def: unknown) => z.ZodTypeAny;
  return new Schema({ ...schema._def, graphqlName: name });
}

function namedClass(name: string): Type<unknown> {
  const holder = { [name]: class {} };
  return holder[name] as Type<unknown>;
}

/** `TwomDuskCharacters` → `TwomDuskCharacter`: a list's item type reads as one item. */
function singular(name: string, mode: 'input' | 'output'): string {
  const suffix = mode === 'input' && name.endsWith('Input') ? 'Input' : '';
  const stem = suffix ? name.slice(0, -suffix.length) : name;
  const one = stem.endsWith('ies') ? `${stem.slice(0, -3)}y` : stem.endsWith('ss') || !stem.endsWith('s') ? stem : stem.slice(0, -1);
  return `${one}${suffix}`;
}
