import { readFileSync } from 'node:fs';
import { gameContentLibrary } from '@scriptbook/game-host';
import { RunningService, startService } from '@scriptbook/platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { contentApp } from '../content.app';
import { SERVED_CONTENT_FIXTURE, UNLIMITED_QUERIES } from '../testing/capture-served-content';
import { asker, entityQuery, ServedContent, servedContent } from '../testing/served-content';

/**
 * The fixture holds what the subgraph answered for every item of every
 * pack, with a selection of every field of every content type, before the
 * content kinds were derived from their zod schemas. Whatever changes in how
 * the types are made, a client must read exactly the same answers.
 */
const before = JSON.parse(readFileSync(SERVED_CONTENT_FIXTURE, 'utf8')) as ServedContent;

describe('what the content subgraph serves', () => {
  const isolation = new TestIsolation();
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(contentApp, isolation.postgresEnv('content', UNLIMITED_QUERIES));
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it('is the content the fixture was taken from', () => {
    // A pack edit changes the answers on purpose: take the fixture again (capture-served-content.ts) before the change under test.
    expect(gameContentLibrary().hash).toBe(before.contentHash);
  });

  it('answers every field of every item as it did before', async () => {
    const now = await servedContent(service.url, before.selections);
    expect(Object.keys(now.answers).sort()).toEqual(Object.keys(before.answers).sort());
    const changed = Object.keys(before.answers).filter((id) => JSON.stringify(now.answers[id]) !== JSON.stringify(before.answers[id]));
    expect(changed).toEqual([]);
  });

  it('resolves every entity reference, by its own type and by each entity interface, to the same answer', async () => {
    const ask = asker(service.url);
    const sdl = (await ask('{ _service { sdl } }'))._service.sdl as string;
    const entityInterfaces = [...sdl.matchAll(/^interface (\w+)[^{]*@key\(/gm)].map((match) => match[1]);
    const entityTypes = new Set(((await ask('{ __type(name: "_Entity") { possibleTypes { name } } }')).__type.possibleTypes as { name: string }[]).map((type) => type.name));
    expect(entityInterfaces.length).toBeGreaterThan(0);
    const referencedAs = new Map<string, string[]>();
    for (const type of Object.keys(before.selections)) {
      const implemented = ((await ask(`{ __type(name: "${type}") { interfaces { name } } }`)).__type.interfaces as { name: string }[]).map((i) => i.name);
      referencedAs.set(type, [...(entityTypes.has(type) ? [type] : []), ...implemented.filter((name) => entityInterfaces.includes(name))]);
    }
    let resolved = 0;
    for (const [id, answer] of Object.entries(before.answers) as [string, { __typename: string }][]) {
      const type = answer.__typename;
      for (const typename of referencedAs.get(type)!) {
        const entities = (await ask(entityQuery(type, before.selections[type]), { representations: [{ __typename: typename, id }] }))._entities;
        expect({ id, typename, entity: entities[0] }).toEqual({ id, typename, entity: answer });
        resolved++;
      }
    }
    expect(resolved).toBeGreaterThan(0);
  });
});
