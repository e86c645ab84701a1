import { hopeInhumanityExamples } from './games/hope-inhumanity/hope-inhumanity.examples';
import { zsExamples } from './games/stalker-zs/zs.examples';
import { twomTacticsExamples } from './games/twom-tactics/twom-tactics.examples';
import { twomTalesExamples } from './games/twom-tales/twom-tales.examples';
import { twomExamples } from './games/twom/twom.examples';

/**
 * One worked input per procedure id, valid as a caller sends it (to the
 * engine or to the rules subgraph), so every test that runs "each procedure"
 * runs the same inputs. A game adds its examples file here beside its
 * registry line; the continuation test fails for a drawing procedure without one.
 */
export const WORKED_EXAMPLES: Readonly<Record<string, unknown>> = {
  'dice.roll': { die: 'black-d10', count: 3 },
  ...twomExamples,
  ...twomTalesExamples,
  ...twomTacticsExamples,
  ...hopeInhumanityExamples,
  ...zsExamples,
};
