import { Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { ContentLibrary } from '@scriptbook/content';
import { Game } from './game.model';

const toGame = (item: { id: string; name: string }): Game => ({ id: item.id, name: item.name });

@Resolver(() => Game)
export class GamesResolver {
  constructor(private readonly library: ContentLibrary) {}

  @Query(() => [Game], { description: 'Every game system the content packs describe.' })
  games(): Game[] {
    return this.library.games().map(toGame);
  }

  /** Content lives in memory, so a reference costs a map lookup: no batching needed. */
  @ResolveReference()
  resolveReference(reference: { id: string }): Game | null {
    const game = this.library.getOfKind('game', reference.id);
    return game ? toGame(game) : null;
  }
}
