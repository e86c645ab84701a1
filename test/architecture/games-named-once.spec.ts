import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { kindOf } from '@scriptbook/content/kinds/descriptor';
import { GAMES } from '@scriptbook/games';
import type { GameDescriptor } from '@scriptbook/games';

/**
 * One game, one folder: outside its own folder under `libs/games/src`, no
 * source file of a service or a library names a game's id, one of its
 * modules' ids or one of its own content kinds. Everything else learns of a
 * game from the one list, `libs/games/src/games.ts`. Tests, generated files,
 * migrations (which record what the data was) and docs may name games.
 */
const ROOT = resolve(__dirname, '..', '..');
const SCANNED = ['services', 'libs'];
const GAMES_DIR = join(ROOT, 'libs', 'games', 'src');
const THE_ONE_LIST = join(GAMES_DIR, 'games.ts');

const isExempt = (file: string) =>
  /\.(int-|e2e-)?spec\.ts$|\.spec-fixtures\.ts$/.test(file) ||
  file.split(sep).some((part) => part === 'testing' || part === 'test' || part === 'migrations' || part === 'generated' || part === 'packs');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    // Build outputs (a package's `dist/`) are copies of sources already scanned, not sources.
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !isExempt(full) ? [full] : [];
  });
}

/** The names a game owns: its id, its modules' ids and its own content kinds. */
export function namesOf(game: GameDescriptor): string[] {
  return [game.id, ...game.modules.map((module) => module.id), ...game.content.kinds.map(kindOf)];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name as a whole token: not part of a longer id or word (`twom` in `twom:card:x` is the game; in `twomState` it is not). */
export const tokenPattern = (name: string) => new RegExp(`(?<![A-Za-z0-9_-])${escape(name)}(?![A-Za-z0-9_-])`);

describe('every game is named in its own folder and the one list only', () => {
  const files = SCANNED.flatMap((dir) => sources(join(ROOT, dir)));

  it('scans the services and libraries', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it.each(GAMES.map((game) => [game.id, game] as const))('%s is named nowhere outside its folder', (_id, game) => {
    const own = join(GAMES_DIR, game.id) + sep;
    const patterns = namesOf(game).map((name) => [name, tokenPattern(name)] as const);
    const offenders: string[] = [];
    for (const file of files) {
      if (file.startsWith(own) || file === THE_ONE_LIST) continue;
      const code = readFileSync(file, 'utf8');
      for (const [name, pattern] of patterns) if (pattern.test(code)) offenders.push(`${relative(ROOT, file)} names ${name}`);
    }
    expect(offenders).toEqual([]);
  });

  it('matches names as whole tokens', () => {
    const twom = tokenPattern('twom');
    expect(['`twom`', "'twom:card:x'", 'games twom and', '"twom"'].filter((text) => twom.test(text))).toHaveLength(4);
    expect(['twomState', 'twom-tales', 'my-twom', 'twom_x'].filter((text) => twom.test(text))).toEqual([]);
  });
});
