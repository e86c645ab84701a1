import 'reflect-metadata';
import { GameCatalog, GAMES } from '@scriptbook/games';
import { runService, ServiceDefinition } from '@scriptbook/platform';
import { fixtureGame } from '../fixtures/fixture-game/fixture-game';

/**
 * TEST ONLY: the entrypoint of one subgraph (`FIXTURE_LAYER`: content,
 * rules or scoring) hosting the release's games and the fixture game, over
 * the packs in `FIXTURE_PACKS_DIR`: the service's own generic host, given a
 * catalog that holds one game more, and nothing else changed. Each service
 * is imported only when chosen: importing one defines its GraphQL types.
 */
const packsDir = process.env.FIXTURE_PACKS_DIR;
if (!packsDir) throw new Error('FIXTURE_PACKS_DIR names the folder holding the release’s packs and the fixture’s');
const catalog = new GameCatalog([...GAMES, fixtureGame]);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const layers: Record<string, () => Promise<ServiceDefinition<any>>> = {
  content: async () => (await import('../../services/content/src/content-service')).contentService('content', { kinds: catalog.contentKinds, packsDir }),
  rules: async () => (await import('../../services/rules/src/rules-service')).rulesService('rules', { catalog, packsDir }),
  scoring: async () => (await import('../../services/scoring/src/scoring-service')).scoringService('scoring', { catalog, packsDir }),
};
const layer = layers[process.env.FIXTURE_LAYER ?? ''];
if (!layer) throw new Error(`FIXTURE_LAYER is one of ${Object.keys(layers).join(', ')}`);
void layer().then(runService);
