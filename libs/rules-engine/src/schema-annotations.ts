/**
 * How a procedure's zod schemas name their GraphQL types and describe enum
 * values. The helpers live with the zod → GraphQL converter (framework-free,
 * zod only) and are re-exported here so games import everything from the engine.
 */
export { describedEnum, named, openJson } from '@scriptbook/schema';
