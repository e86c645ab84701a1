import { Args, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { BadUserInputError, pageSize } from '@scriptbook/platform';
import { ContentCatalog } from '../catalog/content-catalog';
import { knownGameId, knownKinds, nonEmptyText } from '../catalog/content-input';
import { ContentGraphQL } from '../graphql/content-graphql';
import { searchHitType } from './search-hit.model';
import { tokenize } from './tokenize';

export const MAX_QUERY_LENGTH = 200;

export function searchResolver(graph: ContentGraphQL) {
  const SearchHit = searchHitType(graph.contentItem);

  @Resolver(() => SearchHit)
  class SearchResolver {
    constructor(readonly catalog: ContentCatalog) {}

    @Query(() => [SearchHit], {
      nullable: true,
      description:
        'Ranked full-text search over names and texts of every item. Every word must match; the last one also ' +
        'matches as a prefix. `first` is 1 to 100 (default 20). BAD_USER_INPUT for an empty or over-long query, an unknown game or kind.',
    })
    searchContent(
      @Args('query', { description: `The words to find, at most ${MAX_QUERY_LENGTH} characters, with at least one letter or digit.` })
      query: string,
      @Args('gameId', { type: () => ID, nullable: true, description: 'Only items of this game; absent searches every game.' })
      gameId: string | null,
      @Args('kinds', {
        type: () => [String],
        nullable: true,
        description: 'Only items of these kinds, as `ContentItem.kind` names them; absent searches every kind.',
      })
      kinds: string[] | null,
      @Args('first', { type: () => Int, nullable: true, description: 'How many hits, 1 to 100 (default 20).' }) first: number | null,
    ) {
      const text = nonEmptyText(query, 'query')!;
      if (text.length > MAX_QUERY_LENGTH) {
        throw new BadUserInputError('query', 'max', `query must be at most ${MAX_QUERY_LENGTH} characters`);
      }
      if (tokenize(text).length === 0) throw new BadUserInputError('query', 'words', 'query must contain a letter or a digit');
      const hits = this.catalog.search.search(text, {
        gameId: knownGameId(this.catalog, gameId, 'gameId'),
        kinds: knownKinds(this.catalog, kinds, 'kinds'),
        limit: pageSize(first),
      });
      return hits.map((hit) => ({ ...hit, item: this.catalog.get(hit.id) }));
    }
  }
  return SearchResolver;
}
