import { z } from 'zod';
import { BaseItem, ContentId } from './common';

/** A game system: the thing a campaign or a leaderboard is for. */
export const GameItem = BaseItem.extend({
  kind: z.literal('game'),
  publisher: z.string().optional(),
  designer: z.string().optional(),
  summary: z.string().optional(),
});

/** A box or mode of a game: the core game, an expansion, a play mode. */
export const ModuleItem = BaseItem.extend({
  kind: z.literal('module'),
  gameId: ContentId,
  moduleType: z.enum(['core', 'expansion', 'mode', 'module']),
  parentModuleId: ContentId.optional(),
  summary: z.string().optional(),
});

export type GameItem = z.infer<typeof GameItem>;
export type ModuleItem = z.infer<typeof ModuleItem>;
