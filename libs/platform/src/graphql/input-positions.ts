import { ASTNode, getNamedType, GraphQLInputType, isEnumType, isScalarType, isSpecifiedScalarType, Kind, ValidationRule } from 'graphql';

/** Where a node of an operation's arguments sits, as `extensions.field` names it, and what it should have been. */
export interface InputPosition {
  /** `input.stalkerCount`, `characters[2].name`, `$limit` for a variable's default, `@include.if` for a directive's argument. */
  readonly path: string;
  /** The type expected there, as GraphQL prints it (`Int!`); absent where the schema has no such argument or field. */
  readonly expected?: string;
  readonly enum: boolean;
}

/** Filled while documents validate; weak, so a position lives exactly as long as its document. */
const positions = new WeakMap<ASTNode, InputPosition>();

/** The position recorded for `node` when its document was validated. */
export function inputPositionOf(node: ASTNode | undefined): InputPosition | undefined {
  return node ? positions.get(node) : undefined;
}

/**
 * Records the argument path of every argument, input field and value in
 * the document, with the type expected there, so that graphql-js's errors
 * about them (which point at the node but name neither the argument nor a
 * rule) can be told as `field` and `rule` (see `requestErrorOf`). Reports
 * nothing itself.
 */
export const inputPositionsRule: ValidationRule = (context) => {
  const segments: string[] = [];
  // Inside a custom scalar's literal (JSON) graphql-js knows no input type: every part is a part of that scalar's value.
  let openScalar: { readonly node: ASTNode; readonly type: GraphQLInputType } | undefined;
  const record = (node: ASTNode, known: GraphQLInputType | null | undefined) => {
    const type = known ?? openScalar?.type;
    positions.set(node, {
      path: segments.join(''),
      expected: type ? String(type) : undefined,
      enum: type ? isEnumType(getNamedType(type)) : false,
    });
  };
  return {
    VariableDefinition: {
      enter: (node) => void segments.push(`$${node.variable.name.value}`),
      leave: () => void segments.pop(),
    },
    Directive: {
      enter: (node) => void segments.push(`@${node.name.value}.`),
      leave: () => void segments.pop(),
    },
    Argument: {
      enter(node) {
        segments.push(node.name.value);
        record(node, context.getArgument()?.type);
      },
      leave: () => void segments.pop(),
    },
    ObjectField: {
      enter(node) {
        segments.push(`.${node.name.value}`);
        record(node, context.getInputType());
      },
      leave: () => void segments.pop(),
    },
    enter(node, key) {
      if (!isValue(node.kind)) return;
      // A list's items: graphql-js visits them with their index as the key.
      const item = typeof key === 'number';
      if (item) segments.push(`[${key}]`);
      const type = context.getInputType();
      record(node, type);
      const named = getNamedType(type);
      if (!openScalar && isScalarType(named) && !isSpecifiedScalarType(named)) openScalar = { node, type: named };
    },
    leave(node, key) {
      if (!isValue(node.kind)) return;
      if (typeof key === 'number') segments.pop();
      if (openScalar?.node === node) openScalar = undefined;
    },
  };
};

const VALUE_KINDS = new Set<Kind>([
  Kind.VARIABLE,
  Kind.INT,
  Kind.FLOAT,
  Kind.STRING,
  Kind.BOOLEAN,
  Kind.NULL,
  Kind.ENUM,
  Kind.LIST,
  Kind.OBJECT,
]);

function isValue(kind: Kind): boolean {
  return VALUE_KINDS.has(kind);
}
