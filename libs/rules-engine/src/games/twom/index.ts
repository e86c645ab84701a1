import { GameProcedure } from './game-procedure';
import { checkCarryingCapacity } from './carry';
import { resolveDusk } from './dusk';
import { buildTwomEventDeck } from './event-deck';
import { assignNight } from './night';
import { resolveNightRaid } from './night-raid';
import { pickLock } from './pick-lock';
import { prepareUnknownDeck, rollForNoise } from './scavenge';
import { twomSetup } from './setup';
import { TWOM_GAME_ID } from './twom.rules-data';

export * from './black-die';
export * from './carry';
export * from './dusk';
export * from './event-deck';
export * from './game-procedure';
export * from './night';
export * from './night-raid';
export * from './pick-lock';
export * from './scavenge';
export * from './setup';
export * from './twom.rules-data';

export const twomProcedures: readonly GameProcedure[] = [
  { id: 'twom.setup', gameId: TWOM_GAME_ID, description: 'Setup: random Leader, 1 red- and 2 black-bordered Characters, 3 Locations, starting Stockpile', run: twomSetup },
  { id: 'twom.event-deck', gameId: TWOM_GAME_ID, description: 'Build the Event deck: 3 Final Events, Chapter III, 4 Events, Chapter II, 3 Events, Chapter I', run: buildTwomEventDeck },
  { id: 'twom.pick-lock', gameId: TWOM_GAME_ID, description: 'Pick the Lock of a Locked Door with the Black die', run: pickLock },
  { id: 'twom.dusk', gameId: TWOM_GAME_ID, description: 'Dusk: Water and food per Character, with the Black-die roll for those without Water', run: resolveDusk },
  { id: 'twom.night-assignment', gameId: TWOM_GAME_ID, description: 'Night: check beds, guards and scavengers and apply Tiredness', run: assignNight },
  { id: 'twom.scavenge-unknown-deck', gameId: TWOM_GAME_ID, description: 'Scavenge: set Noise to 1 and deal the Unknown deck for the chosen Location', run: prepareUnknownDeck },
  { id: 'twom.noise-roll', gameId: TWOM_GAME_ID, description: 'Scavenge: roll for Noise and draw a Residents card on an encounter', run: rollForNoise },
  { id: 'twom.carrying-capacity', gameId: TWOM_GAME_ID, description: 'Loot Choice: compare the loot weight with the group’s Inventory', run: checkCarryingCapacity },
  { id: 'twom.night-raid', gameId: TWOM_GAME_ID, description: 'Night Raid: Loss and Wounds minus guard Combat dice and Barricade Boards', run: resolveNightRaid },
];
