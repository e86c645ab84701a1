/**
 * For the one service that hosts the webhook API and worker (scoring): the
 * modules, whose GraphQL types a subgraph that only emits must never load
 * (Nest's code-first registry is global to a process, so importing them
 * would put the types into that subgraph's schema too). Emitters import
 * `@scriptbook/platform/webhooks` alone.
 */
export * from './webhooks.module';
