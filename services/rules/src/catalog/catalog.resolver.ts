import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { BadUserInputError, ConnectionShape, decodeCursor, encodeCursor, PageArgs, pageSize, toConnection } from '@scriptbook/platform';
import { zodToJsonSchema } from '@scriptbook/platform/graphql/zod';
import { ProcedureRunner } from '../procedures/procedure-runner';
import { RuleProcedure, RuleProcedureConnection } from './procedure.model';

type Entry = Omit<RuleProcedure, 'inputSchema'> & { readonly inputSchema: () => string };

@Resolver(() => RuleProcedure)
export class CatalogResolver {
  private entries?: readonly Entry[];
  private readonly schemas = new Map<string, string>();

  constructor(private readonly bound: ProcedureRunner) {}

  @Query(() => RuleProcedureConnection, {
    nullable: true,
    description:
      'Every rule procedure, in a stable order, optionally of one game or one module. Null with BAD_USER_INPUT for a page size out of range or a foreign cursor.',
  })
  procedures(
    @Args('gameId', {
      type: () => ID,
      nullable: true,
      description: "Only the procedures of this game (a `Game.id`), its modules' included; every game when omitted.",
    })
    gameId: string | null,
    @Args('moduleId', {
      type: () => ID,
      nullable: true,
      description: 'Only the procedures of this module (an id of `Game.modules`); with `gameId`, a module of that game.',
    })
    moduleId: string | null,
    @Args() page: PageArgs,
  ): ConnectionShape<RuleProcedure> {
    const limit = pageSize(page.first);
    const list = this.all().filter((e) => (!gameId || e.gameId === gameId) && (!moduleId || e.moduleId === moduleId));
    let start = 0;
    if (page.after) {
      const [afterId] = decodeCursor(page.after, 1);
      start = list.findIndex((e) => e.id === afterId) + 1;
      if (start === 0) throw new BadUserInputError('after', 'cursor', 'after is not a cursor of this list');
    }
    const rows = list.slice(start, start + limit + 1).map((e) => ({ ...e, inputSchema: this.schemaOf(e) }));
    return toConnection(rows, limit, (p) => encodeCursor([p.id]), start > 0);
  }

  private schemaOf(entry: Entry): string {
    let schema = this.schemas.get(entry.id);
    if (schema === undefined) {
      schema = entry.inputSchema();
      this.schemas.set(entry.id, schema);
    }
    return schema;
  }

  // The JSON Schema comes from the zod input, the same schema replay checks against; it is made on first request and kept.
  private all(): readonly Entry[] {
    this.entries ??= this.bound.descriptors().map((d) => ({
      id: d.id,
      gameId: d.gameId,
      moduleId: d.moduleId ?? null,
      description: d.description,
      field: d.field,
      draws: d.draws,
      inputSchema: () => JSON.stringify(zodToJsonSchema(d.input, `${d.field} input`)),
    }));
    return this.entries;
  }
}
