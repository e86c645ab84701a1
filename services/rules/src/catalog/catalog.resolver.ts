import { Args, ID, Info, Query, Resolver } from '@nestjs/graphql';
import { GraphQLResolveInfo, GraphQLSchema } from 'graphql';
import { BadUserInputError, ConnectionShape, decodeCursor, encodeCursor, PageArgs, pageSize, toConnection } from '@scriptbook/platform';
import { inputJsonSchema } from './input-json-schema';
import { RuleProcedure, RuleProcedureConnection } from './procedure.model';
import { CatalogEntry, ProcedureRegistry } from './procedure-registry';

@Resolver(() => RuleProcedure)
export class CatalogResolver {
  private readonly schemas = new Map<string, string>();

  constructor(private readonly registry: ProcedureRegistry) {}

  @Query(() => RuleProcedureConnection, { description: 'Every rule procedure, in a stable order, optionally of one game.' })
  procedures(
    @Args('gameId', { type: () => ID, nullable: true }) gameId: string | null,
    @Args() page: PageArgs,
    @Info() info: GraphQLResolveInfo,
  ): ConnectionShape<RuleProcedure> {
    const limit = pageSize(page.first);
    const list = this.registry.entries().filter((e) => !gameId || e.gameId === gameId);
    let start = 0;
    if (page.after) {
      const [afterId] = decodeCursor(page.after, 1);
      start = list.findIndex((e) => e.id === afterId) + 1;
      if (start === 0) throw new BadUserInputError('after', 'cursor', 'after is not a cursor of this list');
    }
    const rows = list.slice(start, start + limit + 1).map((e) => this.toNode(e, info.schema));
    return toConnection(rows, limit, (p) => encodeCursor([p.id]), start > 0);
  }

  // The served schema is the source the input schemas derive from; it never changes while the service runs.
  private toNode(entry: CatalogEntry, served: GraphQLSchema): RuleProcedure {
    let schema = this.schemas.get(entry.id);
    if (schema === undefined) {
      schema = JSON.stringify(inputJsonSchema(served, entry.field));
      this.schemas.set(entry.id, schema);
    }
    return { ...entry, inputSchema: schema };
  }
}
