import * as fs from 'fs';
import * as path from 'path';
import { zoneSurvivalProcedures } from '.';
import { zsExamples } from './zs.examples';
import { zsRunner } from './zs.spec-fixtures';
import { loadZsPack, ZS_PACK_DIR } from '../testing/zs-test-pack';

/**
 * Golden resolutions: one per procedure, with the example input and the seed
 * "golden:<procedure id>". Any change to a rule, a transcript line or the
 * order of draws shows up here. The setup's values changed when Step 3 began
 * drawing from the box's 55 cards rather than the 10 the seed prints; the
 * other four kept theirs, with faces now named by canonical icon id.
 */

const items = loadZsPack((file) => fs.readFileSync(path.join(__dirname, ZS_PACK_DIR, file), 'utf8'));
const run = zsRunner(items);

function golden(id: keyof typeof zsExamples) {
  const procedure = zoneSurvivalProcedures.find((p) => p.id === id)!;
  return run(procedure, zsExamples[id], `golden:${id}`);
}

describe('stalker-zs golden resolutions', () => {
  it('has a golden example for every procedure', () => {
    expect(zoneSurvivalProcedures.map((p) => p.id).sort()).toEqual(Object.keys(zsExamples).sort());
  });

  it('stalker-zs.scenario-randomizer', () => {
    expect(golden('stalker-zs.scenario-randomizer')).toEqual({
  "result": {
    "scenario": {
      "id": "stalker-zs:scenario:escape",
      "name": "Escape",
      "number": 8
    },
    "map": {
      "id": "stalker-zs:map:7",
      "name": "Meadow Village",
      "number": 7
    },
    "scenarioChosenBy": "random",
    "mapChosenBy": "random"
  },
  "transcript": [
    {
      "text": "Drew a random Scenario among 10: 8 (Escape)",
      "value": 8,
      "detail": {
        "id": "stalker-zs:scenario:escape"
      }
    },
    {
      "text": "Drew a random Map among 10: 7 (Meadow Village)",
      "value": 7,
      "detail": {
        "id": "stalker-zs:map:7"
      }
    },
    {
      "text": "Play Escape on Meadow Village"
    }
  ],
  "seed": "golden:stalker-zs.scenario-randomizer",
  "rngState": {
    "s0": 0.0028435587882995605,
    "s1": 0.7007254487834871,
    "s2": 0.6064361419994384,
    "c": 1277582
  }
});
  });

  it('stalker-zs.setup', () => {
    expect(golden('stalker-zs.setup')).toEqual({
  "result": {
    "scenario": {
      "id": "stalker-zs:scenario:recon-in-force",
      "name": "Recon in Force",
      "number": 2
    },
    "stalkerCount": 3,
    "specialCardIds": [
      "stalker-zs:card:special:hidden-enemies"
    ],
    "placements": [],
    "setupDeck": {
      "size": 55,
      "inPack": 10,
      "notInPack": 45
    },
    "setupCards": [
      {
        "slot": 1,
        "card": null,
        "note": "A Setup card the seed does not print: draw one at the table from the Setup deck without the cards this setup names, then check that it repeats no tag of the others (if it does, discard it and draw again)."
      },
      {
        "slot": 2,
        "card": null,
        "note": "A Setup card the seed does not print: draw one at the table from the Setup deck without the cards this setup names, then check that it repeats no tag of the others (if it does, discard it and draw again)."
      },
      {
        "slot": 3,
        "card": null,
        "note": "A Setup card the seed does not print: draw one at the table from the Setup deck without the cards this setup names, then check that it repeats no tag of the others (if it does, discard it and draw again)."
      },
      {
        "slot": 4,
        "card": {
          "id": "stalker-zs:card:setup:abandoned-stalker-camp",
          "name": "Abandoned Stalker Camp",
          "tags": [
            "This Room"
          ],
          "tagsKnown": true
        },
        "note": null
      }
    ],
    "setupDiscards": [],
    "unknownTokens": {
      "stacks": null,
      "tokensPerStack": null,
      "total": 17,
      "removeFromPool": null,
      "text": "Place 1 random [Unknown token icon] in each [Unknown token slot icon] slot, 1 in each Dense & Scattered Enemy slot, and 1 in each Spawn Point slot. So you should place a total of 17 [Unknown token icon] on the Map."
    },
    "enemies": {
      "cards": [
        {
          "faction": "Mutant",
          "icon": "[Enemy type icon]"
        },
        {
          "faction": "Mutant",
          "icon": "[Enemy type icon]"
        }
      ],
      "placeFrom": "Scattered slots",
      "groups": [
        {
          "count": 0,
          "teamTokens": [
            "[yellow 1 team token]"
          ],
          "text": "0 Enemies [yellow 1 team token]"
        },
        {
          "count": 4,
          "teamTokens": [
            "[blue 1 team token]"
          ],
          "text": "4 Enemies [blue 1 team token]"
        }
      ],
      "standees": 4,
      "bossStartsInBossSlot": false
    },
    "loot": {
      "tokensPerSlot": 2,
      "extraTokens": null
    },
    "eventDeck": {
      "size": 8,
      "cards": null
    },
    "funds": null,
    "stalkerEntrance": null,
    "valueTarget": null,
    "checks": [
      "Step 3, Setup card 1: A Setup card the seed does not print: draw one at the table from the Setup deck without the cards this setup names, then check that it repeats no tag of the others (if it does, discard it and draw again).",
      "Step 3, Setup card 2: A Setup card the seed does not print: draw one at the table from the Setup deck without the cards this setup names, then check that it repeats no tag of the others (if it does, discard it and draw again).",
      "Step 3, Setup card 3: A Setup card the seed does not print: draw one at the table from the Setup deck without the cards this setup names, then check that it repeats no tag of the others (if it does, discard it and draw again).",
      "Step 7: draw 8 random cards from the Zone Survival Event deck"
    ],
    "gaps": [
      {
        "field": "anomaly",
        "note": "Step 4 draws one Anomaly card from the core game Anomaly deck, which this rulebook does not contain; draw it at the table."
      },
      {
        "field": "funds",
        "note": "Step 8 of the setup says \"Available funds for equipment purchase for the entire team can always be found in a given Scenario in Step 8\", but this Scenario's printed setup list has no Step 8."
      },
      {
        "field": "stalkerEntrance",
        "note": "Step 9 of the setup says \"In Step 9, you find your starting point in a given Scenario\", but this Scenario's printed setup list has no Step 9."
      },
      {
        "field": "setupDeck",
        "note": "The box has 55 Setup cards; the seed prints or names 10, so 45 are not in the content and a draw that lands on one is left to the table."
      },
      {
        "field": "setupCards.tags",
        "note": "8 of the Setup cards the content holds have tags the seed does not print; they are unknown, not absent."
      }
    ]
  },
  "transcript": [
    {
      "text": "Scenario 2: Recon in Force, 3 Stalkers"
    },
    {
      "text": "Step 2: find and place stalker-zs:card:special:hidden-enemies",
      "detail": {
        "specialCardIds": [
          "stalker-zs:card:special:hidden-enemies"
        ]
      }
    },
    {
      "text": "Shuffled the Setup deck (55 cards)",
      "detail": {
        "operation": "shuffle",
        "size": 55
      }
    },
    {
      "text": "Setup card 1: a card the seed does not print (drawn at the table)",
      "detail": {
        "cardId": null
      }
    },
    {
      "text": "Setup card 2: a card the seed does not print (drawn at the table)",
      "detail": {
        "cardId": null
      }
    },
    {
      "text": "Setup card 3: a card the seed does not print (drawn at the table)",
      "detail": {
        "cardId": null
      }
    },
    {
      "text": "Setup card 4: Abandoned Stalker Camp",
      "detail": {
        "cardId": "stalker-zs:card:setup:abandoned-stalker-camp"
      }
    },
    {
      "text": "Step 4 draws one Anomaly card from the core game Anomaly deck, which this rulebook does not contain; draw it at the table."
    },
    {
      "text": "Step 5: Place 1 random [Unknown token icon] in each [Unknown token slot icon] slot, 1 in each Dense & Scattered Enemy slot, and 1 in each Spawn Point slot. So you should place a total of 17 [Unknown token icon] on the Map."
    },
    {
      "text": "Step 5: draw Enemy cards (1 Mutant, 1 Mutant); 3 Stalkers: 0 × [yellow 1 team token], 4 × [blue 1 team token], starting with Scattered slots",
      "detail": {
        "standees": 4
      }
    },
    {
      "text": "Step 6: 2 random Loot tokens in each Loot slot"
    },
    {
      "text": "Step 7: the Event deck holds 8 cards, so the game lasts 8 Rounds"
    },
    {
      "text": "Not given by the seed: anomaly, funds, stalkerEntrance, setupDeck, setupCards.tags"
    }
  ],
  "seed": "golden:stalker-zs.setup",
  "rngState": {
    "s0": 0.7442863106261939,
    "s1": 0.3464558084961027,
    "s2": 0.010713459691032767,
    "c": 1757737
  }
});
  });

  it('stalker-zs.fate-triggers', () => {
    expect(golden('stalker-zs.fate-triggers')).toEqual({
  "result": {
    "roll": {
      "die": "stalker-zs:die:zone-survival",
      "faceIndex": 0,
      "value": "stalker-zs:icon:blue-circle"
    },
    "fired": [
      {
        "cardId": "stalker-zs:card:setup:abandoned-stalker-camp",
        "cardName": "Abandoned Stalker Camp",
        "trigger": "always",
        "text": "If there is no Entity in the Room with This Room token, discard the [red cross icon] from this card. If there are any Stalkers in the Room with This Room token – see script 376."
      },
      {
        "cardId": "stalker-zs:card:setup:mysterious-thicket",
        "cardName": "Mysterious Thicket",
        "trigger": "face",
        "text": "If any Stalker is within Range 1 of the Mysterious Thickets space, draw a new Mutant Enemy card to determine the inhabitants of the Mysterious Thicket (unless it has already been drawn) and place all standees corresponding to that Enemy next to the Map. Then, place 2 standees of these Enemies (if available) on any chosen Mysterious Thicket spaces."
      },
      {
        "cardId": "stalker-zs:card:special:fire",
        "cardName": "Fire",
        "trigger": "always",
        "text": "Each Enemy on a space with Fire suffers a Light Wound. Then, Push that Enemy to an adjacent space without a Fire. If it's not possible, they suffer an additional Light Wound. Each Enemy with a Fire token on its standee suffers a Light Wound. Each Stalker on a space with Fire loses 4HP."
      },
      {
        "cardId": "stalker-zs:card:special:fire",
        "cardName": "Fire",
        "trigger": "face",
        "text": "Discard 1 chosen Fire token from the Map (if there is any)."
      }
    ],
    "resolveUnknowns": false,
    "resolveUnknownsBecause": null,
    "unknownStacks": 3,
    "facesNotOnDie": []
  },
  "transcript": [
    {
      "text": "Fate roll: stalker-zs:icon:blue-circle",
      "die": "stalker-zs:die:zone-survival",
      "value": "stalker-zs:icon:blue-circle"
    },
    {
      "text": "Abandoned Stalker Camp (always): If there is no Entity in the Room with This Room token, discard the [red cross icon] from this card. If there are any Stalkers in the Room with This Room token – see script 376."
    },
    {
      "text": "Mysterious Thicket (stalker-zs:icon:blue-circle): If any Stalker is within Range 1 of the Mysterious Thickets space, draw a new Mutant Enemy card to determine the inhabitants of the Mysterious Thicket (unless it has already been drawn) and place all standees corresponding to that Enemy next to the Map. Then, place 2 standees of these Enemies (if available) on any chosen Mysterious Thicket spaces."
    },
    {
      "text": "Fire (always): Each Enemy on a space with Fire suffers a Light Wound. Then, Push that Enemy to an adjacent space without a Fire. If it's not possible, they suffer an additional Light Wound. Each Enemy with a Fire token on its standee suffers a Light Wound. Each Stalker on a space with Fire loses 4HP."
    },
    {
      "text": "Fire (stalker-zs:icon:blue-circle): Discard 1 chosen Fire token from the Map (if there is any)."
    }
  ],
  "seed": "golden:stalker-zs.fate-triggers",
  "rngState": {
    "s0": 0.220630046678707,
    "s1": 0.7260025038849562,
    "s2": 0.16778265731409192,
    "c": 1151438
  }
});
  });

  it('stalker-zs.script-step', () => {
    expect(golden('stalker-zs.script-step')).toEqual({
  "result": {
    "scriptId": "stalker-zs:script:145",
    "scriptNumber": 145,
    "via": {
      "type": "die-face",
      "face": "stalker-zs:icon:blue-circle",
      "label": null
    },
    "roll": {
      "die": "stalker-zs:die:zone-survival",
      "faceIndex": 0,
      "value": "stalker-zs:icon:blue-circle"
    },
    "outcome": "See Script 222.",
    "next": {
      "id": "stalker-zs:script:222",
      "number": 222
    }
  },
  "transcript": [
    {
      "text": "Script 145: rolled the Die [die icon]: stalker-zs:icon:blue-circle",
      "die": "stalker-zs:die:zone-survival",
      "value": "stalker-zs:icon:blue-circle"
    },
    {
      "text": "Script 145, stalker-zs:icon:blue-circle: See Script 222."
    },
    {
      "text": "Script 145, stalker-zs:icon:blue-circle: see Script 222",
      "detail": {
        "from": "stalker-zs:script:145",
        "to": "stalker-zs:script:222"
      }
    }
  ],
  "seed": "golden:stalker-zs.script-step",
  "rngState": {
    "s0": 0.5801061564125121,
    "s1": 0.9039914570748806,
    "s2": 0.09377681789919734,
    "c": 1524196
  }
});
  });

  it('stalker-zs.score', () => {
    expect(golden('stalker-zs.score')).toEqual({
  "result": {
    "victory": true,
    "objectiveMet": true,
    "valueTarget": 18000,
    "failedRequests": [],
    "score": 23,
    "partialScore": 23,
    "breakdown": {
      "victoryPoints": 20,
      "minusIcons": 2,
      "plusIcons": 2,
      "valueBonus": 3,
      "modifiers": [
        {
          "cardId": "stalker-zs:card:setup:abandoned-stalker-camp",
          "plus": 0,
          "minus": 0,
          "inferred": true,
          "reasoning": "The seed shows no score modifier icon above this card's title (its header reads \"Setup card, tag: This Room\", where Mysterious Thicket's shows \"score modifier: [red minus icon]\"); no icon is read as zero [blue plus icon] and zero [red minus icon]."
        },
        {
          "cardId": "stalker-zs:card:setup:mysterious-thicket",
          "plus": 0,
          "minus": 1,
          "inferred": false,
          "reasoning": null
        },
        {
          "cardId": "stalker-zs:card:event:blizzard",
          "plus": 0,
          "minus": 1,
          "inferred": false,
          "reasoning": null
        },
        {
          "cardId": "stalker-zs:card:event:critical-shot",
          "plus": 2,
          "minus": 0,
          "inferred": false,
          "reasoning": null
        }
      ],
      "inferredCardIds": [
        "stalker-zs:card:setup:abandoned-stalker-camp"
      ]
    },
    "unscoredCards": []
  },
  "transcript": [
    {
      "text": "Collected 21500 K against 18000 K (12000 K + 2 × 3000 K)"
    },
    {
      "text": "The main Objective is fulfilled"
    },
    {
      "text": "Victory: 20 points"
    },
    {
      "text": "Score modifiers: +2 for minus icons, −2 for plus icons",
      "detail": {
        "minusIcons": 2,
        "plusIcons": 2
      }
    },
    {
      "text": "Inferred, not printed: the modifiers of stalker-zs:card:setup:abandoned-stalker-camp"
    },
    {
      "text": "Above the target: 3 points, 1 for each full 1,000 K"
    },
    {
      "text": "Score: 23"
    }
  ],
  "seed": "golden:stalker-zs.score",
  "rngState": {
    "s0": 0.030043478589504957,
    "s1": 0.5122967506758869,
    "s2": 0.24691975535824895,
    "c": 1
  }
});
  });
});
