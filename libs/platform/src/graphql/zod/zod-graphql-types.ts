import { Type } from '@nestjs/common';
import { createUnionType, Directive, Field, Float, ID, InputType, Int, InterfaceType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { z } from 'zod';
import { companionFieldName, descriptionOf, graphqlAnnotationsOf, innerSchema } from '@scriptbook/schema';
import { JSONScalar } from './json-scalar';
import { referenceFieldName } from '@scriptbook/schema';
import {
  arrayElement,
  enumValueName,
  identityOf,
  enumValues,
  isGraphQLName,
  isIntegerNumber,
  objectShape,
  pascalCase,
  recordKey,
  recordValue,
  typeNameOf,
  unionOptions,
  unwrap,
} from './zod-kinds';

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
  /**
   * Types made elsewhere, by name: what a `servedAs` value and a companion
   * field (`servedBeside`) are served as. Asked only when the schema is
   * built, so a type may be made after the fields that name it.
   */
  readonly namedTypes?: (typename: string) => GraphQLTypeRef | undefined;
  /**
   * How enum values are spelled. `graphql-case` (the default) serves each
   * value under GraphQL's own spelling (`night-raid` as `NIGHT_RAID`).
   * `as-written` keeps the values as the schema writes them, so the JSON a
   * client reads is the schema's own: an enum whose values are all GraphQL
   * names becomes an enum of those names, any other is served as `String`
   * with its values listed in the field's description.
   */
  readonly enumValues?: 'graphql-case' | 'as-written';
  /**
   * Outputs are values their schemas have parsed, so a field with a
   * `.default()` is always there and is served non-null.
   */
  readonly parsedOutputs?: boolean;
  /**
   * A `named` type is described as its schema was when it was named, not
   * as the field it is first met through describes it, so a type reads the
   * same whichever field the schema happens to build it from.
   */
  readonly describeAsNamed?: boolean;
}

/** What an object or interface type declares beyond its schema's fields. */
export interface TypeShapeOptions {
  /** Interfaces (made by the same ZodGraphQLTypes) it implements; their fields are served as they declare them. */
  readonly implements?: readonly Type<unknown>[];
  /** Directives on the type, e.g. '@key(fields: "id")'. */
  readonly directives?: readonly string[];
  /** The type's description, instead of the schema's. */
  readonly description?: string;
}

export interface InterfaceTypeOptions extends TypeShapeOptions {
  /** The name of the object type that serves a value. */
  readonly resolveType: (value: never) => string | undefined;
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
  /** Every field an interface serves, its interfaces' included, so implementing types leave them to it. */
  private readonly interfaceFields = new Map<Type<unknown>, ReadonlySet<string>>();

  constructor(private readonly options: ZodGraphQLOptions = {}) {}

  /** The object type of an object schema; `name` unless the schema is `named`, nested types prefixed with `base`. */
  objectType(schema: z.ZodTypeAny, name: string, base = name, shape: TypeShapeOptions = {}): Type<unknown> {
    return this.output(unwrap(schema).core, { name, base }, { ...shape, kind: 'object' });
  }

