import { Args, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { ItemView } from '@scriptbook/content';
import { NotFoundError } from '@scriptbook/platform';
import { ContentCatalog } from '../catalog/content-catalog';
import { knownGameId } from '../catalog/content-input';
import { ContentGraphQL } from '../graphql/content-graphql';

/**
 * `script(gameId, number)`: the items of the kind in the `script` group, by
 * their printed number. One kind serves it today; a second would need a
 * shared interface for the answer.
 */
export function scriptsResolver(graph: ContentGraphQL) {
  const [kind, ...others] = graph.kinds.inGroup('script');
  if (others.length > 0) throw new Error(`script(gameId, number) answers one type; kinds ${[kind, ...others].join(', ')} would need a Script interface`);
  const Script = graph.typeOf(kind);

  @Resolver(() => Script)
  class ScriptsResolver {
    private readonly byGameAndNumber = new Map<string, ItemView>();

    constructor(readonly catalog: ContentCatalog) {
      for (const script of catalog.ofKinds([kind])) this.byGameAndNumber.set(`${script.gameId}#${script.number as number}`, script);
    }

    @Query(() => Script, {
      nullable: true,
      description:
        'A Scriptbook entry by its printed number. BAD_USER_INPUT for an unknown game; a number the game lacks answers null with a NOT_FOUND error naming `number`.',
    })
    script(
      @Args('gameId', { type: () => ID, description: 'The game whose Scriptbook to read, a game id from `games`.' }) gameId: string,
      @Args('number', { type: () => Int, description: 'The printed script number, e.g. 42 for "Script 042".' }) number: number,
    ): ItemView {
      knownGameId(this.catalog, gameId, 'gameId');
      const script = this.byGameAndNumber.get(`${gameId}#${number}`);
      if (!script) throw new NotFoundError('Script', `${gameId} #${number}`, 'number');
      return script;
    }
  }
  return ScriptsResolver;
}
