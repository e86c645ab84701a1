import { Args, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { NotFoundError } from '@scriptbook/platform';
import { ContentCatalog } from '../catalog/content-catalog';
import { knownGameId } from '../catalog/content-input';
import { ItemView } from '../catalog/item-views';
import { Script } from './script.model';

@Resolver(() => Script)
export class ScriptsResolver {
  private readonly byGameAndNumber = new Map<string, ItemView>();

  constructor(private readonly catalog: ContentCatalog) {
    for (const script of catalog.ofKinds(['zs-script'])) {
      this.byGameAndNumber.set(`${script.gameId}#${script.number as number}`, script);
    }
  }

  @Query(() => Script, { description: 'A Scriptbook entry by its printed number. NOT_FOUND when the game has no such script.' })
  script(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('number', { type: () => Int }) number: number,
  ): ItemView {
    knownGameId(this.catalog, gameId, 'gameId');
    const script = this.byGameAndNumber.get(`${gameId}#${number}`);
    if (!script) throw new NotFoundError('Script', `${gameId} #${number}`, 'number');
    return script;
  }
}
