import * as fs from 'fs';
import * as path from 'path';
import { zoneSurvivalProcedures } from './index';
import { zsExamples } from './zs.examples';
import { loadZsPack, ZS_PACK_DIR } from './zs.test-pack';

/**
 * Golden resolutions: one per procedure, with the example input built from the
 * stalker-zs pack and the seed "golden:<procedure id>". Any change to a rule,
 * a transcript line or the order of draws shows up here.
 */

const items = loadZsPack((file) => fs.readFileSync(path.join(__dirname, ZS_PACK_DIR, file), 'utf8'));
const examples = zsExamples(items);

function run(id: keyof typeof examples) {
  const procedure = zoneSurvivalProcedures.find((p) => p.id === id);
  if (!procedure) throw new Error(`no procedure ${id}`);
  return procedure.run(examples[id], `golden:${id}`);
}

describe('stalker-zs golden resolutions', () => {
  it('has a golden example for every procedure', () => {
    expect(zoneSurvivalProcedures.map((p) => p.id).sort()).toEqual(Object.keys(examples).sort());
  });

  it('stalker-zs.scenario-randomizer', () => {
    const r = run('stalker-zs.scenario-randomizer');
    expect(r.seed).toBe('golden:stalker-zs.scenario-randomizer');
    expect(r.transcript).toEqual([
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
    ]);
    expect(r.result).toEqual({
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
    });
    expect(r.rngState).toEqual({"s0":0.0028435587882995605,"s1":0.7007254487834871,"s2":0.6064361419994384,"c":1277582});
  });

  it('stalker-zs.setup', () => {
    const r = run('stalker-zs.setup');
    expect(r.seed).toBe('golden:stalker-zs.setup');
    expect(r.transcript).toEqual([
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
        "text": "Shuffled the Setup deck (10 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 10
        }
      },
      {
        "text": "Drew 1 from the Setup deck: Mysterious Cave",
        "detail": {
          "operation": "draw",
          "cards": [
            "Mysterious Cave"
          ]
        }
      },
      {
        "text": "Drew 1 from the Setup deck: Excavator Wreck",
        "detail": {
          "operation": "draw",
          "cards": [
            "Excavator Wreck"
          ]
        }
      },
      {
        "text": "Drew 1 from the Setup deck: Toxic Cloud",
        "detail": {
          "operation": "draw",
          "cards": [
            "Toxic Cloud"
          ]
        }
      },
      {
        "text": "Drew 1 from the Setup deck: Radioactive Tunnel",
        "detail": {
          "operation": "draw",
          "cards": [
            "Radioactive Tunnel"
          ]
        }
      },
      {
        "text": "Step 3: Setup cards Mysterious Cave, Excavator Wreck, Toxic Cloud, Radioactive Tunnel",
        "detail": {
          "cards": [
            "stalker-zs:card:setup:mysterious-cave",
            "stalker-zs:card:setup:excavator-wreck",
            "stalker-zs:card:setup:toxic-cloud",
            "stalker-zs:card:setup:radioactive-tunnel"
          ]
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
        "text": "Shuffled the Zone Survival Event deck (70 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 70
        }
      },
      {
        "text": "Drew 8 from the Zone Survival Event deck: Placeholder Event 8, Placeholder Event 27, Placeholder Event 17, Placeholder Event 2, Placeholder Event 6, Placeholder Event 15, Placeholder Event 40, Placeholder Event 52",
        "detail": {
          "operation": "draw",
          "cards": [
            "Placeholder Event 8",
            "Placeholder Event 27",
            "Placeholder Event 17",
            "Placeholder Event 2",
            "Placeholder Event 6",
            "Placeholder Event 15",
            "Placeholder Event 40",
            "Placeholder Event 52"
          ]
        }
      },
      {
        "text": "Shuffled the Event deck for this game (8 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 8
        }
      },
      {
        "text": "Step 7: the Event deck holds 8 cards, so the game lasts 8 Rounds"
      },
      {
        "text": "Not given by the seed: anomaly, funds, stalkerEntrance"
      }
    ]);
    expect(r.result).toEqual({
      "scenario": {
        "id": "stalker-zs:scenario:recon-in-force",
        "name": "Recon in Force",
        "number": 2
      },
      "stalkerCount": 3,
      "specialCardIds": [
        "stalker-zs:card:special:hidden-enemies"
      ],
      "setupCards": [
        {
          "id": "stalker-zs:card:setup:mysterious-cave",
          "name": "Mysterious Cave",
          "tags": []
        },
        {
          "id": "stalker-zs:card:setup:excavator-wreck",
          "name": "Excavator Wreck",
          "tags": []
        },
        {
          "id": "stalker-zs:card:setup:toxic-cloud",
          "name": "Toxic Cloud",
          "tags": []
        },
        {
          "id": "stalker-zs:card:setup:radioactive-tunnel",
          "name": "Radioactive Tunnel",
          "tags": []
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
        "cards": [
          {
            "id": "placeholder:event:2",
            "name": "Placeholder Event 2"
          },
          {
            "id": "placeholder:event:15",
            "name": "Placeholder Event 15"
          },
          {
            "id": "placeholder:event:27",
            "name": "Placeholder Event 27"
          },
          {
            "id": "placeholder:event:52",
            "name": "Placeholder Event 52"
          },
          {
            "id": "placeholder:event:40",
            "name": "Placeholder Event 40"
          },
          {
            "id": "placeholder:event:6",
            "name": "Placeholder Event 6"
          },
          {
            "id": "placeholder:event:17",
            "name": "Placeholder Event 17"
          },
          {
            "id": "placeholder:event:8",
            "name": "Placeholder Event 8"
          }
        ]
      },
      "funds": null,
      "stalkerEntrance": null,
      "valueTarget": null,
      "checks": [],
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
        }
      ]
    });
    expect(r.rngState).toEqual({"s0":0.028823758475482464,"s1":0.6055997051298618,"s2":0.6831859939265996,"c":1046592});
  });

  it('stalker-zs.fate-triggers', () => {
    const r = run('stalker-zs.fate-triggers');
    expect(r.seed).toBe('golden:stalker-zs.fate-triggers');
    expect(r.transcript).toEqual([
      {
        "text": "Fate roll: [blue circle icon]",
        "die": "example:zone-survival-die",
        "value": "[blue circle icon]"
      },
      {
        "text": "Abandoned Stalker Camp (always): If there is no Entity in the Room with This Room token, discard the [red cross icon] from this card. If there are any Stalkers in the Room with This Room token – see script 376."
      },
      {
        "text": "Mysterious Thicket ([blue circle icon]): If any Stalker is within Range 1 of the Mysterious Thickets space, draw a new Mutant Enemy card to determine the inhabitants of the Mysterious Thicket (unless it has already been drawn) and place all standees corresponding to that Enemy next to the Map. Then, place 2 standees of these Enemies (if available) on any chosen Mysterious Thicket spaces."
      },
      {
        "text": "Fire (always): Each Enemy on a space with Fire suffers a Light Wound. Then, Push that Enemy to an adjacent space without a Fire. If it's not possible, they suffer an additional Light Wound. Each Enemy with a Fire token on its standee suffers a Light Wound. Each Stalker on a space with Fire loses 4HP."
      },
      {
        "text": "Fire ([blue circle icon]): Discard 1 chosen Fire token from the Map (if there is any)."
      },
      {
        "text": "[yellow item icon] on stalker-zs:card:setup:mysterious-thicket is not a face of the example Zone Survival die; that effect cannot fire"
      },
      {
        "text": "[yellow item icon] on stalker-zs:card:event:blizzard is not a face of the example Zone Survival die; that effect cannot fire"
      }
    ]);
    expect(r.result).toEqual({
      "roll": {
        "die": "example:zone-survival-die",
        "faceIndex": 0,
        "value": "[blue circle icon]"
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
      "unknownStacks": 3,
      "facesNotOnDie": [
        {
          "cardId": "stalker-zs:card:setup:mysterious-thicket",
          "face": "[yellow item icon]"
        },
        {
          "cardId": "stalker-zs:card:event:blizzard",
          "face": "[yellow item icon]"
        }
      ]
    });
    expect(r.rngState).toEqual({"s0":0.220630046678707,"s1":0.7260025038849562,"s2":0.16778265731409192,"c":1151438});
  });

  it('stalker-zs.script-step', () => {
    const r = run('stalker-zs.script-step');
    expect(r.seed).toBe('golden:stalker-zs.script-step');
    expect(r.transcript).toEqual([
      {
        "text": "Script 145: rolled the example Zone Survival die: [blue circle icon]",
        "die": "example:zone-survival-die",
        "value": "[blue circle icon]"
      },
      {
        "text": "Script 145, [blue circle icon]: see Script 222",
        "detail": {
          "from": "stalker-zs:script:145",
          "to": "stalker-zs:script:222"
        }
      }
    ]);
    expect(r.result).toEqual({
      "scriptId": "stalker-zs:script:145",
      "scriptNumber": 145,
      "via": {
        "type": "die-face",
        "face": "[blue circle icon]"
      },
      "roll": {
        "die": "example:zone-survival-die",
        "faceIndex": 0,
        "value": "[blue circle icon]"
      },
      "next": {
        "id": "stalker-zs:script:222",
        "number": 222
      }
    });
    expect(r.rngState).toEqual({"s0":0.5801061564125121,"s1":0.9039914570748806,"s2":0.09377681789919734,"c":1524196});
  });

  it('stalker-zs.score', () => {
    const r = run('stalker-zs.score');
    expect(r.seed).toBe('golden:stalker-zs.score');
    expect(r.transcript).toEqual([
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
        "text": "Above the target: 3 points, 1 for each full 1,000 K"
      },
      {
        "text": "Score: 23"
      }
    ]);
    expect(r.result).toEqual({
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
        "valueBonus": 3
      },
      "unscoredCards": []
    });
    expect(r.rngState).toEqual({"s0":0.030043478589504957,"s1":0.5122967506758869,"s2":0.24691975535824895,"c":1});
  });
});
