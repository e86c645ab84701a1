import { IconCatalogue } from './icon-catalogue';
import { iconUsageProblems } from './icon-usage';

const provenance = { seed: '004', section: 'Icon Glossary' };
const icon = (id: string) => ({ id, name: id, provenance, meaning: null, gaps: [{ kind: 'not-given' as const, note: 'not stated' }] });
const catalogue = new IconCatalogue(
  'demo',
  [icon('demo:icon:yellow'), icon('demo:icon:purple')],
  [
    { spelling: '[yellow icon]', iconId: 'demo:icon:yellow' },
    { spelling: '[yellow item icon]', iconId: 'demo:icon:yellow' },
    { spelling: '[purple icon]', iconId: 'demo:icon:purple' },
  ],
  [{ text: '[ld]', note: 'restored letters' }],
);
const check = (item: unknown) => iconUsageProblems(item, catalogue, 'demo/items.json demo:x', 'icons.json');

describe('icon usage in an item', () => {
  it('accepts mapped spellings, listed non-icons, and face ids that match their printed face', () => {
    expect(
      check({
        name: 'Sniper Fie[ld]',
        links: [{ face: '[yellow item icon]', faceId: 'demo:icon:yellow' }],
        outcomes: [{ faces: ['[purple icon]', '[yellow icon]'], faceIds: ['demo:icon:purple', 'demo:icon:yellow'], text: 'Roll [yellow icon]' }],
      }),
    ).toEqual([]);
  });

  it('names the item, the field and the fix for an unmapped spelling', () => {
    expect(check({ rules: ['Gain 1 [shovel icon].'] })).toEqual([
      'demo/items.json demo:x at rules.0: [shovel icon] is not in the demo icon catalogue; map it in icons.json (spellings) or list it under notIcons',
    ]);
  });

  it('refuses a face id that is unknown or belongs to another face', () => {
    expect(check({ links: [{ face: '[yellow icon]', faceId: 'demo:icon:red' }], faces: ['[yellow icon]'], faceIds: ['demo:icon:purple'] })).toEqual([
      'demo/items.json demo:x at links.0.faceId: demo:icon:red is not an icon of the demo icon catalogue',
      'demo/items.json demo:x at faceIds.0: demo:icon:purple is not the icon of [yellow icon] (demo:icon:yellow)',
    ]);
  });
});
