import { hopeInhumanityExamples } from '@scriptbook/rules-engine/games/hope-inhumanity/hope-inhumanity.examples';
import { twomTacticsExamples } from '@scriptbook/rules-engine/games/twom-tactics/twom-tactics.examples';
import { twomTalesExamples } from '@scriptbook/rules-engine/games/twom-tales/twom-tales.examples';
import { twomExamples } from '@scriptbook/rules-engine/games/twom/twom.examples';

/** The engine's worked input per procedure id. */
export const ENGINE_EXAMPLES: Readonly<Record<string, unknown>> = {
  'dice.roll': { die: 'black-d10', count: 3 },
  ...twomExamples,
  ...twomTalesExamples,
  ...twomTacticsExamples,
  ...hopeInhumanityExamples,
};

const ZS_DIE_FACES = ['[blue circle icon]', '[yellow icon]', '[purple icon]', '[red cross icon]'];

/**
 * What a caller sends for the Zone Survival procedures: the ids and choices
 * behind the engine's worked examples. The die faces are the engine
 * example's labels; the seed prints none.
 */
export const ZONE_SURVIVAL_REQUESTS: Readonly<Record<string, Record<string, unknown>>> = {
  'stalker-zs.scenario-randomizer': { mapId: 'stalker-zs:map:3' },
  'stalker-zs.setup': { scenarioId: 'stalker-zs:scenario:recon-in-force', stalkerCount: 3 },
  'stalker-zs.fate-triggers': {
    cardIds: [
      'stalker-zs:card:setup:abandoned-stalker-camp',
      'stalker-zs:card:setup:mysterious-thicket',
      'stalker-zs:card:event:blizzard',
      'stalker-zs:card:special:fire',
    ],
    unknownStacks: 3,
    dieFaces: ZS_DIE_FACES,
  },
  'stalker-zs.script-step': { scriptId: 'stalker-zs:script:145', roll: true, dieFaces: ZS_DIE_FACES },
  'stalker-zs.score': {
    scenarioId: 'stalker-zs:scenario:gather-supplies',
    stalkerCount: 2,
    collectedValue: 21_500,
    requests: [{ cardId: 'stalker-zs:card:setup:mysterious-thicket', met: true }],
    cardIds: [
      'stalker-zs:card:setup:abandoned-stalker-camp',
      'stalker-zs:card:setup:mysterious-thicket',
      'stalker-zs:card:event:blizzard',
      'stalker-zs:card:event:critical-shot',
    ],
  },
};
