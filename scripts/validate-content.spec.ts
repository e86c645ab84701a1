import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentReport } from './validate-content';

describe('content:validate', () => {
  let dir: string;
  const provenance = { seed: '004', section: 'Icon Glossary' };

  function writePack(text: string, spellings: object[]): void {
    mkdirSync(join(dir, 'demo'), { recursive: true });
    writeFileSync(join(dir, 'demo', 'pack.json'), JSON.stringify({ id: 'demo', name: 'Demo', version: '1.0.0', seed: '004', description: 'test pack', files: ['items.json'] }));
    const items = [
      { kind: 'game', id: 'demo', name: 'Demo', provenance },
      { kind: 'glossary-entry', id: 'demo:glossary:star', name: 'Star', gameId: 'demo', text, provenance },
    ];
    writeFileSync(join(dir, 'demo', 'items.json'), JSON.stringify({ items }));
    const icon = { id: 'demo:icon:star', name: 'star icon', provenance, meaning: null, gaps: [{ kind: 'not-given', note: 'The seed does not say.' }] };
    writeFileSync(join(dir, 'demo', 'icons.json'), JSON.stringify({ gameId: 'demo', icons: [icon], spellings }));
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scriptbook-validate-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes the shipped packs and counts their icons', () => {
    const report = contentReport();
    expect(report.valid).toBe(true);
    expect(report.text).toMatch(/stalker-zs icons: \d+ icons, \d+ spellings mapped/);
  });

  it('fails on a bracketed spelling with no mapping, saying which item and field', () => {
    writePack('Place a [star icon] and a [moon icon].', [{ spelling: '[star icon]', iconId: 'demo:icon:star' }]);
    const report = contentReport(dir);
    expect(report.valid).toBe(false);
    expect(report.text).toContain('demo/items.json demo:glossary:star at text: [moon icon] is not in the demo icon catalogue');
  });

  it('fails on a mapping to an unknown icon id', () => {
    writePack('Place a [star icon].', [{ spelling: '[star icon]', iconId: 'demo:icon:sun' }]);
    const report = contentReport(dir);
    expect(report.valid).toBe(false);
    expect(report.text).toContain('demo/icons.json: spelling [star icon] maps to unknown icon demo:icon:sun');
  });
});
