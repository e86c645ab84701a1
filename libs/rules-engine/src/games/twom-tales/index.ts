import { GameProcedure } from '../twom/game-procedure';
import { rollCat } from './cat';
import { lukaDawn, refugeesCoverRoll, refugeesDawn, sideBySideDawn } from './dawn';
import { desperatePeople } from './desperate-people';
import { jokesAndHopes, stuffOfNightmares, throughTheWindow, waitAMinute } from './desperate-measures';
import { emiraSpirit } from './emira';
import { setupIncident } from './incident-setup';
import { visitMarket } from './market';
import { sewersExit, sewersThugsEnter, sewersThugsForfeit } from './sewers';
import { TWOM_TALES_GAME_ID } from './twom-tales.rules-data';

export * from './cat';
export * from './characters';
export * from './dawn';
export * from './desperate-measures';
export * from './desperate-people';
export * from './emira';
export * from './incident-setup';
export * from './incidents.rules-data';
export * from './market';
export * from './sewers';
export * from './twom-tales.rules-data';

const g = TWOM_TALES_GAME_ID;

export const twomTalesProcedures: readonly GameProcedure[] = [
  { id: 'twom-tales.incident-setup', gameId: g, description: 'Setup and Events deck of an Incident Scenario (Blood in the Snow, Refugees, Epidemic, Side By Side, You and Me)', run: setupIncident },
  { id: 'twom-tales.cat', gameId: g, description: "The Cat's daily Black-die roll", run: rollCat },
  { id: 'twom-tales.wait-a-minute', gameId: g, description: 'Desperate Measures "Wait a Minute!": one Character’s Empathy against the Black die', run: waitAMinute },
  { id: 'twom-tales.stuff-of-nightmares', gameId: g, description: 'Desperate Measures "Stuff of Nightmares": no Night Raid card; Misery for Empathy at or above the roll', run: stuffOfNightmares },
  { id: 'twom-tales.jokes-and-hopes', gameId: g, description: 'Desperate Measures "Jokes and Hopes": Misery −2 or +1 per Character by Empathy', run: jokesAndHopes },
  { id: 'twom-tales.through-the-window', gameId: g, description: 'Desperate Measures "Through the Window!": 1-3 means 2 Wounds', run: throughTheWindow },
  { id: 'twom-tales.luka-dawn', gameId: g, description: "Blood in the Snow Dawn card: Luka's roll and Condition", run: lukaDawn },
  { id: 'twom-tales.refugees-dawn', gameId: g, description: "Refugees Dawn card: cold roll, Cover roll and the Refugees' Condition", run: refugeesDawn },
  { id: 'twom-tales.refugees-cover-roll', gameId: g, description: 'Refugees cards: the Cover roll', run: refugeesCoverRoll },
  { id: 'twom-tales.side-by-side-dawn', gameId: g, description: "Side By Side Dawn card: Neighbours' Needs and Vladimir", run: sideBySideDawn },
  { id: 'twom-tales.emira-spirit', gameId: g, description: "Emira's Habit and Spirit lines", run: emiraSpirit },
  { id: 'twom-tales.sewers-exit', gameId: g, description: 'Sewers: the exit roll to a Near, Distant or Far Location', run: sewersExit },
  { id: 'twom-tales.sewers-thugs-enter', gameId: g, description: 'Sewers optional rule: Thugs and Threat on entering', run: sewersThugsEnter },
  { id: 'twom-tales.sewers-thugs-forfeit', gameId: g, description: 'Sewers optional rule: rolls against the Threat on forfeiting', run: sewersThugsForfeit },
  { id: 'twom-tales.desperate-people', gameId: g, description: 'Farmers: how many Desperate People, and whether Combat begins', run: desperatePeople },
  { id: 'twom-tales.market-visit', gameId: g, description: 'Market: discard, draw Wares, TRADE / LOOT / STEAL and the Tolerance track', run: visitMarket },
];
