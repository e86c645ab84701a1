export * from '@scriptbook/schema';
export * from './entity-reference';
export * from './json-scalar';
export * from './zod-graphql-types';
export * from './zod-graphql-values';
export * from './zod-json-schema';
