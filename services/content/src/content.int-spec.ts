import { ContentItem } from '@scriptbook/content';
import { gameContentLibrary } from '@scriptbook/game-host';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { contentApp } from './content.app';

const ITEM = 'id kind name gameId provenance { seed section } gaps { kind field note }';

describe('content subgraph', () => {
  const isolation = new TestIsolation();
  let service: RunningService;
  const query = (text: string, variables: Record<string, unknown> = {}) => graphql(service.url, text, variables);
  const errorOf = async (text: string, variables: Record<string, unknown> = {}) => {
    const response = await query(text, variables);
    expect(response.errors).toHaveLength(1);
    return response.errors![0];
  };

  beforeAll(async () => {
    service = await startService(contentApp, isolation.postgresEnv('content'));
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it('lists games and serves one with its modules, scenarios, decks and maps', async () => {
    const games = await query('{ games { id name } }');
    expect(games.data!.games.map((game: { id: string }) => game.id).sort()).toEqual(['hope-inhumanity', 'stalker-zs', 'twom']);

    const response = await query(`{ game(id: "stalker-zs") { id name
      modules { id } scenarios { id name } decks { id } maps { ... on ZsMap { id number } } dice { id faces faceIconIds } } }`);
    expect(response.errors).toBeUndefined();
    const game = response.data!.game;
    expect(game.scenarios).toHaveLength(10);
    expect(game.maps).toHaveLength(10);
    expect(game.decks.length).toBeGreaterThan(0);
    // The seed never lists the Zone Survival dice's faces, so neither faces nor their icon ids are served.
    expect(game.dice).toContainEqual({ id: 'stalker-zs:die:zone-survival', faces: null, faceIconIds: null });

    const twom = (await query('{ game(id: "twom") { modules { id } scenarios { id } maps { ... on TwomMapSide { side } } dice { id faces faceIconIds } } }')).data!.game;
    const black = twom.dice.find((die: { id: string }) => die.id === 'twom:die:black');
    expect(black.faceIconIds).toEqual(black.faces.map(() => null));
    expect(twom.modules.length).toBe(3);
    expect(twom.scenarios).toHaveLength(5);
    expect(twom.maps).toHaveLength(2);
  });

  it('serves every scenario of the seeds with its structured setup', async () => {
    const scenarioIds = gameContentLibrary()
      .ofKind('twom-scenario')
      .map((s) => s.id)
      .concat(gameContentLibrary().ofKind('zs-scenario').map((s) => s.id));
    for (const id of scenarioIds) {
      const response = await query(
        `query($id: ID!) { scenario(id: $id) { ${ITEM} summary setupSteps { order title lines } victoryConditions defeatConditions
          specialRules { name text }
          ... on TwomScenario { setup { steps { order heading } eventDeck { steps { action count } } startingStock { space items { quantity token } } }
            envelope { letter text } cards { id } }
          ... on ZsScenario { number scenarioType funds unknownTokens { stacks tokensPerStack }
            enemies { byStalkerCount { stalkers groups { count teamTokens } } } loot { tokensPerSlot } eventDeck { size formula { base perStalker } }
            mainObjective { win lose } specialCards { id name } } } }`,
        { id },
      );
      expect(response.errors).toBeUndefined();
      expect(response.data!.scenario.id).toBe(id);
      expect(response.data!.scenario.setupSteps.length).toBeGreaterThan(0);
    }

    const elimination = (await query(`{ scenario(id: "stalker-zs:scenario:elimination") {
      gaps { kind field } ... on ZsScenario { number unknownTokens { stacks tokensPerStack }
      enemies { byStalkerCount { stalkers groups { count } } } } } }`)).data!.scenario;
    expect(elimination.number).toBe(1);
    expect(elimination.unknownTokens).toMatchObject({ stacks: 3, tokensPerStack: 4 });
    expect(elimination.enemies.byStalkerCount.map((entry: { stalkers: number }) => entry.stalkers)).toEqual([1, 2, 3, 4]);
    expect(elimination.gaps).toContainEqual({ kind: 'not-given', field: 'funds' });
  });

  it('pages through cards with filters and serves a legible card', async () => {
    const page = await query('{ cards(filter: { gameId: "stalker-zs", tag: "weather" }, first: 2) { edges { cursor node { id tags } } pageInfo { hasNextPage endCursor } } }');
    expect(page.errors).toBeUndefined();
    for (const edge of page.data!.cards.edges) expect(edge.node.tags.map((tag: string) => tag.toLowerCase())).toContain('weather');

    const all: string[] = [];
    let after: string | null = null;
    do {
      const response: any = await query('query($after: String) { cards(first: 30, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } } }', { after });
      all.push(...response.data.cards.edges.map((edge: { node: { id: string } }) => edge.node.id));
      after = response.data.cards.pageInfo.hasNextPage ? response.data.cards.pageInfo.endCursor : null;
    } while (after);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('twom:card:desperate-measures:hidden-stash');
    expect(all).toContain('stalker-zs:card:special:fire');

    const fire = (await query(`{ card(id: "stalker-zs:card:special:fire") { ${ITEM} deck { id } texts
      ... on ZsCard { randomNumber rules fateTriggers { always byFace { faces text } } } } }`)).data!.card;
    expect(fire.name).toBe('Fire');
    expect(fire.deck.id).toBe('stalker-zs:deck:special');
    expect(fire.fateTriggers.byFace[0]).toEqual({ faces: ['[blue circle icon]'], text: 'Discard 1 chosen Fire token from the Map (if there is any).' });

    const stash = (await query('{ card(id: "twom:card:desperate-measures:hidden-stash") { name texts ... on TwomCard { text copies } } }')).data!.card;
    expect(stash.text).toMatch(/^You have discovered a stash/);

    const byName = (await query('{ cards(filter: { name: "STASH" }) { edges { node { id } } } }')).data!.cards.edges;
    expect(byName.map((edge: { node: { id: string } }) => edge.node.id)).toContain('twom:card:desperate-measures:hidden-stash');
  });

  it('follows a Zone Survival script to its target scripts and cards in one query', async () => {
    const response = await query(`{ script(gameId: "stalker-zs", number: 42) { ${ITEM} number text
      links { type face targetId target { id kind ... on Script { number text } } } } }`);
    expect(response.errors).toBeUndefined();
    const script = response.data!.script;
    expect(script.links).toEqual([
      expect.objectContaining({ type: 'die-face', face: '[blue circle icon]', target: expect.objectContaining({ number: 121 }) }),
      expect.objectContaining({ type: 'die-face', face: '[yellow icon]', target: expect.objectContaining({ number: 99 }) }),
    ]);
    expect(script.links[0].target.text.length).toBeGreaterThan(0);

    const toCard = (await query('{ script(gameId: "stalker-zs", number: 6) { links { type target { id ... on Card { name texts } } } } }')).data!.script;
    expect(toCard.links[0]).toMatchObject({ type: 'card', target: { id: 'stalker-zs:card:setup:dead-body' } });
  });

  it('searches every pack with ranked, highlighted results', async () => {
    const response = await query('{ searchContent(query: "fire", first: 5) { score field item { id kind } snippet { text marked highlights { start end } } } }');
    expect(response.errors).toBeUndefined();
    const hits = response.data!.searchContent;
    expect(hits[0].item.id).toBe('stalker-zs:card:special:fire');
    expect(hits[0].snippet.marked).toContain('«Fire»');
    const scores = hits.map((hit: { score: number }) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);

    for (const [text, gameId] of [['stash', 'twom'], ['hope', 'hope-inhumanity'], ['mutant rat', 'stalker-zs']]) {
      const found = (await query('query($q: String!, $g: ID) { searchContent(query: $q, gameId: $g) { item { gameId } } }', { q: text, g: gameId })).data!.searchContent;
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((hit: { item: { gameId: string } }) => hit.item.gameId === gameId)).toBe(true);
    }
    const prefix = (await query('{ searchContent(query: "blizz", kinds: ["zs-card"]) { item { id } } }')).data!.searchContent;
    expect(prefix.map((hit: { item: { id: string } }) => hit.item.id)).toContain('stalker-zs:card:event:blizzard');
  });

  it('reports the content version for caching', async () => {
    const version = (await query('{ contentVersion { hash itemCount packs { id version seed itemCount } } }')).data!.contentVersion;
    expect(version.hash).toBe(gameContentLibrary().hash);
    expect(version.packs.map((pack: { id: string }) => pack.id)).toEqual(['hope-inhumanity', 'stalker-zs', 'twom-core', 'twom-tactics', 'twom-tales']);
  });

  it('reaches every item of the packs through contentItem, with provenance and gaps', async () => {
    const library = gameContentLibrary();
    const items = library.packs.flatMap((pack) => pack.itemIds).map((id) => library.get(id)!) as ContentItem[];
    const ids = items.map((item) => item.id);
    // As many aliases per request as the subgraph's own limit (MAX_ALIASES) allows.
    for (let i = 0; i < ids.length; i += 15) {
      const chunk = ids.slice(i, i + 15);
      const fields = chunk.map((id, n) => `i${n}: contentItem(id: ${JSON.stringify(id)}) { ${ITEM} }`).join('\n');
      const response = await query(`{ ${fields} }`);
      expect(response.errors).toBeUndefined();
      chunk.forEach((id, n) => expect(response.data![`i${n}`]).toMatchObject({ id, provenance: library.get(id)!.provenance }));
    }
    const rules = (await query('{ ruleSections(gameId: "twom", moduleId: "twom:module:tales-from-the-ruined-city", first: 5) { edges { node { id headingPath order text } } pageInfo { hasNextPage } } }')).data!.ruleSections;
    expect(rules.edges).toHaveLength(5);
    expect(rules.pageInfo.hasNextPage).toBe(true);
    const listed = (await query('{ contentItems(gameId: "twom", kinds: ["roll-table", "twom-track"], first: 100) { edges { node { kind } } } }')).data!.contentItems;
    expect(new Set(listed.edges.map((edge: { node: { kind: string } }) => edge.node.kind))).toEqual(new Set(['roll-table', 'twom-track']));
  });

  it('resolves Game, Scenario and Card entity references in one batch', async () => {
    const response = await query(
      `query($refs: [_Any!]!) { _entities(representations: $refs) { __typename ... on Game { name } ... on Scenario { name } ... on Card { name } } }`,
      {
        refs: [
          { __typename: 'Game', id: 'twom' },
          { __typename: 'Scenario', id: 'twom:scenario:refugees' },
          { __typename: 'ZsScenario', id: 'stalker-zs:scenario:elimination' },
          { __typename: 'Card', id: 'stalker-zs:card:special:fire' },
          { __typename: 'TwomCard', id: 'twom:card:desperate-measures:hidden-stash' },
          { __typename: 'Card', id: 'no:such:card' },
          { __typename: 'ZsHelpCard', id: 'stalker-zs:help-card:game-round-order' },
          { __typename: 'Card', id: 'hope-inhumanity:card-type:scene' },
          { __typename: 'ZsCard', id: 'twom:card:desperate-measures:hidden-stash' },
          { __typename: 'Script', id: 'stalker-zs:script:042' },
        ],
      },
    );
    expect(response.data!._entities.map((entity: { __typename: string } | null) => entity?.__typename ?? null)).toEqual([
      'Game', 'TwomScenario', 'ZsScenario', 'ZsCard', 'TwomCard', null, 'ZsHelpCard', 'HopeCardType', null, 'Script',
    ]);
  });

  it('answers an unknown id with a null field and a NOT_FOUND error at its path, naming the argument', async () => {
    const cases: [string, string, string][] = [
      ['{ game(id: "nope") { id } }', 'game', 'id'],
      ['{ scenario(id: "stalker-zs:card:special:fire") { id } }', 'scenario', 'id'],
      ['{ card(id: "twom:card:nope") { id } }', 'card', 'id'],
      ['{ contentItem(id: "nope") { id } }', 'contentItem', 'id'],
      ['{ script(gameId: "stalker-zs", number: 998) { id } }', 'script', 'number'],
    ];
    for (const [text, root, field] of cases) {
      const response = await query(text);
      expect(response.data).toEqual({ [root]: null });
      expect(response.errors).toHaveLength(1);
      expect(response.errors![0].path).toEqual([root]);
      expect(response.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field, rule: 'exists' });
    }
  });

  it('keeps the rest of an answer when one root field misses', async () => {
    const response = await query(`{ missing: card(id: "twom:card:nope") { id } fire: card(id: "stalker-zs:card:special:fire") { id }
      games { id } }`);
    expect(response.data!.missing).toBeNull();
    expect(response.data!.fire).toEqual({ id: 'stalker-zs:card:special:fire' });
    expect(response.data!.games).toHaveLength(3);
    expect(response.errors!.map((error) => error.path)).toEqual([['missing']]);
  });

  it("serves a game's icon catalogue, die faces by canonical id and texts as segments", async () => {
    const icons = (await query('{ game(id: "stalker-zs") { icons { id spellings meaning meaningSource rolledOn { dieId } gaps { kind } } } }')).data!
      .game.icons as { id: string; spellings: string[]; meaning: string | null; rolledOn: { dieId: string } | null; gaps: unknown[] }[];
    const yellow = icons.find((icon) => icon.id === 'stalker-zs:icon:yellow')!;
    expect(yellow.spellings.sort()).toEqual(['[yellow icon]', '[yellow item icon]']);
    expect(yellow.rolledOn).toEqual({ dieId: 'stalker-zs:die:zone-survival' });
    expect(yellow.meaning).toBeNull();
    expect(yellow.gaps).toEqual([{ kind: 'not-given' }]);
    expect(icons.find((icon) => icon.id === 'stalker-zs:icon:green-v')!.meaning).toMatch(/working or done/);

    const blizzard = (await query(`{ card(id: "stalker-zs:card:event:blizzard") { texts
      textSegments { text segments { kind text iconId icon { id } } }
      ... on ZsCard { fateTriggers { byFace { faces faceIds } } } } }`)).data!.card;
    expect(blizzard.fateTriggers.byFace).toContainEqual({ faces: ['[yellow item icon]'], faceIds: ['stalker-zs:icon:yellow'] });
    expect(blizzard.textSegments.map((printed: { text: string }) => printed.text)).toEqual(blizzard.texts);
    const segments = blizzard.textSegments.flatMap((printed: { segments: unknown[] }) => printed.segments);
    expect(segments).toContainEqual({ kind: 'ICON', text: '[yellow item icon]', iconId: 'stalker-zs:icon:yellow', icon: { id: 'stalker-zs:icon:yellow' } });

    const camp = (await query(`{ flooded: card(id: "stalker-zs:card:setup:flooded-room") { tags ... on ZsCard { tagsKnown } }
      camp: card(id: "stalker-zs:card:setup:abandoned-stalker-camp") { ... on ZsCard { tagsKnown scoreModifier { plus minus basis reasoning } } }
      thicket: card(id: "stalker-zs:card:setup:mysterious-thicket") { ... on ZsCard { scoreModifier { basis reasoning } } } }`)).data!;
    expect(camp.flooded).toEqual({ tags: [], tagsKnown: false });
    expect(camp.camp.scoreModifier).toMatchObject({ plus: 0, minus: 0, basis: 'inferred', reasoning: expect.stringContaining('no icon is read as zero') });
    expect(camp.thicket.scoreModifier).toEqual({ basis: 'printed', reasoning: null });

    const script = (await query(`{ script(gameId: "stalker-zs", number: 42) { text links { faceId }
      segments { kind text iconId targetId target { ... on Script { number } } } } }`)).data!.script;
    expect(script.links).toEqual([{ faceId: 'stalker-zs:icon:blue-circle' }, { faceId: 'stalker-zs:icon:yellow' }]);
    expect(script.segments.map((segment: { text: string }) => segment.text).join('')).toBe(script.text);
    expect(script.segments).toContainEqual({ kind: 'LINK', text: 'Script 121', iconId: null, targetId: 'stalker-zs:script:121', target: { number: 121 } });

    const rules = (await query(`{ contentItem(id: "stalker-zs:rules:zone-survival-events-and-fate-triggers") {
      ... on RuleSection { text segments { kind iconId } } segmentedTexts { field text } } }`)).data!.contentItem;
    expect(rules.segments).toContainEqual({ kind: 'ICON', iconId: 'stalker-zs:icon:fate-roll' });
    expect(rules.segmentedTexts).toContainEqual({ field: 'text', text: rules.text });
  });

  it('answers bad filters and page sizes with BAD_USER_INPUT naming the field and rule', async () => {
    const cases: [string, string, string][] = [
      ['{ cards(filter: { gameId: "chess" }) { edges { cursor } } }', 'filter.gameId', 'known-game'],
      ['{ cards(filter: { name: "  " }) { edges { cursor } } }', 'filter.name', 'min'],
      ['{ cards(filter: { deck: "twom:deck:nope" }) { edges { cursor } } }', 'filter.deck', 'known-deck'],
      ['{ cards(first: 101) { edges { cursor } } }', 'first', 'range'],
      ['{ cards(after: "garbage") { edges { cursor } } }', 'after', 'cursor'],
      ['{ searchContent(query: "fire", kinds: ["spell"]) { score } }', 'kinds', 'known-kind'],
      ['{ searchContent(query: "fire", first: 500) { score } }', 'first', 'range'],
      ['{ searchContent(query: "") { score } }', 'query', 'min'],
      ['{ searchContent(query: "fire", gameId: "chess") { score } }', 'gameId', 'known-game'],
      ['{ script(gameId: "chess", number: 1) { id } }', 'gameId', 'known-game'],
      ['{ ruleSections(gameId: "twom", moduleId: "stalker-zs") { edges { cursor } } }', 'moduleId', 'known-module'],
      ['{ contentItems(kinds: ["spell"]) { edges { cursor } } }', 'kinds', 'known-kind'],
    ];
    for (const [text, field, rule] of cases) {
      const error = await errorOf(text);
      expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT', field, rule });
      expect(JSON.stringify(error)).not.toMatch(/stacktrace/);
    }
  });
});
