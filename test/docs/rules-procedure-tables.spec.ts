import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameContentLibrary } from '@scriptbook/game-host';
import { GameDescriptor, RELEASE_CATALOG } from '@scriptbook/games';
import { AnyProcedureDescriptor, SHARED_GAME_ID } from '@scriptbook/rules-engine';

/**
 * Every procedure of the catalog is documented: it has a section of its own
 * in `docs/rules/` (a heading naming its id), and its game's page, named
 * after the game's id, lists the game's procedures in a table made from the
 * catalog; `docs/rules/README.md` lists them all. A new procedure or game
 * fails here until it is written up and the tables are made again:
 * `WRITE_RULES_DOCS=1 npx jest test/docs/rules-procedure-tables.spec.ts`.
 */
const DOCS = join(__dirname, '..', '..', 'docs', 'rules');
const BEGIN = '<!-- procedures: made from the catalog by test/docs/rules-procedure-tables.spec.ts; do not edit by hand -->';
const END = '<!-- /procedures -->';
const WRITE = process.env.WRITE_RULES_DOCS === '1';

const pages = readdirSync(DOCS).filter((file) => file.endsWith('.md'));
const texts = new Map(pages.map((page) => [page, readFileSync(join(DOCS, page), 'utf8')]));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The section that documents a procedure: a heading that names its id, on any rules page. */
function sectionOf(procedure: AnyProcedureDescriptor): { page: string; anchor: string } | undefined {
  for (const [page, text] of texts) {
    const heading = text.split('\n').find((line) => /^#{2,4} /.test(line) && line.includes(`\`${procedure.id}\``));
    if (heading) return { page, anchor: anchorOf(heading.replace(/^#+ /, '')) };
  }
  return undefined;
}

const moduleNames = (() => {
  const library = gameContentLibrary();
  return (id: string | undefined) => (id ? ((library.get(id) as { name?: string } | undefined)?.name ?? id) : '');
})();

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function link(procedure: AnyProcedureDescriptor, from: string): string {
  const section = sectionOf(procedure);
  if (!section) return 'undocumented';
  return `[${section.page === from ? 'below' : section.page}](${section.page === from ? '' : section.page}#${section.anchor})`;
}

/** The table of one game's procedures, on its own page. */
function gameTable(game: GameDescriptor, page: string): string {
  const modules = game.modules.length > 0;
  const header = ['Query', 'Procedure id', ...(modules ? ['Module'] : []), 'Draws', 'Rules'];
  const lines = game.rules.procedures.map((p) =>
    row([`\`${p.field}\``, `\`${p.id}\``, ...(modules ? [`${moduleNames(p.moduleId)} (\`${p.moduleId}\`)`] : []), p.draws ? 'yes' : 'no', link(p, page)]),
  );
  return [row(header), row(header.map(() => '---')), ...lines].join('\n');
}

/** Every procedure of the catalog, with its game and module, on the README. */
function catalogTable(): string {
  const header = ['Query', 'Procedure id', 'Game', 'Module', 'Draws'];
  const lines = RELEASE_CATALOG.procedures.map((p) =>
    row([`\`${p.field}\``, `\`${p.id}\``, p.gameId === SHARED_GAME_ID ? `every game (\`${SHARED_GAME_ID}\`)` : `\`${p.gameId}\``, moduleNames(p.moduleId), p.draws ? 'yes' : 'no']),
  );
  return [row(header), row(header.map(() => '---')), ...lines].join('\n');
}

/** The page's text with its table block made again; throws when the page has no block to fill. */
function withTable(page: string, table: string): string {
  const text = texts.get(page)!;
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/rules/${page} has no ${BEGIN} … ${END} block for its procedures`);
  return `${text.slice(0, start)}${BEGIN}\n${table}\n${text.slice(end)}`;
}

function expectTable(page: string, table: string): void {
  const wanted = withTable(page, table);
  if (WRITE) writeFileSync(join(DOCS, page), wanted);
  else expect(texts.get(page)).toBe(wanted);
}

describe('the rules docs list every procedure of the catalog', () => {
  it.each(RELEASE_CATALOG.procedures.map((p) => [p.id, p] as const))('%s has a section of its own', (_id, procedure) => {
    expect(sectionOf(procedure)).toBeDefined();
  });

  it.each(RELEASE_CATALOG.games.map((game) => [game.id, game] as const))('docs/rules/%s.md lists its game’s procedures, as the catalog has them', (id, game) => {
    expect(pages).toContain(`${id}.md`);
    expectTable(`${id}.md`, gameTable(game, `${id}.md`));
  });

  it('docs/rules/README.md lists every procedure with its game and module', () => {
    expectTable('README.md', catalogTable());
  });

  it('finds the anchors GitHub makes', () => {
    expect(anchorOf('Setup — `twom.setup`')).toBe('setup--twomsetup');
    expect(anchorOf("Desperate Measures: Wait a Minute! — `twom-tales.wait-a-minute`")).toBe('desperate-measures-wait-a-minute--twom-taleswait-a-minute');
  });
});
