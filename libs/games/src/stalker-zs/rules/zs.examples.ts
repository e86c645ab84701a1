import { DieDefinition } from '@scriptbook/rules-engine';

/**
 * One worked input per procedure, as a caller sends it: ids and choices, the
 * content coming from the packs through `bind`.
 */

/**
 * The seed never lists the Zone Survival die's faces. These are the four faces
 * its scripts branch on, by canonical icon id, used only as an example die;
 * they are not a claim about the printed die.
 */
export const ZS_EXAMPLE_DIE_FACES: readonly string[] = [
  'stalker-zs:icon:blue-circle',
  'stalker-zs:icon:yellow',
  'stalker-zs:icon:purple',
  'stalker-zs:icon:red-cross',
];

export const ZS_EXAMPLE_DIE: DieDefinition = { id: 'stalker-zs:die:zone-survival', name: 'Die [die icon]', faces: ZS_EXAMPLE_DIE_FACES };

export const zsExamples = {
  'stalker-zs.scenario-randomizer': {},
  'stalker-zs.setup': { scenarioId: 'stalker-zs:scenario:recon-in-force', stalkerCount: 3 },
  'stalker-zs.fate-triggers': {
    cardIds: [
      'stalker-zs:card:setup:abandoned-stalker-camp',
      'stalker-zs:card:setup:mysterious-thicket',
      'stalker-zs:card:event:blizzard',
      'stalker-zs:card:special:fire',
    ],
    unknownStacks: 3,
    dieFaces: [...ZS_EXAMPLE_DIE_FACES],
  },
  'stalker-zs.script-step': { scriptId: 'stalker-zs:script:145', roll: true, dieFaces: [...ZS_EXAMPLE_DIE_FACES] },
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
} as const;
