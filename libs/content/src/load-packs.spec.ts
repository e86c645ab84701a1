import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentValidationError } from './content-errors';
import { loadContentLibrary } from './load-packs';

describe('the shipped content packs', () => {
  const library = loadContentLibrary();

  it('declare the three game systems of the seeds', () => {
    expect(library.games().map((game) => game.id).sort()).toEqual(['hope-inhumanity', 'stalker-zs', 'twom']);
  });

  it('give every item a provenance in one of the five seeds', () => {
    for (const pack of library.packs) {
      for (const id of pack.itemIds) expect(['000', '001', '002', '003', '004']).toContain(library.get(id)!.provenance.seed);
    }
  });

  it('have no link to a missing item', () => {
    expect(library.danglingLinks()).toEqual([]);
  });
});

describe('loading packs', () => {
  let dir: string;
  const game = { kind: 'game', id: 'demo', name: 'Demo', provenance: { seed: '001', section: 'Setup' } };
  const pack = (files: string[]) => ({ id: 'demo', name: 'Demo', version: '1.0.0', seed: '001', description: 'test pack', files });

  function writePack(data: Record<string, unknown[]>, manifest: object = pack(Object.keys(data))): void {
    mkdirSync(join(dir, 'demo'), { recursive: true });
    writeFileSync(join(dir, 'demo', 'pack.json'), JSON.stringify(manifest));
    for (const [file, items] of Object.entries(data)) writeFileSync(join(dir, 'demo', file), JSON.stringify({ items }));
  }

  function problemsOf(): readonly string[] {
    try {
      loadContentLibrary(dir);
    } catch (error) {
      expect(error).toBeInstanceOf(ContentValidationError);
      return (error as ContentValidationError).problems;
    }
    throw new Error('expected the packs to be refused');
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scriptbook-packs-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('loads a valid pack and hashes its content', () => {
    writePack({ 'game.json': [game] });
    const first = loadContentLibrary(dir);
    expect(first.games().map((g) => g.id)).toEqual(['demo']);
    writePack({ 'game.json': [{ ...game, name: 'Demo, renamed' }] });
    expect(loadContentLibrary(dir).hash).not.toBe(first.hash);
  });

  it('reports every problem at once: schema errors, duplicate ids and links to missing items', () => {
    writePack({
      'game.json': [game, { ...game, name: 'Again' }],
      'modules.json': [
        { kind: 'module', id: 'demo:module:lost', gameId: 'no-such-game', moduleType: 'core', name: 'Lost', provenance: game.provenance },
        { kind: 'module', id: 'Demo Module', gameId: 'demo', moduleType: 'core', name: 'Bad id', provenance: game.provenance },
        { kind: 'card', id: 'demo:card:x', name: 'Unknown kind', provenance: game.provenance },
      ],
    });
    const problems = problemsOf().join('\n');
    expect(problems).toContain('duplicate id demo in demo/game.json');
    expect(problems).toContain('demo:module:lost links to missing no-such-game');
    expect(problems).toMatch(/demo\/modules\.json Demo Module at id: ids are lower-case/);
    expect(problems).toMatch(/demo\/modules\.json demo:card:x at kind/);
  });

  it('refuses a pack whose manifest does not match its folder', () => {
    writePack({ 'game.json': [game] }, { ...pack(['game.json']), id: 'other' });
    expect(problemsOf().join('\n')).toContain('id "other" must match its folder name');
  });
});
