import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { FIXTURE_CATALOG, FIXTURE_PACKS_DIR } from '../../../../test/fixtures/fixture-game/fixture-catalog';
import { releaseNamesIn } from '../../../../test/fixtures/fixture-game/release-names';
import { contentService } from '../../src/content-service';

/**
 * A kind described only in the fixture game (`test/fixtures/fixture-game`)
 * is served by the content subgraph: its type derived from its schema, its
 * links, its segments, its Game list, its card interface and its entity,
 * with nothing outside the fixture told. The subgraph hosts the fixture
 * game's kinds alone, beside those every game shares.
 */
describe('a content kind described only in a fixture', () => {
  const isolation = new TestIsolation();
  let service: RunningService;
  const query = async (text: string, variables: Record<string, unknown> = {}) => {
    const response = await graphql(service.url, text, variables);
    expect(response.errors).toBeUndefined();
    return response.data!;
  };

  beforeAll(async () => {
    service = await startService(contentService('content', { kinds: FIXTURE_CATALOG.contentKinds, packsDir: FIXTURE_PACKS_DIR }), isolation.postgresEnv('content'));
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it('is served with the type derived from its schema: described fields, an enum of its values, text for the others', async () => {
    const type = (
      await query(`{ __type(name: "FixtureGadget") { description interfaces { name }
        fields { name description type { kind name ofType { kind name ofType { kind name } } } } } }`)
    ).__type;
    expect(type.description).toBe('A gadget of the fixture game, served as a card.');
    expect(type.interfaces.map((i: { name: string }) => i.name).sort()).toEqual(['Card', 'ContentItem']);
    const field = (name: string) => type.fields.find((candidate: { name: string }) => candidate.name === name);
    expect(field('mood').type.ofType).toMatchObject({ kind: 'ENUM', name: 'FixtureGadgetMood' });
    expect(field('placement').type.ofType).toMatchObject({ kind: 'SCALAR', name: 'String' });
    expect(field('placement').description).toBe('Where the gadget is kept. One of: `top-shelf`, `floor`.');
    expect(field('seeId').type).toMatchObject({ kind: 'SCALAR', name: 'ID' });
    expect(field('see').type).toMatchObject({ kind: 'OBJECT', name: 'FixtureGadget' });
    expect(field('parts').description).toBe('The gadgets it is built from.');
    for (const one of type.fields) expect(one.description).toBeTruthy();
    const mood = (await query('{ __type(name: "FixtureGadgetMood") { enumValues { name description } } }')).__type.enumValues;
    expect(mood).toEqual([
      { name: 'calm', description: 'at rest' },
      { name: 'busy', description: 'at work' },
    ]);
  });

  it('serves its items with their links beside the ids and their texts cut into icons and cited links', async () => {
    const gizmo = (
      await query(`{ contentItem(id: "fixture:gadget:gizmo") { __typename ... on FixtureGadget {
        mood placement text partIds parts { id name } seeId see { id name } deckId deck { id name } cardType texts
        segments { kind text iconId icon { id } targetId target { id } } textSegments { field text } } } }`)
    ).contentItem;
    expect(gizmo).toMatchObject({
      __typename: 'FixtureGadget',
      mood: 'calm',
      placement: 'top-shelf',
      partIds: ['fixture:gadget:widget'],
      parts: [{ id: 'fixture:gadget:widget', name: 'Widget' }],
      seeId: 'fixture:gadget:widget',
      see: { id: 'fixture:gadget:widget', name: 'Widget' },
      deck: { id: 'fixture:deck:shelf', name: 'Shelf' },
      cardType: 'gadget',
      texts: [gizmo.text],
      textSegments: [{ field: 'texts.0', text: gizmo.text }],
    });
    expect(gizmo.segments).toEqual([
      { kind: 'TEXT', text: 'Turn the ', iconId: null, icon: null, targetId: null, target: null },
      { kind: 'ICON', text: '[cog icon]', iconId: 'fixture:icon:cog', icon: { id: 'fixture:icon:cog' }, targetId: null, target: null },
      { kind: 'TEXT', text: ', then see ', iconId: null, icon: null, targetId: null, target: null },
      { kind: 'LINK', text: 'Widget', iconId: null, icon: null, targetId: 'fixture:gadget:widget', target: { id: 'fixture:gadget:widget' } },
      { kind: 'TEXT', text: '.', iconId: null, icon: null, targetId: null, target: null },
    ]);
    const widget = (await query('{ contentItem(id: "fixture:gadget:widget") { ... on FixtureGadget { see { id } deck { id } parts { id } } } }')).contentItem;
    expect(widget).toEqual({ see: null, deck: null, parts: [] });
  });

  it('joins the Game lists it contributes, the Card and Scenario interfaces and the entities the gateway may reference', async () => {
    const game = (await query('{ game(id: "fixture") { gadgets { id } decks { id } } }')).game;
    expect(game).toEqual({ gadgets: [{ id: 'fixture:gadget:gizmo' }, { id: 'fixture:gadget:widget' }], decks: [{ id: 'fixture:deck:shelf' }] });
    const scenarios = (await query('{ game(id: "fixture") { scenarios { __typename id summary } } }')).game.scenarios;
    expect(scenarios).toEqual([
      { __typename: 'FixtureScenario', id: 'fixture:scenario:crossing', summary: 'The crew crosses the river.' },
      { __typename: 'FixtureScenario', id: 'fixture:scenario:harbour', summary: 'The crew waits at the harbour.' },
    ]);
    const cards = (await query('{ cards(first: 10) { edges { node { __typename id } } } }')).cards.edges;
    expect(cards.map((edge: { node: { id: string } }) => edge.node.id)).toEqual(['fixture:gadget:gizmo', 'fixture:gadget:widget']);
    const entities = (
      await query('query($r: [_Any!]!) { _entities(representations: $r) { ... on FixtureGadget { id mood } } }', {
        r: [
          { __typename: 'FixtureGadget', id: 'fixture:gadget:gizmo' },
          { __typename: 'Card', id: 'fixture:gadget:widget' },
        ],
      })
    )._entities;
    expect(entities).toEqual([
      { id: 'fixture:gadget:gizmo', mood: 'calm' },
      { id: 'fixture:gadget:widget', mood: 'busy' },
    ]);
  });

  it('serves the fixture kinds and nothing else: kinds of the release are unknown here', async () => {
    expect((await query('{ __type(name: "ZsCard") { name } }')).__type).toBeNull();
    const response = await graphql(service.url, '{ contentItems(kinds: ["zs-card"]) { edges { cursor } } }');
    expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'kinds', rule: 'known-kind' });
    const listed = (await query('{ contentItems(kinds: ["fixture-gadget"], first: 10) { edges { node { id } } } }')).contentItems.edges;
    expect(listed).toHaveLength(2);
  });

  it('names no game of the release anywhere in its schema, descriptions included', async () => {
    const sdl = (await query('{ _service { sdl } }'))._service.sdl as string;
    expect(sdl).toContain('type FixtureGadget');
    expect(releaseNamesIn(sdl)).toEqual([]);
  });
});
