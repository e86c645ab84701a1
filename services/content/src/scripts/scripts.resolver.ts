import { Args, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { NotFoundError } from '@scriptbook/platform';
import { ItemView } from '../catalog/catalog-lookup';
import { ContentCatalog } from '../catalog/content-catalog';
import { knownGameId } from '../catalog/content-input';
import { Script } from '../kinds/stalker-zs/script.model';

@Resolver(() => Script)
export class ScriptsResolver {
  private readonly byGameAndNumber = new Map<string, ItemView>();

  constructor(private readonly catalog: ContentCatalog) {
    for (const script of catalog.ofKinds(['zs-script'])) {
      this.byGameAndNumber.set(`${script.gameId}#${script.number as number}`, script);
    }
  }

  @Query(() => Script, {
    nullable: true,
    description:
      'A Scriptbook entry by its printed number. BAD_USER_INPUT for an unknown game; a number the game lacks answers null with a NOT_FOUND error naming `number`.',
  })
  script(
    @Args('gameId', { type: () => ID, description: 'The game whose Scriptbook to read, e.g. `stalker-zs`.' }) gameId: string,
    @Args('number', { type: () => Int, description: 'The printed script number, e.g. 42 for "Script 042".' }) number: number,
  ): ItemView {
    knownGameId(this.catalog, gameId, 'gameId');
    const script = this.byGameAndNumber.get(`${gameId}#${number}`);
    if (!script) throw new NotFoundError('Script', `${gameId} #${number}`, 'number');
    return script;
  }
}
