import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PACKS_DIR, loadContentLibrary } from '@scriptbook/content';
import { gameContentLibrary } from '@scriptbook/game-host';
import { CONTENT_KINDS } from '@scriptbook/games';
import { EDITORIAL_FIELDS } from './editorial-fields';
import { unprintedNumbers } from './printed-numbers';
import { editorialEntry, packStrings, unprinted } from './printed-strings';
import { rulesDataStrings } from './rules-data-strings';
import { isPrinted, loadSeeds, normaliseSeed } from './seed-text';

/**
 * The content audit: every string the platform serves as printed (pack
 * items, rules data, and through them transcripts' row texts and campaign
 * setup notes) is in a rulebook word for word, and every number a pack
 * serves is printed in the passage its item was transcribed from. What is
 * the platform's own wording is declared in `editorial-fields.ts`, so a new
 * string is audited by default. See docs/content.md, "Printed, inferred and
 * editorial".
 */
const seeds = loadSeeds();
const library = gameContentLibrary();
const describeUnprinted = (list: readonly { source: string; field: string }[]) => list.map((s) => `${s.source} ${s.field}`);

describe('the content audit', () => {
  it('finds every pack string served as printed in a rulebook, word for word', () => {
    const strings = packStrings(library);
    expect(strings.length).toBeGreaterThan(2000);
    expect(describeUnprinted(unprinted(seeds, strings))).toEqual([]);
  });

  it('finds every rules-data string (die-table rows, Incident setup notes, card lines) in a rulebook, word for word', () => {
    const strings = rulesDataStrings();
    expect(strings.some((s) => s.source === 'incidents.rules-data#INCIDENTS' && s.field.includes('notes'))).toBe(true);
    expect(describeUnprinted(unprinted(seeds, strings))).toEqual([]);
  });

  it('ties every number a pack serves to a passage of the seed its item was transcribed from', () => {
    expect(unprintedNumbers(seeds, library).map((n) => `${n.source} ${n.field} = ${n.value}`)).toEqual([]);
    for (const scenario of library.ofKind('zs-scenario') as unknown as { id: string; unknownTokens: { stacks: number | null; tokensPerStack: number | null; total: number | null } | null }[]) {
      const tokens = scenario.unknownTokens;
      if (tokens?.stacks != null && tokens.tokensPerStack != null) expect({ id: scenario.id, total: tokens.total }).toEqual({ id: scenario.id, total: tokens.stacks * tokens.tokensPerStack });
    }
  });

  it('declares no editorial field that covers nothing, so the list cannot hide a field that was renamed', () => {
    const items = library.packs.flatMap((pack) => pack.itemIds.map((id) => library.get(id)!));
    const used = new Set(packStrings(library).map((s) => editorialEntry(library.get(s.source)!.kind, s.field)).filter((e) => e !== undefined));
    expect(EDITORIAL_FIELDS.filter((entry) => !used.has(entry)).map((e) => `${e.kind} ${e.field}`)).toEqual([]);
    expect(items.length).toBe(library.size);
  });

  it('reads the seeds as printed, typography aside: typographic quotes and dashes, whitespace and words hyphenated across a line', () => {
    expect(normaliseSeed('“Wait a Minute!” – a re-\nsult')).toBe('"Wait a Minute!" - a result');
    expect(isPrinted(seeds, 'Result = 1-3 - unmark that Enemy.')).toBe(true);
    expect(isPrinted(seeds, 'result = 1-3 - unmark that Enemy.')).toBe(false);
    expect(isPrinted(seeds, 'Result = 1-3 - unmark that enemy at once.')).toBe(false);
  });
});

describe('the content audit on a copy of the packs with planted strings', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'content-audit-'));
    cpSync(DEFAULT_PACKS_DIR, dir, { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails on a card text and a number no rulebook prints, and on nothing else', () => {
    const file = join(dir, 'twom-tales', 'cards.json');
    const pack = JSON.parse(readFileSync(file, 'utf8')) as { items: { kind: string; id: string; text?: string; copies?: number }[] };
    const card = pack.items.find((item) => item.kind === 'twom-card' && typeof item.text === 'string' && typeof item.copies === 'number')!;
    card.text = `${card.text}\nRoll the Black die. Result = 1-4 – gain 3 Wood.`;
    card.copies = 97;
    writeFileSync(file, JSON.stringify(pack));
    const planted = loadContentLibrary(dir, CONTENT_KINDS);

    expect(describeUnprinted(unprinted(seeds, packStrings(planted)))).toEqual([`${card.id} text`]);
    expect(unprintedNumbers(seeds, planted).map((n) => `${n.source} ${n.field} = ${n.value}`)).toEqual([`${card.id} copies = 97`]);
  });

  it('fails on a rules-data row served as printed that no rulebook prints, and passes the same text as an inferred row', () => {
    const planted = { 'planted.rules-data': { TABLE: [{ from: 4, to: 10, outcome: false, text: 'the Enemy stays marked' }], INFERRED: [{ from: 4, to: 10, outcome: false, text: 'the Enemy stays marked', inference: 'Seed 002 prints only "Result = 1-3 – unmark that Enemy."' }] } };
    expect(describeUnprinted(unprinted(seeds, rulesDataStrings(planted)))).toEqual(['planted.rules-data#TABLE 0.text']);
  });

  it('fails on reasoning that quotes words no rulebook prints', () => {
    const planted = { 'planted.rules-data': { PLANTED_REASONING: 'Seed 002 says "roll twice and keep the best" here.' } };
    expect(describeUnprinted(unprinted(seeds, rulesDataStrings(planted)))).toEqual(['planted.rules-data#PLANTED_REASONING ']);
  });
});
