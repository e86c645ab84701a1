import { CONTENT_KINDS } from '@scriptbook/games';
import { gameContentLibrary } from '@scriptbook/game-host';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentValidationError } from './content-errors';
import { loadContentLibrary } from './load-packs';

describe('the shipped content packs', () => {
  const library = gameContentLibrary();

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
      loadContentLibrary(dir, CONTENT_KINDS);
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
    const first = loadContentLibrary(dir, CONTENT_KINDS);
    expect(first.games().map((g) => g.id)).toEqual(['demo']);
    writePack({ 'game.json': [{ ...game, name: 'Demo, renamed' }] });
    expect(loadContentLibrary(dir, CONTENT_KINDS).hash).not.toBe(first.hash);
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

describe('icon spellings in packs', () => {
  let dir: string;
  const provenance = { seed: '004', section: 'Icon Glossary' };
  const game = { kind: 'game', id: 'demo', name: 'Demo', provenance };
  const rule = (text: string) => ({ kind: 'rule-section', id: 'demo:rule:one', name: 'One', gameId: 'demo', headingPath: ['One'], order: 0, text, provenance });
  const star = { id: 'demo:icon:star', name: 'star icon', provenance, meaning: null, gaps: [{ kind: 'not-given', note: 'not stated' }] };

  function write(text: string, icons?: object): void {
    mkdirSync(join(dir, 'demo'), { recursive: true });
    writeFileSync(join(dir, 'demo', 'pack.json'), JSON.stringify({ id: 'demo', name: 'Demo', version: '1.0.0', seed: '004', description: 'test pack', files: ['items.json'] }));
    writeFileSync(join(dir, 'demo', 'items.json'), JSON.stringify({ items: [game, rule(text)] }));
    if (icons) writeFileSync(join(dir, 'demo', 'icons.json'), JSON.stringify(icons));
  }

  const problemsOf = (): string => {
    try {
      loadContentLibrary(dir, CONTENT_KINDS);
    } catch (error) {
      return (error as ContentValidationError).problems.join('\n');
    }
    throw new Error('expected the packs to be refused');
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scriptbook-icons-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a bracketed spelling that no catalogue maps, naming the item, field and file to fix', () => {
    write('Gain 1 [star icon].');
    expect(problemsOf()).toBe(
      'demo/items.json demo:rule:one at text: [star icon] is not in the demo icon catalogue; map it in icons.json (spellings) or list it under notIcons',
    );
  });

  it('refuses a mapping to an icon the catalogue does not have', () => {
    write('Gain 1 [star icon].', { gameId: 'demo', icons: [star], spellings: [{ spelling: '[star icon]', iconId: 'demo:icon:sun' }] });
    expect(problemsOf()).toContain('demo/icons.json: spelling [star icon] maps to unknown icon demo:icon:sun');
  });

  it('loads mapped spellings and listed non-icons, and hashes the catalogue with the data', () => {
    const catalogue = { gameId: 'demo', icons: [star], spellings: [{ spelling: '[star icon]', iconId: 'demo:icon:star' }], notIcons: [{ text: '[sic]', note: 'a transcriber remark' }] };
    write('Gain 1 [star icon] [sic].', catalogue);
    const first = loadContentLibrary(dir, CONTENT_KINDS);
    expect(first.iconCatalogue('demo').canonicalId('[star icon]')).toBe('demo:icon:star');
    write('Gain 1 [star icon] [sic].', { ...catalogue, icons: [{ ...star, name: 'star' }] });
    expect(loadContentLibrary(dir, CONTENT_KINDS).hash).not.toBe(first.hash);
  });
});
