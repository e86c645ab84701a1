import { z } from 'zod';
import { GameCatalog } from './game-catalog';
import { defineGame } from './game-descriptor';
import { defineScoring, GameScoring } from './game-scoring';
import { GAMES, RELEASE_CATALOG } from './games';
import { stalkerZsGame } from './stalker-zs/stalker-zs.game';

/** A scoring with nothing but names and schemas: what the catalog checks needs no rules. */
function scoring(names: Partial<GameScoring['names']>, dimensions: readonly string[] = ['table']): GameScoring {
  return defineScoring({
    names: { title: 'Test game', game: 'TestGame', boards: 'Test', jobs: 'test', ...names },
    version: 1,
    verifiedWhen: 'the table agrees',
    schemas: {
      submission: z.object({ table: z.string() }),
      result: z.object({ table: z.string() }),
      breakdown: z.object({ points: z.number() }),
      board: z.object({ table: z.string().nullish() }),
      challenge: z.object({ table: z.string() }),
    },
    dimensions,
    bind: () => {
      throw new Error('not bound in this test');
    },
  });
}

const gameWith = (id: string, gameScoring: GameScoring) =>
  defineGame({ id, content: { packs: [], kinds: [] }, modules: [], rules: { procedures: [], examples: {} }, scoring: gameScoring });

describe('the games a catalog scores', () => {
  it('are the games with a scoring part, in catalog order', () => {
    expect(RELEASE_CATALOG.scoringGames().map((game) => game.id)).toEqual(GAMES.filter((game) => 'scoring' in game).map((game) => game.id));
    expect(RELEASE_CATALOG.scoringOf(stalkerZsGame.id)).toBe(stalkerZsGame.scoring);
    expect(RELEASE_CATALOG.scoringOf('no-such-game')).toBeNull();
    const test = gameWith('test-game', scoring({}));
    expect(new GameCatalog([stalkerZsGame, test]).scoringGames()).toEqual([stalkerZsGame, test]);
  });

  it('refuses two games whose scoring names would meet in one schema', () => {
    expect(() => new GameCatalog([gameWith('one', scoring({})), gameWith('two', scoring({ game: 'Other', jobs: 'other' }))])).toThrow(/board prefix "Test"/);
    expect(() => new GameCatalog([stalkerZsGame, gameWith('two', scoring({ boards: stalkerZsGame.scoring.names.boards }))])).toThrow(/board prefix/);
    expect(() => new GameCatalog([stalkerZsGame, gameWith('two', scoring({ game: stalkerZsGame.scoring.names.game }))])).toThrow(/type prefix/);
    expect(() => new GameCatalog([stalkerZsGame, gameWith('two', scoring({ jobs: stalkerZsGame.scoring.names.jobs }))])).toThrow(/job prefix/);
  });

  it('refuses a board dimension that is not a field of both the result and the board keys', () => {
    expect(() => new GameCatalog([gameWith('one', scoring({}, ['table', 'seat']))])).toThrow(/dimension seat/);
  });
});
