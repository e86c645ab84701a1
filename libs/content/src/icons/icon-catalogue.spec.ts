import { gameContentLibrary } from '@scriptbook/game-host';
import { IconCatalogue, catalogueProblems } from './icon-catalogue';
import { bracketedSpans } from './bracketed-spans';

describe('the Zone Survival icon catalogue', () => {
  const icons = gameContentLibrary().iconCatalogue('stalker-zs');

  it('maps the two spellings of the yellow die face onto one id', () => {
    expect(gameContentLibrary().iconCatalogue('stalker-zs').canonicalId('[yellow icon]')).toBe('stalker-zs:icon:yellow');
    expect(gameContentLibrary().iconCatalogue('stalker-zs').canonicalId('[yellow item icon]')).toBe('stalker-zs:icon:yellow');
    expect(icons.spellingsOf('stalker-zs:icon:yellow').sort()).toEqual(['[yellow icon]', '[yellow item icon]']);
  });

  it('names the die results the seed prints after "Roll the [die icon]" by canonical id', () => {
    const rolled = icons.icons.filter((icon) => icon.rolledOn?.dieId === 'stalker-zs:die:zone-survival').map((icon) => icon.id);
    expect(rolled).toEqual(expect.arrayContaining(['stalker-zs:icon:blue-circle', 'stalker-zs:icon:yellow', 'stalker-zs:icon:purple', 'stalker-zs:icon:red-cross']));
  });

  it('states a meaning only where the Icon Glossary or another seed line gives one, and a gap otherwise', () => {
    // Seed 004, Icon Glossary: "On [green V icon] – Token placed to mark that something is working or done."
    expect(icons.icon('stalker-zs:icon:green-v')!.meaningSource).toContain('Token placed to mark that something is working or done');
    const shovel = icons.icon('stalker-zs:icon:shovel')!;
    expect(shovel.meaning).toBeNull();
    expect(shovel.gaps).toEqual([expect.objectContaining({ kind: 'not-given' })]);
    for (const icon of icons.icons) expect(icon.meaning !== null || icon.gaps.length > 0).toBe(true);
  });

  it('answers nothing for a spelling it does not know and an empty catalogue for a game without icons', () => {
    expect(gameContentLibrary().iconCatalogue('stalker-zs').canonicalId('[no such icon]')).toBeUndefined();
    expect(gameContentLibrary().iconCatalogue('twom').icons).toEqual([]);
  });
});

describe('catalogue checks', () => {
  const provenance = { seed: '004', section: 'Icon Glossary' };
  const icon = { id: 'demo:icon:star', name: 'star icon', provenance, meaning: null, gaps: [{ kind: 'not-given' as const, note: 'not stated' }] };

  it('refuses a spelling mapped to an unknown icon, a spelling mapped twice and an icon with neither meaning nor gap', () => {
    const problems = catalogueProblems(
      {
        gameId: 'demo',
        icons: [icon, { ...icon, id: 'demo:icon:moon', gaps: [] }],
        spellings: [
          { spelling: '[star icon]', iconId: 'demo:icon:star' },
          { spelling: '[star icon]', iconId: 'demo:icon:star' },
          { spelling: '[sun icon]', iconId: 'demo:icon:sun' },
          { spelling: '[moon icon]', iconId: 'demo:icon:moon' },
        ],
        notIcons: [],
      },
      'demo/icons.json',
    );
    expect(problems).toEqual([
      'demo/icons.json: icon demo:icon:moon has no meaning and no gap saying the rulebook does not give one',
      'demo/icons.json: spelling [star icon] is mapped twice',
      'demo/icons.json: spelling [sun icon] maps to unknown icon demo:icon:sun',
    ]);
  });

  it('finds bracketed spans with their offsets', () => {
    expect(bracketedSpans('Roll the [die icon]: [red cross icon]')).toEqual([
      { text: '[die icon]', start: 9, end: 19 },
      { text: '[red cross icon]', start: 21, end: 37 },
    ]);
    expect(new IconCatalogue('demo', [icon], []).canonicalId('[star icon]')).toBeUndefined();
  });
});