  /**
   * The interface type of an object schema. Types that implement it (given
   * in their `implements`) serve its fields as it declares them, whatever
   * their own schemas say.
   */
  interfaceType(schema: z.ZodTypeAny, name: string, options: InterfaceTypeOptions): Type<unknown> {
    return this.output(unwrap(schema).core, { name, base: name }, { ...options, kind: 'interface' });
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

  private output(core: z.ZodTypeAny, naming: Naming, shape: TypeShape = { kind: 'object' }): Type<unknown> {
    const known = this.outputs.get(identityOf(core));
    if (known) return known;
    if (typeNameOf(core) !== K.ZodObject) throw new Error(`${naming.name}: an object type needs a z.object schema`);
    const name = graphqlAnnotationsOf(core).graphqlName ?? naming.name;
    const base = graphqlAnnotationsOf(core).graphqlName ?? naming.base;
    this.claim(name, core);
    const cls = namedClass(name);
    this.outputs.set(identityOf(core), cls);
    const inherited = new Set((shape.implements ?? []).flatMap((iface) => [...(this.interfaceFields.get(iface) ?? unknownInterface(name, iface))]));
    const served = new Set(inherited);
    for (const [field, schema] of Object.entries(objectShape(core))) {
      if (inherited.has(field)) continue;
      const nested = { name: `${base}${pascalCase(field)}`, base: `${base}${pascalCase(field)}`, description: descriptionOf(schema) };
      const { type, nullable } = this.fieldType(schema, 'output', nested, field);
      Field(type, { nullable, description: this.fieldDescription(schema) })(cls.prototype, field);
      served.add(field);
      for (const extra of [this.referenceField(cls, field, schema), ...this.companionFields(cls, field, schema, inherited)]) if (extra) served.add(extra);
    }
    for (const directive of shape.directives ?? []) Directive(directive)(cls);
    const description = shape.description ?? this.typeDescription(core) ?? descriptionOf(core) ?? naming.description;
    const interfaces = shape.implements?.length ? () => [...shape.implements!] : undefined;
    if (shape.kind === 'interface') {
      InterfaceType(name, { description, implements: interfaces, resolveType: shape.resolveType as never })(cls);
      this.interfaceFields.set(cls, served);
    } else {
      ObjectType(name, { description, implements: interfaces })(cls);
    }
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

  private referenceField(cls: Type<unknown>, field: string, schema: z.ZodTypeAny): string | undefined {
    const { core } = unwrap(schema);
    const list = typeNameOf(core) === K.ZodArray;
    const target = graphqlAnnotationsOf(list ? unwrap(arrayElement(core)).core : core).reference;
    const entity = target ? this.options.references?.[target] : undefined;
    if (!target || !entity) return undefined;
    const description = `The ${target}${list ? 's' : ''} \`${field}\` names, resolved by the subgraph that owns ${target}.`;
    const name = referenceFieldName(field, target);
    Field(() => (list ? [entity] : entity), { nullable: this.nullable(schema, 'output'), description })(cls.prototype, name);
    return name;
  }

  /** The fields `servedBeside` declares next to this one, each of a type made elsewhere. */
  private companionFields(cls: Type<unknown>, field: string, schema: z.ZodTypeAny, inherited: ReadonlySet<string>): string[] {
    const names: string[] = [];
    for (const companion of graphqlAnnotationsOf(schema).companions ?? []) {
      const name = companionFieldName(field, companion);
      if (inherited.has(name)) continue;
      const type = this.namedTypeRef(companion.type, `${cls.name}.${name}`);
      Field(() => (companion.list ? [type()] : type()), { nullable: this.nullable(schema, 'output'), description: companion.description })(cls.prototype, name);
      names.push(name);
    }
    return names;
  }

  private namedTypeRef(typename: string, where: string): () => GraphQLTypeRef {
    return () => {
      const type = this.options.namedTypes?.(typename);
      if (!type) throw new Error(`${where}: no type named ${typename} was made; give it through the namedTypes option`);
      return type;
    };
  }

  /**
   * Whether a field may be null. Optional and nullable fields may; a
   * defaulted one may not when outputs are parsed values, since parsing
   * fills it in.
   */
  private nullable(schema: z.ZodTypeAny, mode: 'input' | 'output'): boolean {
    const defaultsPresent = mode === 'output' && this.options.parsedOutputs === true;
    let defaulted = false;
    for (let current: z.ZodTypeAny | undefined = schema; current; current = innerSchema(current)) {
      const kind = typeNameOf(current);
      if (kind === K.ZodNullable) return true;
      if (kind === K.ZodDefault) {
        if (!defaultsPresent) return true;
        defaulted = true;
      }
      if (kind === K.ZodOptional && !defaulted) return true;
    }
    return false;
  }

  private typeDescription(core: z.ZodTypeAny): string | undefined {
    return this.options.describeAsNamed ? graphqlAnnotationsOf(core).typeDescription : undefined;
  }

  /** The schema's description, and the values of an enum served as text, which no GraphQL enum lists for the reader. */
  private fieldDescription(schema: z.ZodTypeAny): string | undefined {
    const described = descriptionOf(schema);
    const { core } = unwrap(schema);
    const enumCore = typeNameOf(core) === K.ZodArray ? unwrap(arrayElement(core)).core : core;
    const values = this.textEnumValues(enumCore);
    if (!values) return described;
    const meanings = graphqlAnnotationsOf(enumCore).valueDescriptions ?? {};
    const listed = values.map((value) => (meanings[String(value)] ? `\`${value}\` (${meanings[String(value)]})` : `\`${value}\``)).join(', ');
    return `${described ? `${described} ` : ''}One of: ${listed}.`;
  }

  /** The values of an enum that `as-written` serves as `String` because some value is no GraphQL name; undefined otherwise. */
  private textEnumValues(core: z.ZodTypeAny): readonly (string | number)[] | undefined {
    const kind = typeNameOf(core);
    if (this.options.enumValues !== 'as-written' || (kind !== K.ZodEnum && kind !== K.ZodNativeEnum)) return undefined;
    const values = enumValues(core);
    return values.every((value) => isGraphQLName(String(value))) ? undefined : values;
  }

  private fieldType(schema: z.ZodTypeAny, mode: 'input' | 'output', naming: Naming, field: string): { type: () => GraphQLTypeRef; nullable: Nullability } {
    const { core } = unwrap(schema);
    const optional = this.nullable(schema, mode);
    if (typeNameOf(core) === K.ZodArray) {
      const element = unwrap(arrayElement(core));
      const itemNaming = { name: singular(naming.name, mode), base: singular(naming.base, 'output'), description: naming.description && `One of: ${naming.description}` };
      const inner = this.namedType(element.core, mode, itemNaming, field);
      const nullable: Nullability = this.nullable(arrayElement(core), mode) ? (optional ? 'itemsAndList' : 'items') : optional;
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
        key: z.string().describe(descriptionOf(recordKey(core)) ?? `The key of this entry of \`${field}\`.`),
        value: value.describe(descriptionOf(value) ?? `The value stored under \`key\` in \`${field}\`.`),
      })
      .describe(this.typeDescription(core) ?? `One entry of \`${field}\`, a key and its value${naming.description ? `: ${naming.description}` : ''}`);
    const cached = recordEntries.get(core) ?? named(entry, entryName);
    recordEntries.set(core, cached);
    return mode === 'output' ? this.output(cached, { name: entryName, base: entryName }) : this.input(cached, { name: `${entryName}Input`, base: entryName });
  }

  private namedType(core: z.ZodTypeAny, mode: 'input' | 'output', naming: Naming, field: string): () => GraphQLTypeRef {
    const annotations = graphqlAnnotationsOf(core);
    if (annotations.openJson) return () => JSONScalar;
    if (annotations.servedAs) return this.namedTypeRef(annotations.servedAs, `${naming.name} (field ${field})`);
    switch (typeNameOf(core)) {
      case K.ZodString:
        return annotations.reference || annotations.graphqlId ? () => ID : () => String;
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
        if (this.textEnumValues(core)) return () => String;
        const enumType = this.enum(core, annotations.graphqlName ?? naming.base);
        return () => enumType;
      }
      case K.ZodUnion:
        return scalarUnion(core, `${naming.name} (field ${field})`);
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
      const key = this.options.enumValues === 'as-written' ? String(value) : enumValueName(value);
      if (key in values) throw new Error(`enum ${name}: values ${values[key]} and ${value} both become ${key}`);
      values[key] = value;
      valuesMap[key] = { description: descriptions[String(value)] };
    }
    registerEnumType(values, { name, description: this.typeDescription(core) ?? descriptionOf(core), valuesMap });
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

type TypeShape = TypeShapeOptions & ({ readonly kind: 'object' } | ({ readonly kind: 'interface' } & InterfaceTypeOptions));

function unknownInterface(name: string, iface: Type<unknown>): never {
  throw new Error(`${name} implements ${iface.name}, which this ZodGraphQLTypes did not make with interfaceType()`);
}

/** Text and numbers together are served as `String`: GraphQL's String writes a number as its digits, so the JSON reads the same. */
function scalarUnion(core: z.ZodTypeAny, where: string): () => GraphQLTypeRef {
  const scalar = (option: z.ZodTypeAny) => {
    const kind = typeNameOf(unwrap(option).core);
    return kind === K.ZodString || kind === K.ZodNumber || kind === K.ZodEnum || kind === K.ZodLiteral;
  };
  if (!unionOptions(core).every(scalar)) throw new Error(`${where}: only a union of text and numbers has a GraphQL form (String); use a discriminated union of objects`);
  return () => String;
}

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
