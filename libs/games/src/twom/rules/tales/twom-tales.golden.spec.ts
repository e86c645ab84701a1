import { runProcedure } from '@scriptbook/rules-engine';
import { twomTalesProcedures } from '.';
import { twomTalesExamples } from './twom-tales.examples';
import { LETS_AVOID_THE_INFECTED_TABLE, THROUGH_THE_WINDOW_TABLE } from './twom-tales.rules-data';

/**
 * Golden resolutions: one per procedure, with the example input and the seed
 * "golden:<procedure id>". Any change to a rule, a table, a transcript line or
 * the order of dice rolls shows up here.
 */

function run(id: keyof typeof twomTalesExamples) {
  const procedure = twomTalesProcedures.find((p) => p.id === id);
  if (!procedure) throw new Error(`no procedure ${id}`);
  return runProcedure(procedure, twomTalesExamples[id], { seed: `golden:${id}` }, undefined);
}

describe('twom-tales golden resolutions', () => {
  it('has a golden example for every procedure', () => {
    expect(twomTalesProcedures.map((p) => p.id).sort()).toEqual(Object.keys(twomTalesExamples).sort());
  });

  it('twom-tales.incident-setup', () => {
    const r = run('twom-tales.incident-setup');
    expect(r.transcript).toEqual([
      {
        "text": "Scenario: Epidemic"
      },
      {
        "text": "Shuffled the Event cards (12 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 12
        }
      },
      {
        "text": "Put on top of the Events deck: CEASEFIRE",
        "detail": {
          "operation": "top",
          "cards": [
            "CEASEFIRE"
          ]
        }
      },
      {
        "text": "Removed the other Ending Event cards from the game: Ending Event B, Ending Event C"
      },
      {
        "text": "Put on top of the Events deck: Event 3, Event 8, Event 1, Event 4, Event 9",
        "detail": {
          "operation": "top",
          "cards": [
            "Event 3",
            "Event 8",
            "Event 1",
            "Event 4",
            "Event 9"
          ]
        }
      },
      {
        "text": "Placed EPIDEMIC token between the 1st and 2nd card of the Events deck",
        "detail": {
          "operation": "insert",
          "afterCount": 1,
          "cards": [
            "EPIDEMIC token"
          ]
        }
      },
      {
        "text": "Starting Cold: 2 COLD tokens on the Cold space"
      },
      {
        "text": "Shuffled the Character deck (10 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 10
        }
      },
      {
        "text": "Drew the first 2 red-bordered cards from the Character deck: Pavle, Zlata",
        "detail": {
          "operation": "draw-matching",
          "cards": [
            "Pavle",
            "Zlata"
          ]
        }
      },
      {
        "text": "Drew the first black-bordered card from the Character deck: Katia",
        "detail": {
          "operation": "draw-matching",
          "cards": [
            "Katia"
          ]
        }
      },
      {
        "text": "Placed an ILLNESS LEVEL 1 token next to each Character"
      },
      {
        "text": "Storage: 2 Water, 10 Wood, 10 Components, plus any other tokens worth 20 or less (except VACCINE)"
      },
      {
        "text": "Shuffled the Epidemic deck (5 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 5
        }
      }
    ]);
    expect(r.result).toEqual({
      "scenarioId": "twom:scenario:epidemic",
      "eventDeck": [
        {
          "name": "Event 3",
          "kind": "event"
        },
        {
          "name": "EPIDEMIC token",
          "kind": "token"
        },
        {
          "name": "Event 8",
          "kind": "event"
        },
        {
          "name": "Event 1",
          "kind": "event"
        },
        {
          "name": "Event 4",
          "kind": "event"
        },
        {
          "name": "Event 9",
          "kind": "event"
        },
        {
          "name": "CEASEFIRE",
          "kind": "final-event"
        }
      ],
      "setAside": [],
      "removedFromGame": [
        "Ending Event B",
        "Ending Event C"
      ],
      "unusedEvents": [
        "Event 7",
        "Event 11",
        "Event 2",
        "Event 6",
        "Event 12",
        "Event 10",
        "Event 5"
      ],
      "characters": [
        {
          "name": "Pavle",
          "border": "red",
          "states": [
            {
              "state": "Illness",
              "level": 1
            }
          ]
        },
        {
          "name": "Zlata",
          "border": "red",
          "states": [
            {
              "state": "Illness",
              "level": 1
            }
          ]
        },
        {
          "name": "Katia",
          "border": "black",
          "states": [
            {
              "state": "Illness",
              "level": 1
            }
          ]
        }
      ],
      "unusedCharacters": [
        {
          "name": "Marko",
          "border": "black"
        },
        {
          "name": "Bruno",
          "border": "black"
        },
        {
          "name": "Marin",
          "border": "red"
        },
        {
          "name": "Cveta",
          "border": "red"
        },
        {
          "name": "Anton",
          "border": "red"
        },
        {
          "name": "Arica",
          "border": "black"
        },
        {
          "name": "Roman",
          "border": "black"
        }
      ],
      "chosenStateTokens": [],
      "cold": {
        "tokens": 2
      },
      "storage": [
        {
          "name": "Water",
          "count": 2
        },
        {
          "name": "Wood",
          "count": 10
        },
        {
          "name": "Components",
          "count": 10
        }
      ],
      "freeTokens": {
        "worth": 20,
        "except": [
          "VACCINE"
        ]
      },
      "tracks": [
        {
          "name": "Vaccine tokens",
          "start": "3"
        }
      ],
      "scenarioDeck": {
        "name": "Epidemic deck",
        "cards": [
          "The Infected!",
          "I Was Just Seeing Things...",
          "I Was Just Seeing Things...",
          "Do Not Leave Me to Die...",
          "Let's Avoid the Infected"
        ]
      },
      "notes": [
        "Draw 1 OBJECTIVE card and place it on the Objectives space. Resolve it at the end of the game, while resolving script 1000 (Ceasefire), instead of resolving the Final Objective. If you do not manage to accomplish this Objective, you lose the game. Do not use any other OBJECTIVE cards when playing this Scenario. Remove them from the game.",
        "The NIGHT RAIDS and RESIDENTS decks should contain all of their cards. Do not remove any cards with a red corner.",
        "Place all of the FITTING cards (both those with a green corner and with an orange corner) in a single deck on the Fittings space. In this Scenario the Ideas space and the New Idea action are not used.",
        "Find the SIMPLE HEATER and choose any 1 BASIC / ADVANCED FITTING card and place them on any empty Shelter spaces. Any advanced Fittings should be placed next to their prerequisite basic Fittings, according to the description on their backs."
      ]
    });
    expect(r.rngState).toEqual({
      "s0": 0.12209927989169955,
      "s1": 0.5104595820885152,
      "s2": 0.9753309593070298,
      "c": 70728
    });
  });

  it('twom-tales.cat', () => {
    const r = run('twom-tales.cat');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for the Cat: 10 — row 8-10 applies: the Cat has brought something. Add 1 Raw Food to the Storage",
        "die": "black-d10",
        "value": 10,
        "detail": {
          "row": "8-10",
          "outcome": "raw-food"
        }
      }
    ]);
    expect(r.result).toEqual({
      "roll": 10,
      "outcome": "raw-food",
      "miseryRelief": 0,
      "rawFood": 2
    });
    expect(r.rngState).toEqual({
      "s0": 0.5313244082499295,
      "s1": 0.7753774425946176,
      "s2": 0.9108055357355624,
      "c": 411561
    });
  });

  it('twom-tales.wait-a-minute', () => {
    const r = run('twom-tales.wait-a-minute');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for Wait a Minute! (Anton, Empathy 3): 5",
        "die": "black-d10",
        "value": 5
      },
      {
        "text": "5 > Empathy 3: the Enemies perform a Backstab before Combat"
      }
    ]);
    expect(r.result).toEqual({
      "roll": 5,
      "combatAvoided": false,
      "backstab": true
    });
    expect(r.rngState).toEqual({
      "s0": 0.281528013991192,
      "s1": 0.7125261011533439,
      "s2": 0.4105789989698678,
      "c": 1464277
    });
  });

  it('twom-tales.stuff-of-nightmares', () => {
    const r = run('twom-tales.stuff-of-nightmares');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for Stuff of Nightmares: 10",
        "die": "black-d10",
        "value": 10
      },
      {
        "text": "10 > Emira's Empathy 5: no change"
      },
      {
        "text": "10 > Anton's Empathy 3: no change"
      },
      {
        "text": "10 > Katia's Empathy 7: no change"
      }
    ]);
    expect(r.result).toEqual({
      "roll": 10,
      "characters": [
        {
          "name": "Emira",
          "empathy": 5,
          "atOrBelow": false,
          "misery": 1
        },
        {
          "name": "Anton",
          "empathy": 3,
          "atOrBelow": false,
          "misery": 2
        },
        {
          "name": "Katia",
          "empathy": 7,
          "atOrBelow": false,
          "misery": 0
        }
      ],
      "drawNightRaid": false,
      "sourceNote": "Seed 000 notes that the last words of the comparison line are partly covered by an overlapping card in the booklet; \"raise their Misery by 1\" is the reading of the visible text."
    });
    expect(r.rngState).toEqual({
      "s0": 0.20225091115571558,
      "s1": 0.9152048383839428,
      "s2": 0.9970865126233548,
      "c": 1539564
    });
  });

  it('twom-tales.jokes-and-hopes', () => {
    const r = run('twom-tales.jokes-and-hopes');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for Jokes and Hopes: 9",
        "die": "black-d10",
        "value": 9
      },
      {
        "text": "9 > Emira's Empathy 5: Misery 1 → 2"
      },
      {
        "text": "9 > Anton's Empathy 3: Misery 2 → 3"
      },
      {
        "text": "9 > Katia's Empathy 7: Misery 0 → 1"
      }
    ]);
    expect(r.result).toEqual({
      "roll": 9,
      "characters": [
        {
          "name": "Emira",
          "empathy": 5,
          "atOrBelow": false,
          "misery": 2
        },
        {
          "name": "Anton",
          "empathy": 3,
          "atOrBelow": false,
          "misery": 3
        },
        {
          "name": "Katia",
          "empathy": 7,
          "atOrBelow": false,
          "misery": 1
        }
      ]
    });
    expect(r.rngState).toEqual({
      "s0": 0.05697350646369159,
      "s1": 0.7955557452514768,
      "s2": 0.8622043845243752,
      "c": 994822
    });
  });

  it('twom-tales.through-the-window', () => {
    const r = run('twom-tales.through-the-window');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for Through the Window!: 10 — no printed row covers 4-10 (inferred: no Character suffers Wounds)",
        "die": "black-d10",
        "value": 10,
        "detail": {
          "row": "4-10",
          "outcome": 0
        },
        "inference": { "reasoning": THROUGH_THE_WINDOW_TABLE[1].inference }
      }
    ]);
    expect(r.result).toEqual({
      "roll": 10,
      "wounds": 0
    });
    expect(r.rngState).toEqual({
      "s0": 0.7888123758602887,
      "s1": 0.911933918017894,
      "s2": 0.9140955817420036,
      "c": 1933181
    });
  });

  it('twom-tales.luka-dawn', () => {
    const r = run('twom-tales.luka-dawn');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for Luka (Heavily Wounded): 10 — row 8-10 applies: see Blood In The Snow script 2",
        "die": "black-d10",
        "value": 10,
        "detail": {
          "row": "8-10",
          "outcome": true
        }
      },
      {
        "text": "Luka was not given Bandages: Condition moves down by 1 (Heavily Wounded → Critical Condition)"
      },
      {
        "text": "Make a roll on the Suspicions chart (Scenario sheet)"
      },
      {
        "text": "Afterwards, shuffle this card back into the Visitors deck."
      }
    ]);
    expect(r.result).toEqual({
      "roll": 10,
      "script2": true,
      "condition": "Critical Condition",
      "stoppedAtEnd": false,
      "bandagesDiscarded": false,
      "suspicionsRollDue": true,
      "afterwards": "Afterwards, shuffle this card back into the Visitors deck."
    });
    expect(r.rngState).toEqual({
      "s0": 0.2602460919879377,
      "s1": 0.3016702414024621,
      "s2": 0.9637024987023324,
      "c": 1933410
    });
  });

  it('twom-tales.refugees-dawn', () => {
    const r = run('twom-tales.refugees-dawn');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for the cold (Cold 3 − Board-Ups 1 = 2): 10",
        "die": "black-d10",
        "value": 10
      },
      {
        "text": "10 > 2: the cold does not hurt the Refugees"
      },
      {
        "text": "Rolled the Black die for the Cover roll (Cover 4): 5",
        "die": "black-d10",
        "value": 5
      },
      {
        "text": "5 is higher than the Cover 4: lower the Cover by 3 (4 → 1)"
      },
      {
        "text": "Lower the Condition by 2 (3 → 1)"
      }
    ]);
    expect(r.result).toEqual({
      "coldRoll": 10,
      "coverRoll": 5,
      "cover": 1,
      "condition": 1,
      "coverTrack": {
        "trackId": "twom:track:refugees:cover",
        "value": 1,
        "lowest": {
          "value": 0,
          "inferred": true,
          "reasoning": "Seed 000 does not reproduce the Cover track (it is on the back of the Scenario sheet). A token cannot move past the end of its track and no track in seed 000 shows a space below \"0\", so the lowest space is read as 0; give the track's min to use the printed end."
        },
        "highest": null,
        "stoppedAtEnd": false
      },
      "conditionTrack": {
        "trackId": "twom:track:refugees:condition",
        "value": 1,
        "lowest": {
          "value": 0,
          "inferred": true,
          "reasoning": "Seed 000 does not reproduce the Condition track (it is on the back of the Scenario sheet). A token cannot move past the end of its track and no track in seed 000 shows a space below \"0\", so the lowest space is read as 0; give the track's min to use the printed end."
        },
        "highest": null,
        "stoppedAtEnd": false
      }
    });
    expect(r.rngState).toEqual({
      "s0": 0.018385213101282716,
      "s1": 0.9417938278056681,
      "s2": 0.4112023124471307,
      "c": 174617
    });
  });

  it('twom-tales.refugees-cover-roll', () => {
    const r = run('twom-tales.refugees-cover-roll');
    expect(r.transcript).toEqual([
      {
        "text": "We Know They Are Here...: make the Cover roll; if higher than the Cover, lower it by 5"
      },
      {
        "text": "Rolled the Black die for the Cover roll (Cover 6): 5",
        "die": "black-d10",
        "value": 5
      },
      {
        "text": "5 is not higher than the Cover 6: the Refugees stay hidden"
      },
      {
        "text": "Afterwards, shuffle this card back into the Night Raids deck."
      }
    ]);
    expect(r.result).toEqual({
      "cardId": "twom:card:refugees:we-know-they-are-here-night-raids",
      "roll": 5,
      "cover": 6,
      "coverTrack": {
        "trackId": "twom:track:refugees:cover",
        "value": 6,
        "lowest": {
          "value": 0,
          "inferred": true,
          "reasoning": "Seed 000 does not reproduce the Cover track (it is on the back of the Scenario sheet). A token cannot move past the end of its track and no track in seed 000 shows a space below \"0\", so the lowest space is read as 0; give the track's min to use the printed end."
        },
        "highest": null,
        "stoppedAtEnd": false
      },
      "afterwards": "Afterwards, shuffle this card back into the Night Raids deck."
    });
    expect(r.rngState).toEqual({
      "s0": 0.4785577333532274,
      "s1": 0.14320908836089075,
      "s2": 0.4468407523818314,
      "c": 183174
    });
  });

  it('twom-tales.side-by-side-dawn', () => {
    const r = run('twom-tales.side-by-side-dawn');
    expect(r.transcript).toEqual([
      {
        "text": "Raised the Needs of all Neighbours by 1: Andrei 2, Kovačević 3"
      },
      {
        "text": "Vladimir's card is red side up: move the Vladimir token to the Visit the Neighbors action space"
      }
    ]);
    expect(r.result).toEqual({
      "neighbours": [
        {
          "name": "Andrei",
          "needs": 2,
          "needsTrack": {
            "trackId": "twom:track:side-by-side:needs",
            "value": 2,
            "lowest": {
              "value": 0,
              "inferred": true,
              "reasoning": "Seed 000 does not reproduce the Needs track (it is on the back of the Scenario sheet). A token cannot move past the end of its track and no track in seed 000 shows a space below \"0\", so the lowest space is read as 0; give the track's min to use the printed end."
            },
            "highest": null,
            "stoppedAtEnd": false
          }
        },
        {
          "name": "Kovačević",
          "needs": 3,
          "needsTrack": {
            "trackId": "twom:track:side-by-side:needs",
            "value": 3,
            "lowest": {
              "value": 0,
              "inferred": true,
              "reasoning": "Seed 000 does not reproduce the Needs track (it is on the back of the Scenario sheet). A token cannot move past the end of its track and no track in seed 000 shows a space below \"0\", so the lowest space is read as 0; give the track's min to use the printed end."
            },
            "highest": null,
            "stoppedAtEnd": false
          }
        }
      ],
      "vladimirToken": "visit-the-neighbours"
    });
    expect(r.rngState).toEqual({
      "s0": 0.7902088181581348,
      "s1": 0.994024742860347,
      "s2": 0.8650432494468987,
      "c": 1
    });
  });

  it('twom-tales.emira-spirit', () => {
    const r = run('twom-tales.emira-spirit');
    expect(r.transcript).toEqual([
      {
        "text": "Habit: discarded 1 100% Alcohol from the Storage"
      },
      {
        "text": "Emira is hungry (Hunger 2, read as level 2 or 3): Hunger 2 → 1",
        "inference": {
          "reasoning": "Seed 000 does not define \"hungry\". Zoran's card qualifies \"wounded, ill, miserable or hungry\" with \"(level 2 or 3)\", and Emira's own card reads \"miserable (level 2 or 3)\", so hungry is read as Hunger level 2 or 3."
        }
      },
      {
        "text": "Emira is miserable (level 2): Misery 2 → 3"
      }
    ]);
    expect(r.result).toEqual({
      "hunger": 1,
      "misery": 3,
      "storage": {
        "moonshine": 0,
        "alcohol": 0
      },
      "hungry": {
        "value": true,
        "inferred": true,
        "reasoning": "Seed 000 does not define \"hungry\". Zoran's card qualifies \"wounded, ill, miserable or hungry\" with \"(level 2 or 3)\", and Emira's own card reads \"miserable (level 2 or 3)\", so hungry is read as Hunger level 2 or 3."
      }
    });
    expect(r.rngState).toEqual({
      "s0": 0.2504279213026166,
      "s1": 0.8903785422444344,
      "s2": 0.7572584357112646,
      "c": 1
    });
  });

  it('twom-tales.sewers-exit', () => {
    const r = run('twom-tales.sewers-exit');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for the Sewers exit: 10 — row 9-10 applies: Far Location",
        "die": "black-d10",
        "value": 10,
        "detail": {
          "row": "9-10",
          "outcome": "far"
        }
      },
      {
        "text": "The Unknown deck holds half its normal number, rounded down: 14 → 7"
      }
    ]);
    expect(r.result).toEqual({
      "roll": 10,
      "location": "far",
      "unknownDeckSize": 7
    });
    expect(r.rngState).toEqual({
      "s0": 0.6261911846231669,
      "s1": 0.417221216019243,
      "s2": 0.941631757421419,
      "c": 438333
    });
  });

  it('twom-tales.sewers-thugs-enter', () => {
    const r = run('twom-tales.sewers-thugs-enter');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for Thugs entering the Sewers: 9 — row 9-10 applies: 3 Thugs",
        "die": "black-d10",
        "value": 9,
        "detail": {
          "row": "9-10",
          "outcome": 3
        }
      },
      {
        "text": "Threat level: 3"
      }
    ]);
    expect(r.result).toEqual({
      "roll": 9,
      "thugs": 3,
      "threat": 3
    });
    expect(r.rngState).toEqual({
      "s0": 0.0025080631021410227,
      "s1": 0.9521381766535342,
      "s2": 0.8242661796975881,
      "c": 786429
    });
  });

  it('twom-tales.sewers-thugs-forfeit', () => {
    const r = run('twom-tales.sewers-thugs-forfeit');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for the way back (1 of 2, Threat 2): 4",
        "die": "black-d10",
        "value": 4
      },
      {
        "text": "Rolled the Black die for the way back (2 of 2, Threat 2): 10",
        "die": "black-d10",
        "value": 10
      },
      {
        "text": "No roll is 2 or lower: the way back is clear"
      }
    ]);
    expect(r.result).toEqual({
      "rolls": [
        4,
        10
      ],
      "encounter": false,
      "thugs": 0,
      "threat": 2
    });
    expect(r.rngState).toEqual({
      "s0": 0.886424915632233,
      "s1": 0.3266455482225865,
      "s2": 0.926639046985656,
      "c": 1108326
    });
  });

  it('twom-tales.desperate-people', () => {
    const r = run('twom-tales.desperate-people');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for how many Desperate People: 2 — row 1-3 applies: one",
        "die": "black-d10",
        "value": 2,
        "detail": {
          "row": "1-3",
          "outcome": 1
        }
      },
      {
        "text": "Draw 1 Enemy token; they are armed with: nothing, Knife, Hatchet (A – nothing, B – Knife, C – Hatchet, by the letter on each token)",
        "inference": {
          "reasoning": "The card prints \"They are armed with: nothing, Knife, Hatchet.\" without saying which of the Desperate People carries which; the Market sheet pairs the same three with the Farmers' Enemy token letters (A – nothing, B – Knife, C – Hatchet), so the weapon of each is read from the letter on the Enemy token drawn for them."
        }
      },
      {
        "text": "Rolled the Black die for Katia (Empathy 7): 5",
        "die": "black-d10",
        "value": 5
      },
      {
        "text": "5 ≤ Empathy 7: no Combat (you may return 1 Exploration card to TRADE – see 355)"
      },
      {
        "text": "Afterwards, shuffle this card back into the Residents deck"
      }
    ]);
    expect(r.result).toEqual({
      "countRoll": 2,
      "count": 1,
      "weapons": [
        "nothing",
        "Knife",
        "Hatchet"
      ],
      "weaponsByEnemyToken": {
        "value": [
          {
            "token": "A",
            "weapon": "nothing"
          },
          {
            "token": "B",
            "weapon": "Knife"
          },
          {
            "token": "C",
            "weapon": "Hatchet"
          }
        ],
        "inferred": true,
        "reasoning": "The card prints \"They are armed with: nothing, Knife, Hatchet.\" without saying which of the Desperate People carries which; the Market sheet pairs the same three with the Farmers' Enemy token letters (A – nothing, B – Knife, C – Hatchet), so the weapon of each is read from the letter on the Enemy token drawn for them."
      },
      "empathyRoll": 5,
      "combat": false,
      "script": 355,
      "defeatedScript": 33
    });
    expect(r.rngState).toEqual({
      "s0": 0.8422563511412591,
      "s1": 0.19174034078605473,
      "s2": 0.442534105386585,
      "c": 1829180
    });
  });

  it('twom-tales.market-visit', () => {
    const r = run('twom-tales.market-visit');
    expect(r.transcript).toEqual([
      {
        "text": "Removed Herbs from the Findings Pile",
        "detail": {
          "operation": "remove",
          "card": "Herbs"
        }
      },
      {
        "text": "Drew Wares 1 from the Wares deck"
      },
      {
        "text": "Wares 1 is the current Wares card (Farmer and Thug on the Market sheet); option chosen: STEAL"
      },
      {
        "text": "Katia rolled the Grey Combat die: blank",
        "die": "grey-combat",
        "value": 0
      },
      {
        "text": "Blank: the Thief suffers 1 Wound(s) (Thug space) and 1 Fatigue (Farmer space)"
      },
      {
        "text": "Tolerance 3 → 2 (Tolerance: 3-1)"
      },
      {
        "text": "Remove the Farmer and Thug miniatures; the Thief returns to the Findings Pile; resolve Choose Findings"
      }
    ]);
    expect(r.result).toEqual({
      "discarded": "Herbs",
      "findingsPile": [
        "Wood",
        "Components"
      ],
      "drawn": "Wares 1",
      "waresDeck": [
        {
          "name": "Reality Impact",
          "farmer": false,
          "thug": false
        }
      ],
      "option": "steal",
      "steal": {
        "thief": "Katia",
        "icons": 0,
        "tokenValue": 0,
        "wounds": 1,
        "fatigue": 1
      },
      "tolerance": 2
    });
    expect(r.rngState).toEqual({
      "s0": 0.6410010829567909,
      "s1": 0.7289737181272358,
      "s2": 0.3289504796266556,
      "c": 1381724
    });
  });

  it('twom-tales.lets-avoid-the-infected', () => {
    const r = run('twom-tales.lets-avoid-the-infected');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for talking with the infected: 10 — no printed row covers 4-10 (inferred: no Illness is raised)",
        "die": "black-d10",
        "value": 10,
        "detail": {
          "row": "4-10",
          "outcome": 0
        },
        "inference": { "reasoning": LETS_AVOID_THE_INFECTED_TABLE[1].inference }
      },
      {
        "text": "Afterwards, shuffle this card back into the Epidemic deck."
      }
    ]);
    expect(r.result).toEqual({
      "roll": 10,
      "illness": 0,
      "misery": 0,
      "afterwards": "Afterwards, shuffle this card back into the Epidemic deck."
    });
    expect(r.rngState).toEqual({
      "s0": 0.845717138145119,
      "s1": 0.8041881571989506,
      "s2": 0.9830194709356874,
      "c": 1736878
    });
  });

  it('twom-tales.do-not-leave-me-to-die', () => {
    const r = run('twom-tales.do-not-leave-me-to-die');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for Do Not Leave Me to Die...: 5",
        "die": "black-d10",
        "value": 5
      },
      {
        "text": "5 ≤ Emira's Empathy 5: Misery 1 → 2"
      },
      {
        "text": "5 > Anton's Empathy 3: no change"
      },
      {
        "text": "5 ≤ Katia's Empathy 7: Misery 0 → 1"
      },
      {
        "text": "Afterwards, shuffle this card back into the Epidemic deck."
      }
    ]);
    expect(r.result).toEqual({
      "roll": 5,
      "characters": [
        {
          "name": "Emira",
          "empathy": 5,
          "atOrBelow": true,
          "misery": 2
        },
        {
          "name": "Anton",
          "empathy": 3,
          "atOrBelow": false,
          "misery": 2
        },
        {
          "name": "Katia",
          "empathy": 7,
          "atOrBelow": true,
          "misery": 1
        }
      ],
      "afterwards": "Afterwards, shuffle this card back into the Epidemic deck."
    });
    expect(r.rngState).toEqual({
      "s0": 0.6674869335256517,
      "s1": 0.17136447178199887,
      "s2": 0.44386514741927385,
      "c": 1060632
    });
  });

  it('twom-tales.kill-the-goat', () => {
    const r = run('twom-tales.kill-the-goat');
    expect(r.transcript).toEqual([
      {
        "text": "Kill the Goat: set the Hunger of all Characters present to 0 and add 6 Raw Food to the Storage (1 → 7)"
      },
      {
        "text": "Rolled the Black die for the Goat: 1",
        "die": "black-d10",
        "value": 1
      },
      {
        "text": "1 ≤ Emira's Empathy 5: Misery 1 → 2"
      },
      {
        "text": "1 ≤ Anton's Empathy 3: Misery 2 → 3"
      },
      {
        "text": "1 ≤ Katia's Empathy 7: Misery 0 → 1"
      },
      {
        "text": "Afterwards, remove this card from the game."
      }
    ]);
    expect(r.result).toEqual({
      "hunger": 0,
      "rawFood": 7,
      "roll": 1,
      "characters": [
        {
          "name": "Emira",
          "empathy": 5,
          "atOrBelow": true,
          "misery": 2
        },
        {
          "name": "Anton",
          "empathy": 3,
          "atOrBelow": true,
          "misery": 3
        },
        {
          "name": "Katia",
          "empathy": 7,
          "atOrBelow": true,
          "misery": 1
        }
      ],
      "afterwards": "Afterwards, remove this card from the game."
    });
    expect(r.rngState).toEqual({
      "s0": 0.042034355690702796,
      "s1": 0.11437509651295841,
      "s2": 0.09109732252545655,
      "c": 2084641
    });
  });
});
