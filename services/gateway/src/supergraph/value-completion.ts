import type { ApolloGateway } from '@apollo/gateway';
import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import { GraphQLError } from 'graphql';

type GatewayInterface = ApolloServerOptionsWithGateway<Record<string, unknown>>['gateway'];
type Loaded = Awaited<ReturnType<ApolloGateway['load']>>;
type Executor = Loaded['executor'];
type ExecutionResult = Awaited<ReturnType<Executor>>;

/**
 * A subgraph answered null (or nothing) for a field the schema promises is
 * never null, and the null spread up to the nearest nullable parent.
 */
export class ValueCompletionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValueCompletionError';
  }
}

/**
 * When no subgraph reported an error but a non-null field came back null,
 * Apollo Gateway files the "Cannot return null" errors under
 * `extensions.valueCompletion`, which Apollo Server does not pass on as
 * errors: the client saw `data: null` and nothing saying why. This moves
 * them into `errors`, each with its path, where the error mapping gives
 * them a code.
 */
export function surfaceValueCompletionErrors(result: ExecutionResult): ExecutionResult {
  const completion = result.extensions?.valueCompletion;
  if (!Array.isArray(completion) || completion.length === 0) return result;
  const { valueCompletion: _moved, ...extensions } = result.extensions!;
  const errors = completion.map(
    (error: GraphQLError) => new GraphQLError(error.message, { path: error.path, originalError: new ValueCompletionError(error.message) }),
  );
  return {
    ...result,
    errors: [...(result.errors ?? []), ...errors],
    extensions: Object.keys(extensions).length > 0 ? extensions : undefined,
  };
}

/** Apollo Gateway with every execution result passed through `surfaceValueCompletionErrors`. */
export class CompletionReportingGateway implements GatewayInterface {
  constructor(private readonly gateway: ApolloGateway) {}

  async load(options: Parameters<GatewayInterface['load']>[0]): Promise<Loaded> {
    const loaded = await this.gateway.load(options);
    const executor: Executor = async (requestContext) => surfaceValueCompletionErrors(await loaded.executor(requestContext));
    return { ...loaded, executor };
  }

  onSchemaLoadOrUpdate(callback: Parameters<GatewayInterface['onSchemaLoadOrUpdate']>[0]): ReturnType<GatewayInterface['onSchemaLoadOrUpdate']> {
    return this.gateway.onSchemaLoadOrUpdate(callback);
  }

  stop(): Promise<void> {
    return this.gateway.stop();
  }
}
