import {
  GraphQLArgument,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLList,
  GraphQLScalarType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
} from 'graphql';
import { FuzzRandom } from './fuzz-random';
import {
  Hostile,
  HOSTILE_BOOLEANS,
  HOSTILE_FLOATS,
  HOSTILE_INTS,
  HOSTILE_STRINGS,
  hostileJson,
  RESERVED_KEYS,
  RESERVED_TEXTS,
  CONTROL_TEXTS,
} from './hostile-values';

/** Where a value goes: an argument (`Mutation.createGroup(input:)`) or an input field (`CreateGroupInput.name`). */
export interface InputSite {
  /** The schema coordinate. */
  readonly coordinate: string;
  /** The argument's or field's own name (`gameId`), by which hints recognize ids. */
  readonly name: string;
}

/** What the schema cannot tell about a value: which real ids fit, and which parts of an input depend on each other. */
export interface ValueHints {
  /** Values that exist on the server for this site (ids, codes, tokens); empty when any value of the type will do. */
  known(site: InputSite): readonly unknown[];
  /** For a site that takes an id, a key or a name: ids never issued, ids of another kind, reserved keys. Empty for free text. */
  unknown(site: InputSite): readonly Hostile[];
  /** A whole valid value for an input whose parts must agree (an action's name and its args), or undefined to build it from its type. */
  composite(site: InputSite, type: GraphQLInputType): unknown;
  /** All arguments of a root field whose arguments must agree with each other (`Query.replay`), or undefined. */
  rootArguments(coordinate: string, args: readonly GraphQLArgument[]): Record<string, unknown> | undefined;
}

export type ValuePath = readonly (string | number)[];

/** One bad value put in one place of otherwise valid arguments. */
export interface Replacement {
  readonly path: ValuePath;
  readonly label: string;
}

interface Slot {
  readonly path: ValuePath;
  readonly type: GraphQLInputType;
  readonly site: InputSite;
}

const MAX_INPUT_DEPTH = 4;
const LONG_LIST = 2_000;

export function argumentSite(parent: string, field: string, argument: GraphQLArgument): InputSite {
  return { coordinate: `${parent}.${field}(${argument.name}:)`, name: argument.name };
}

function fieldSite(type: GraphQLInputObjectType, field: string): InputSite {
  return { coordinate: `${type.name}.${field}`, name: field };
}

/**
 * Builds argument values from their GraphQL types: one generator per kind of
 * type (scalar, enum, input object, list, non-null), valid by default, and a
 * hostile variant for each kind. Hints supply what only the server knows.
 */
export class InputValues {
  constructor(
    private readonly random: FuzzRandom,
    private readonly hints: ValueHints,
  ) {}

  valid(type: GraphQLInputType, site: InputSite, depth = 0): unknown {
    const composite = this.hints.composite(site, type);
    if (composite !== undefined) return composite;
    const inner = getNullableType(type) as GraphQLInputType;
    if (isListType(inner)) {
      const count = this.random.int(isNonNullType(type) ? 1 : 0, 2);
      return Array.from({ length: count }, () => this.valid(inner.ofType, site, depth + 1));
    }
    if (isInputObjectType(inner)) return this.validObject(inner, depth);
    if (isEnumType(inner)) return this.random.pick(inner.getValues()).name;
    const known = this.hints.known(site);
    if (known.length > 0 && this.random.chance(0.9)) return this.random.pick(known);
    return this.validScalar(inner as GraphQLScalarType);
  }

