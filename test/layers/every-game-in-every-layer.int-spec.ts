import { GAMES } from '@scriptbook/games';
import type { GameDescriptor } from '@scriptbook/games';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../../services/campaigns/src/campaigns.app';
import { Ask, askOf, describedDocs, documentedDocs, itServesEachGameInEveryLayer } from './game-layers';
import { LayersBehindGateway, startLayersBehindGateway } from './layers-behind-gateway';

/** Four subgraphs, three of them processes compiling from source, and the gateway: minutes on a loaded two-core machine. */
const STARTUP_MS = 240_000;

/**
 * Every game of the one list is in every layer of the release, with no
 * other registration: the subgraphs as `npm start` defines them, behind the
 * gateway, serve what each game's descriptor describes (its kinds, its
 * procedures under its id and its modules', its campaign state, typed setups
 * and actions, its scoring where it has a scoring part), and the rules docs
 * list its procedures. The expectations come from the descriptors; no game
 * is named here.
 */
describe('every game of the release in every layer', () => {
  const isolation = new TestIsolation();
  let layers: LayersBehindGateway;
  let ask: Ask;
  const games = GAMES.map((game) => [game.id, game as GameDescriptor] as const);

  beforeAll(async () => {
    layers = await startLayersBehindGateway(isolation, {
      content: { entrypoint: 'services/content/src/main.ts' },
      rules: { entrypoint: 'services/rules/src/main.ts' },
      scoring: { entrypoint: 'services/scoring/src/main.ts' },
      campaigns: campaignsApp,
    });
    ask = askOf(layers.url, layers.token);
  }, STARTUP_MS);

  afterAll(async () => {
    await layers?.stop();
    await isolation.cleanUp();
  });

  it('has games to check, some keeping campaigns and some scored', () => {
    expect(games.length).toBeGreaterThan(1);
    expect(GAMES.some((game) => game.campaign)).toBe(true);
    expect(GAMES.some((game) => 'scoring' in game && game.scoring)).toBe(true);
  });

  itServesEachGameInEveryLayer(GAMES, () => ({ url: layers.url, token: layers.token, ask }));

  it.each(games)('%s: the rules docs list its procedures', (_id, game) => {
    expect(documentedDocs(game)).toEqual(describedDocs(game));
  });
});
