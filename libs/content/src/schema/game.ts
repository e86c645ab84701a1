import { z } from 'zod';
import { describedEnum } from '@scriptbook/schema';
import { pointsAt } from '../kinds/annotations';
import { defineContentKind } from '../kinds/descriptor';
import { IconView } from '../kinds/served-shapes';
import { iconView } from '../views/icon-view';
import { BaseItem, ContentId, GameId } from './common';

/** A game system: the thing a campaign or a leaderboard is for. */
export const GameItem = BaseItem.extend({
  kind: z.literal('game'),
  publisher: z.string().optional().describe('The publisher, as the rulebook names it.'),
  designer: z.string().optional().describe('The designer, as the rulebook names them.'),
  summary: z.string().optional().describe('A short description of the game for catalogues and pickers, in our words: the rulebooks print no such blurb.'),
});

/** A box or mode of a game: the core game, an expansion, a play mode. */
export const ModuleItem = BaseItem.extend({
  kind: z.literal('module'),
  gameId: GameId,
  moduleType: describedEnum('ModuleType', {
    core: 'the core game',
    expansion: 'an expansion of the core game',
    mode: 'a way to play the same box',
    module: 'a part of a box',
  }).describe('What kind of box or mode the module is.'),
  parentModuleId: pointsAt(ContentId).optional().describe('The module this one extends, when it is not the core game.'),
  summary: z.string().optional().describe('A sentence on what the module adds, from the rulebook.'),
});

export type GameItem = z.infer<typeof GameItem>;
export type ModuleItem = z.infer<typeof ModuleItem>;

export const gameKind = defineContentKind({
  schema: GameItem,
  graphqlName: 'Game',
  description: 'A game system of the content packs; its lists hold what the game contains.',
  entity: true,
  viewFields: {
    icons: z
      .array(IconView)
      .describe('The icon catalogue: every printed pictogram under its canonical id, with its spellings; empty for a game that prints none.'),
  },
  view: (item, lookup) => {
    const icons = lookup.icons(item.id);
    return { icons: icons.icons.map((icon) => iconView(icon, icons)) };
  },
});

export const moduleKind = defineContentKind({
  schema: ModuleItem,
  graphqlName: 'GameModule',
  description: 'A box or mode of a game: core, expansion, play mode.',
  gameList: { field: 'modules', description: 'Boxes and modes of the game (core, expansions, play modes).' },
});
