import { HopeCardType, TwomCard, ZsHelpCard } from '../cards/card-kinds.model';
import { ZsCard } from '../cards/zs-card.model';
import { Game } from '../games/game.model';
import { TwomScenario } from '../scenarios/twom-scenario.model';
import { ZsScenario } from '../scenarios/zs-scenario.model';
import { Script } from '../scripts/script.model';
import { HOPE_KIND_TYPES } from './hope-kinds.model';
import { SHARED_KIND_TYPES } from './shared-kinds.model';
import { TWOM_KIND_TYPES } from './twom-kinds.model';
import { ZS_KIND_TYPES } from './zs-kinds.model';

/**
 * Every object type that serves a content kind. Many are reachable only
 * through an interface (`contentItem(id)`), so the schema must be told of them.
 */
export const CONTENT_ITEM_TYPES = [
  Game,
  ...SHARED_KIND_TYPES,
  TwomScenario,
  ZsScenario,
  TwomCard,
  ZsCard,
  HopeCardType,
  ZsHelpCard,
  Script,
  ...TWOM_KIND_TYPES,
  ...HOPE_KIND_TYPES,
  ...ZS_KIND_TYPES,
];
