import { FragmentDefinitionNode, OperationDefinitionNode, parse } from 'graphql';
import { BoardReadField, cacheableBoardRead } from './cacheable-board-read';

const fields = new Map<string, BoardReadField>([
  ['leaderboard', { gameId: 'stalker-zs', perPlayer: false }],
  ['leaderboardAroundMe', { gameId: 'stalker-zs', perPlayer: true }],
  ['tallyLeaderboard', { gameId: 'tally', perPlayer: false }],
]);

function analyse(source: string) {
  const document = parse(source);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')!;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) if (d.kind === 'FragmentDefinition') fragments[d.name.value] = d;
  return cacheableBoardRead(operation, fragments, fields);
}

describe('which operations are board reads whose answer may be kept', () => {
  it('takes a page, with fragments and aliases, keyed by the game it reads', () => {
    expect(analyse('{ leaderboard(first: 100) { totalCount edges { node { rank } } } }')).toEqual({ gameIds: ['stalker-zs'], perPlayer: false });
    expect(
      analyse(`query Top { __typename a: leaderboard { ...Page } b: tallyLeaderboard { ...Page } }
               fragment Page on LeaderboardConnection { edges { node { ... on LeaderboardEntry { rank } } } }`),
    ).toEqual({ gameIds: ['stalker-zs', 'tally'], perPlayer: false });
  });

  it('keeps around-me per player, also beside a page', () => {
    expect(analyse('{ leaderboardAroundMe { myRank } }')).toEqual({ gameIds: ['stalker-zs'], perPlayer: true });
    expect(analyse('{ leaderboard { totalCount } leaderboardAroundMe { myRank } }')).toEqual({ gameIds: ['stalker-zs'], perPlayer: true });
  });

  it('refuses mutations, other root fields, a breakdown anywhere below, and a spread of a fragment it cannot find', () => {
    expect(analyse('mutation { leaderboard { totalCount } }')).toBeNull();
    expect(analyse('{ leaderboard { totalCount } myResults { totalCount } }')).toBeNull();
    expect(analyse('{ __typename }')).toBeNull();
    expect(analyse('{ leaderboard { edges { node { result { breakdown { victoryPoints } } } } } }')).toBeNull();
    expect(analyse('{ leaderboard { ...Deep } } fragment Deep on LeaderboardConnection { edges { node { result { breakdown { total } } } } }')).toBeNull();
    expect(analyse('{ leaderboard { ...Missing } }')).toBeNull();
  });
});
