import { gameContentLibrary } from '@scriptbook/game-host';
import { segmentText, TextSegment } from './text-segments';

const icons = gameContentLibrary().iconCatalogue('stalker-zs');
const sources = { canonicalIconId: (spelling: string) => icons.canonicalId(spelling) };
const joined = (segments: readonly TextSegment[]) => segments.map((segment) => segment.text).join('');

describe('text segments', () => {
  it('cuts a card text into words and icons named by canonical id', () => {
    const blizzard = gameContentLibrary().getOfKind('zs-card', 'stalker-zs:card:event:blizzard')!;
    const text = blizzard.fateTriggers!.byFace.map((outcome) => `${outcome.faces.join(' ')}: ${outcome.text}`).join('\n');
    const segments = segmentText(text, sources);
    expect(joined(segments)).toBe(text);
    expect(segments).toContainEqual({ kind: 'icon', text: '[yellow item icon]', iconId: 'stalker-zs:icon:yellow' });
    expect(segments[0]).toEqual({ kind: 'icon', text: blizzard.fateTriggers!.byFace[0].faces[0], iconId: expect.stringMatching(/^stalker-zs:icon:/) });
  });

  it("links \"Script 121\" in a script to the script it names", () => {
    const script = gameContentLibrary().getOfKind('zs-script', 'stalker-zs:script:042')!;
    const links = script.links.flatMap((link) => (link.type === 'external' ? [] : [{ target: link.target, scriptNumber: Number(link.target.split(':').pop()) }]));
    const segments = segmentText(script.text, { ...sources, links });
    expect(joined(segments)).toBe(script.text);
    expect(segments).toContainEqual({ kind: 'link', text: 'Script 121', target: 'stalker-zs:script:121' });
    expect(segments).toContainEqual({ kind: 'link', text: 'Script 099', target: 'stalker-zs:script:099' });
    expect(segments).toContainEqual({ kind: 'icon', text: '[die icon]', iconId: 'stalker-zs:icon:die' });
  });

  it('links each number of a list of scripts, and a card by its printed name', () => {
    const segments = segmentText('See Scripts 12 or 14. Find the Dead Body card.', {
      canonicalIconId: () => undefined,
      links: [
        { target: 'g:script:012', scriptNumber: 12 },
        { target: 'g:script:014', scriptNumber: 14 },
        { target: 'g:card:dead-body', name: 'Dead Body' },
      ],
    });
    expect(segments).toEqual([
      { kind: 'text', text: 'See Scripts ' },
      { kind: 'link', text: '12', target: 'g:script:012' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: '14', target: 'g:script:014' },
      { kind: 'text', text: '. Find the ' },
      { kind: 'link', text: 'Dead Body', target: 'g:card:dead-body' },
      { kind: 'text', text: ' card.' },
    ]);
  });

  it('keeps a text without icons or links as one text segment', () => {
    expect(segmentText('Gain 1 Item.', sources)).toEqual([{ kind: 'text', text: 'Gain 1 Item.' }]);
    expect(segmentText('', sources)).toEqual([{ kind: 'text', text: '' }]);
  });
});