  private validObject(type: GraphQLInputObjectType, depth: number): Record<string, unknown> {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      const required = isNonNullType(field.type) && field.defaultValue === undefined;
      if (required || (depth < MAX_INPUT_DEPTH && this.random.chance(0.5))) {
        value[field.name] = this.valid(field.type, fieldSite(type, field.name), depth + 1);
      }
    }
    return value;
  }

  private validScalar(type: GraphQLScalarType): unknown {
    switch (type.name) {
      case 'Int':
        return this.random.int(0, 6);
      case 'Float':
        return this.random.int(0, 100) / 10;
      case 'Boolean':
        return this.random.chance(0.5);
      case 'JSON':
        return {};
      case 'DateTime':
        return '2026-01-01T00:00:00.000Z';
      case 'ID':
        return `fuzz-${this.random.token(8)}`;
      default:
        return `fuzz ${this.random.token(6)}`;
    }
  }

  /** A value that a careful server refuses (or takes without harm) where `type` is expected; `current` is the valid value it replaces. */
  hostile(type: GraphQLInputType, site: InputSite, current: unknown): Hostile {
    if (isNonNullType(type) && this.random.chance(0.2)) return { label: 'null where non-null', value: null };
    const inner = getNullableType(type) as GraphQLInputType;
    if (isListType(inner)) return this.hostileList(inner, site);
    if (isInputObjectType(inner)) return this.hostileObject(inner);
    if (isEnumType(inner)) return this.hostileEnum(inner);
    return this.hostileScalar(inner as GraphQLScalarType, site, current);
  }

  private hostileList(type: GraphQLList<GraphQLInputType>, site: InputSite): Hostile {
    const item = () => this.valid(type.ofType, site, MAX_INPUT_DEPTH);
    return this.random.weighted<() => Hostile>([
      [1, () => ({ label: 'empty list', value: [] })],
      [1, () => ({ label: 'list holding null', value: [null] })],
      [1, () => ({ label: 'one value where a list goes', value: item() })],
      [1, () => ({ label: 'list inside a list', value: [[item()]] })],
      [1, () => ({ label: `${LONG_LIST} items`, value: Array.from({ length: LONG_LIST }, () => item()) })],
      [2, () => {
        const bad = this.hostile(type.ofType, site, item());
        return { label: `list holding ${bad.label}`, value: [item(), bad.value] };
      }],
    ])();
  }

  private hostileObject(type: GraphQLInputObjectType): Hostile {
    const valid = () => this.validObject(type, MAX_INPUT_DEPTH);
    const withKey = (key: string, value: unknown): Record<string, unknown> => {
      const object = valid();
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      return object;
    };
    return this.random.weighted<() => Hostile>([
      [1, () => ({ label: 'empty object', value: {} })],
      [1, () => ({ label: 'unknown field', value: withKey('fuzzUnknownField', 1) })],
      [2, () => {
        const key = this.random.pick(RESERVED_KEYS);
        return { label: `own ${key} field`, value: withKey(key, { polluted: true }) };
      }],
      [1, () => ({ label: 'text where an object goes', value: 'object' })],
      [1, () => ({ label: 'list where an object goes', value: [valid()] })],
    ])();
  }

  private hostileEnum(type: GraphQLEnumType): Hostile {
    const some = this.random.pick(type.getValues()).name;
    return this.random.pick<Hostile>([
      { label: 'unknown enum value', value: 'NOT_A_VALUE' },
      { label: 'enum value in lower case', value: some.toLowerCase() },
      ...RESERVED_TEXTS,
      { label: 'number where an enum goes', value: 1 },
      { label: 'enum value with a NUL', value: `${some}\u0000` },
    ]);
  }

  private hostileScalar(type: GraphQLScalarType, site: InputSite, current: unknown): Hostile {
    switch (type.name) {
      case 'Int':
        return this.random.pick(HOSTILE_INTS);
      case 'Float':
        return this.random.pick(HOSTILE_FLOATS);
      case 'Boolean':
        return this.random.pick(HOSTILE_BOOLEANS);
      case 'JSON':
        return this.random.chance(0.5) ? this.hostileLeafOf(current) : this.random.pick(hostileJson());
      case 'DateTime':
        return this.random.pick<Hostile>([
          { label: 'not a date', value: 'yesterday' },
          { label: 'impossible date', value: '2026-02-31T25:61:00Z' },
          { label: 'year 275760', value: '+275760-09-13T00:00:00.000Z' },
          ...CONTROL_TEXTS,
        ]);
      case 'ID':
      case 'String': {
        const unknown = this.hints.unknown(site);
        return this.random.weighted<() => Hostile>([
          [unknown.length > 0 ? 3 : 0, () => this.random.pick(unknown)],
          [4, () => this.random.pick(HOSTILE_STRINGS)],
          [type.name === 'ID' ? 1 : 0, () => ({ label: 'number where an id goes', value: 12 })],
          [type.name === 'ID' ? 1 : 0, () => ({ label: 'negative number where an id goes', value: -1 })],
          [type.name === 'String' ? 1 : 0, () => ({ label: 'number where text goes', value: 12 })],
        ])();
      }
      default:
        return this.random.pick(HOSTILE_STRINGS);
    }
  }

  /** The JSON value it replaces with one leaf (a string, number or key) made hostile, so the rest still passes the server's checks. */
  private hostileLeafOf(current: unknown): Hostile {
    const leaves = jsonLeaves(current);
    if (leaves.length === 0) return this.random.pick(hostileJson());
    const path = this.random.pick(leaves);
    const copy = JSON.parse(JSON.stringify(current)) as unknown;
    const original = valueAt(copy, path);
    const bad = typeof original === 'number' ? this.random.pick(HOSTILE_INTS) : this.random.pick(HOSTILE_STRINGS);
    setAt(copy, path, bad.value);
    return { label: `${bad.label} at ${formatPath(path)}`, value: copy };
  }

  /**
   * Valid arguments with one place made hostile, chosen among every argument,
   * every input field (present or not) and every list item, so a refusal
   * can be traced to that one value.
   */
  withOneHostile(arguments_: readonly GraphQLArgument[], parent: string, field: string, values: Record<string, unknown>): Replacement {
    const slots: Slot[] = [];
    for (const argument of arguments_) {
      collectSlots(argument.type, values[argument.name], [argument.name], argumentSite(parent, field, argument), slots, argument.name in values);
    }
    const required = arguments_.filter((argument) => isNonNullType(argument.type) && argument.name in values);
    if (required.length > 0 && this.random.chance(0.05)) {
      const dropped = this.random.pick(required);
      delete values[dropped.name];
      return { path: [dropped.name], label: 'required argument left out' };
    }
    if (slots.length === 0) return { path: [], label: 'nothing to make hostile' };
    const slot = this.random.pick(slots);
    const bad = this.hostile(slot.type, slot.site, valueAt(values, slot.path));
    setAt(values, slot.path, bad.value);
    return { path: slot.path, label: bad.label };
  }
}

