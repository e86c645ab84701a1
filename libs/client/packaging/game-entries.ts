import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'esbuild';
import { GAMES } from '@scriptbook/games';

/**
 * The package's `games/<id>` entries: each game's campaign model alone (its
 * state, actions and setups, what a replica runs), for an app that imports
 * `@scriptbook/client/core` and bundles only the games it plays. Made from
 * the one list of games, so a new game gets its entry with no line here.
 */
export interface GameEntry {
  readonly id: string;
  /** The module of libs/games that exports the game's campaign model, and the name it exports it under. */
  readonly module: string;
  readonly exportName: string;
}

const ROOT = join(__dirname, '..', '..', '..');
const NAMESPACE = 'scriptbook-game-entry';

export function gameEntries(): GameEntry[] {
  return GAMES.flatMap((game) => {
    if (!game.campaign) return [];
    const dir = join(ROOT, 'libs', 'games', 'src', game.id, 'campaign');
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.includes('.spec.'))) {
      const module = join(dir, file.replace(/\.ts$/, ''));
      const exported = Object.entries(require(module) as Record<string, unknown>).find(([, value]) => value === game.campaign);
      if (exported) return [{ id: game.id, module, exportName: exported[0] }];
    }
    throw new Error(`no module under ${relative(ROOT, dir)} exports ${game.id}'s campaign model`);
  });
}

/** The esbuild entry point of a game's entry, resolved by `gameEntryPlugin`. */
export const gameEntryPoint = (entry: GameEntry) => `${NAMESPACE}:${entry.id}`;

/** Each game's entry as a module of its own: `export const game = { id, campaign }`. */
export function gameEntryPlugin(entries: readonly GameEntry[]): Plugin {
  return {
    name: NAMESPACE,
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({ path: args.path.slice(NAMESPACE.length + 1), namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const entry = entries.find((candidate) => candidate.id === args.path)!;
        const from = `./${relative(ROOT, entry.module).split(sep).join('/')}`;
        return { contents: `import { ${entry.exportName} } from '${from}';\nexport const game = { id: ${JSON.stringify(entry.id)}, campaign: ${entry.exportName} };\n`, resolveDir: ROOT, loader: 'ts' };
      });
    },
  };
}

/** The entry's declarations, beside its bundle (`games/<id>.d.ts`). */
export function gameEntryDeclaration(entry: GameEntry): string {
  return [
    "import type { SupportedGame } from '../types/client/src/client.js';",
    `/** ${entry.id}: its id and campaign model, for \`games\` of \`createScriptbookClient\` from \`@scriptbook/client/core\`. */`,
    'export declare const game: SupportedGame;',
    '',
  ].join('\n');
}