function collectSlots(type: GraphQLInputType, value: unknown, path: ValuePath, site: InputSite, into: Slot[], present = true, depth = 0): void {
  into.push({ path, type, site });
  if (!present || depth > MAX_INPUT_DEPTH + 2) return;
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner) && Array.isArray(value)) {
    value.forEach((item, index) => collectSlots(inner.ofType, item, [...path, index], site, into, true, depth + 1));
  } else if (isInputObjectType(inner) && isPlainObject(value)) {
    for (const field of Object.values(inner.getFields())) {
      collectSlots(field.type, value[field.name], [...path, field.name], fieldSite(inner, field.name), into, field.name in value, depth + 1);
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonLeaves(value: unknown, path: ValuePath = []): ValuePath[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => jsonLeaves(item, [...path, index]));
  if (isPlainObject(value)) return Object.keys(value).flatMap((key) => jsonLeaves(value[key], [...path, key]));
  return typeof value === 'string' || typeof value === 'number' ? [path] : [];
}

export function valueAt(root: unknown, path: ValuePath): unknown {
  let at = root as Record<string | number, unknown> | undefined;
  for (const step of path) at = at && typeof at === 'object' ? (at[step] as Record<string | number, unknown>) : undefined;
  return at;
}

/** Sets a value at a path, as an own property even for a key such as `__proto__`. */
export function setAt(root: unknown, path: ValuePath, value: unknown): void {
  if (path.length === 0) return;
  const parent = valueAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  Object.defineProperty(parent, path[path.length - 1], { value, enumerable: true, writable: true, configurable: true });
}

export function formatPath(path: ValuePath): string {
  return path.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('') || '(root)';
}
