import { runProcedure } from '@scriptbook/rules-engine';
import { twomProcedures } from '.';
import { twomExamples } from './twom.examples';

/**
 * Golden resolutions: one per procedure, with the example input and the seed
 * "golden:<procedure id>". Any change to a rule, a table, a transcript line or
 * the order of dice rolls shows up here.
 */

function run(id: keyof typeof twomExamples) {
  const procedure = twomProcedures.find((p) => p.id === id);
  if (!procedure) throw new Error(`no procedure ${id}`);
  return runProcedure(procedure, twomExamples[id], { seed: `golden:${id}` }, undefined);
}

describe('twom golden resolutions', () => {
  it('has a golden example for every procedure', () => {
    expect(twomProcedures.map((p) => p.id).sort()).toEqual(Object.keys(twomExamples).sort());
  });

  it('twom.setup', () => {
    const r = run('twom.setup');
    expect(r.transcript).toEqual([
      {
        "text": "Chose the Leader at random among 3 players: Ben",
        "detail": {
          "players": [
            "Ana",
            "Ben",
            "Cleo"
          ]
        }
      },
      {
        "text": "Shuffled the Character deck (10 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 10
        }
      },
      {
        "text": "Drew the first red-bordered card from the Character deck: Pavle",
        "detail": {
          "operation": "draw-matching",
          "cards": [
            "Pavle"
          ]
        }
      },
      {
        "text": "Drew the first 2 black-bordered cards from the Character deck: Katia, Roman",
        "detail": {
          "operation": "draw-matching",
          "cards": [
            "Katia",
            "Roman"
          ]
        }
      },
      {
        "text": "Placed a Hunger token (level 2) near each Character: Pavle, Katia, Roman"
      },
      {
        "text": "7 Character cards go to the unused Characters space"
      },
      {
        "text": "Shuffled the Locations deck (6 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 6
        }
      },
      {
        "text": "Drew 3 from the Locations deck: Location 6, Location 1, Location 5",
        "detail": {
          "operation": "draw",
          "cards": [
            "Location 6",
            "Location 1",
            "Location 5"
          ]
        }
      },
      {
        "text": "Stockpile: 1 Lockpick, 1 Shovel, 4 Components, 4 Wood, 2 Water, 3 Raw Food",
        "detail": {
          "stockpile": {
            "Lockpick": 1,
            "Shovel": 1,
            "Components": 4,
            "Wood": 4,
            "Water": 2,
            "Raw Food": 3
          }
        }
      }
    ]);
    expect(r.result).toEqual({
      "leader": "Ben",
      "characters": [
        {
          "name": "Pavle",
          "border": "red",
          "hunger": 2
        },
        {
          "name": "Katia",
          "border": "black",
          "hunger": 2
        },
        {
          "name": "Roman",
          "border": "black",
          "hunger": 2
        }
      ],
      "unusedCharacters": [
        {
          "name": "Cveta",
          "border": "red"
        },
        {
          "name": "Marko",
          "border": "black"
        },
        {
          "name": "Bruno",
          "border": "black"
        },
        {
          "name": "Arica",
          "border": "black"
        },
        {
          "name": "Marin",
          "border": "red"
        },
        {
          "name": "Zlata",
          "border": "red"
        },
        {
          "name": "Anton",
          "border": "red"
        }
      ],
      "locations": [
        "Location 6",
        "Location 1",
        "Location 5"
      ],
      "locationsDeck": [
        "Location 4",
        "Location 2",
        "Location 3"
      ],
      "stockpile": {
        "Lockpick": 1,
        "Shovel": 1,
        "Components": 4,
        "Wood": 4,
        "Water": 2,
        "Raw Food": 3
      },
      "catInShelter": false
    });
    expect(r.rngState).toEqual({
      "s0": 0.9297912900801748,
      "s1": 0.37388481106609106,
      "s2": 0.10630494798533618,
      "c": 511032
    });
  });

  it('twom.event-deck', () => {
    const r = run('twom.event-deck');
    expect(r.transcript).toEqual([
      {
        "text": "Shuffled the Event cards (12 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 12
        }
      },
      {
        "text": "Shuffled the Final Event cards (3 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 3
        }
      },
      {
        "text": "Put on top of the Event deck: Final Event A, Final Event B, Final Event C",
        "detail": {
          "operation": "top",
          "cards": [
            "Final Event A",
            "Final Event B",
            "Final Event C"
          ]
        }
      },
      {
        "text": "Put on top of the Event deck: Chapter III",
        "detail": {
          "operation": "top",
          "cards": [
            "Chapter III"
          ]
        }
      },
      {
        "text": "Put on top of the Event deck: Event 2, Event 5, Event 4, Event 12",
        "detail": {
          "operation": "top",
          "cards": [
            "Event 2",
            "Event 5",
            "Event 4",
            "Event 12"
          ]
        }
      },
      {
        "text": "Put on top of the Event deck: Chapter II",
        "detail": {
          "operation": "top",
          "cards": [
            "Chapter II"
          ]
        }
      },
      {
        "text": "Put on top of the Event deck: Event 8, Event 7, Event 3",
        "detail": {
          "operation": "top",
          "cards": [
            "Event 8",
            "Event 7",
            "Event 3"
          ]
        }
      },
      {
        "text": "Put on top of the Event deck: Chapter I",
        "detail": {
          "operation": "top",
          "cards": [
            "Chapter I"
          ]
        }
      },
      {
        "text": "The Event deck holds 13 cards; 5 Event cards are not used",
        "detail": {
          "top": "Chapter I",
          "bottom": "Final Event C"
        }
      }
    ]);
    expect(r.result).toEqual({
      "deck": [
        {
          "name": "Chapter I",
          "kind": "chapter"
        },
        {
          "name": "Event 8",
          "kind": "event"
        },
        {
          "name": "Event 7",
          "kind": "event"
        },
        {
          "name": "Event 3",
          "kind": "event"
        },
        {
          "name": "Chapter II",
          "kind": "chapter"
        },
        {
          "name": "Event 2",
          "kind": "event"
        },
        {
          "name": "Event 5",
          "kind": "event"
        },
        {
          "name": "Event 4",
          "kind": "event"
        },
        {
          "name": "Event 12",
          "kind": "event"
        },
        {
          "name": "Chapter III",
          "kind": "chapter"
        },
        {
          "name": "Final Event A",
          "kind": "final-event"
        },
        {
          "name": "Final Event B",
          "kind": "final-event"
        },
        {
          "name": "Final Event C",
          "kind": "final-event"
        }
      ],
      "unused": [
        "Event 6",
        "Event 10",
        "Event 9",
        "Event 11",
        "Event 1"
      ]
    });
    expect(r.rngState).toEqual({
      "s0": 0.045538251055404544,
      "s1": 0.9329027545172721,
      "s2": 0.9346751079428941,
      "c": 17689
    });
  });

  it('twom.pick-lock', () => {
    const r = run('twom.pick-lock');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for Pick the Lock: 5 — row 4-10 applies: discard the Lockpick and resolve the back of the card",
        "die": "black-d10",
        "value": 5,
        "detail": {
          "row": "4-10",
          "outcome": "opened"
        }
      }
    ]);
    expect(r.result).toEqual({
      "roll": 5,
      "outcome": "opened",
      "lockpicks": 0
    });
    expect(r.rngState).toEqual({
      "s0": 0.19536976050585508,
      "s1": 0.8389234482310712,
      "s2": 0.40912776766344905,
      "c": 212154
    });
  });

  it('twom.dusk', () => {
    const r = run('twom.dusk');
    expect(r.transcript).toEqual([
      {
        "text": "Anton drinks 1 Water"
      },
      {
        "text": "Anton eats Raw Food + Raw Food: Hunger 2 → 0"
      },
      {
        "text": "Arica drinks 1 Water"
      },
      {
        "text": "Arica eats Vegetable: Hunger 2 → 2"
      },
      {
        "text": "Rolled the Black die for Bruno, who had no Water: 2 — row 1-5 applies: increases Hunger by 1",
        "die": "black-d10",
        "value": 2,
        "detail": {
          "row": "1-5",
          "outcome": "hunger"
        }
      },
      {
        "text": "Bruno eats nothing: Hunger 3 → 4"
      }
    ]);
    expect(r.result).toEqual({
      "characters": [
        {
          "name": "Anton",
          "drankWater": true,
          "hunger": 0,
          "sadness": 0
        },
        {
          "name": "Arica",
          "drankWater": true,
          "hunger": 2,
          "sadness": 1
        },
        {
          "name": "Bruno",
          "drankWater": false,
          "waterRoll": {
            "roll": 2,
            "effect": "hunger"
          },
          "hunger": 4,
          "sadness": 0
        }
      ],
      "stockpile": {
        "water": 0,
        "cannedFood": 0,
        "rawFood": 0,
        "vegetable": 0
      }
    });
    expect(r.rngState).toEqual({
      "s0": 0.23221036163158715,
      "s1": 0.4219715744256973,
      "s2": 0.12389043066650629,
      "c": 171126
    });
  });

  it('twom.night-assignment', () => {
    const r = run('twom.night-assignment');
    expect(r.transcript).toEqual([
      {
        "text": "Anton: Sleep in a Bed (Bed 1) — Tiredness 2 → 0"
      },
      {
        "text": "Arica: Guard — Tiredness 1 → 2"
      },
      {
        "text": "Bruno: Scavenge — Tiredness 0 → 1"
      },
      {
        "text": "1 on guard (at least 1 needed), 1 scavenging (up to 3)"
      }
    ]);
    expect(r.result).toEqual({
      "assignments": {
        "bed": [
          "Anton"
        ],
        "floor": [],
        "guard": [
          "Arica"
        ],
        "scavenge": [
          "Bruno"
        ]
      },
      "tiredness": {
        "Anton": 0,
        "Arica": 2,
        "Bruno": 1
      }
    });
    expect(r.rngState).toEqual({
      "s0": 0.4794872214552015,
      "s1": 0.4319180315360427,
      "s2": 0.5224992504809052,
      "c": 1
    });
  });

  it('twom.scavenge-unknown-deck', () => {
    const r = run('twom.scavenge-unknown-deck');
    expect(r.transcript).toEqual([
      {
        "text": "Placed the Noise token on the \"1\" space"
      },
      {
        "text": "Shuffled the Exploration deck (16 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 16
        }
      },
      {
        "text": "Drew 10 Exploration cards face down into the Unknown space",
        "detail": {
          "cards": [
            "Exploration 2",
            "Exploration 8",
            "Exploration 6",
            "Exploration 11",
            "Exploration 4",
            "Exploration 13",
            "Exploration 9",
            "Exploration 16",
            "Exploration 12",
            "Exploration 1"
          ]
        }
      }
    ]);
    expect(r.result).toEqual({
      "unknown": [
        "Exploration 2",
        "Exploration 8",
        "Exploration 6",
        "Exploration 11",
        "Exploration 4",
        "Exploration 13",
        "Exploration 9",
        "Exploration 16",
        "Exploration 12",
        "Exploration 1"
      ],
      "explorationDeck": [
        "Exploration 15",
        "Exploration 10",
        "Exploration 5",
        "Exploration 14",
        "Exploration 3",
        "Exploration 7"
      ],
      "noise": 1
    });
    expect(r.rngState).toEqual({
      "s0": 0.6116222741547972,
      "s1": 0.8711588317528367,
      "s2": 0.06783747836016119,
      "c": 1462889
    });
  });

  it('twom.noise-roll', () => {
    const r = run('twom.noise-roll');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for Noise (current Noise 4): 2",
        "die": "black-d10",
        "value": 2
      },
      {
        "text": "2 is equal to or less than the Noise 4: an encounter! The Noise counter goes back to \"1\""
      },
      {
        "text": "Drew 1 from the Residents deck: Resident 1",
        "detail": {
          "operation": "draw",
          "cards": [
            "Resident 1"
          ]
        }
      }
    ]);
    expect(r.result).toEqual({
      "roll": 2,
      "encounter": true,
      "resident": "Resident 1",
      "noise": 1,
      "residentsDeck": [
        "Resident 2",
        "Resident 3"
      ]
    });
    expect(r.rngState).toEqual({
      "s0": 0.11350718908943236,
      "s1": 0.5448305692989379,
      "s2": 0.13065850688144565,
      "c": 318845
    });
  });

  it('twom.carrying-capacity', () => {
    const r = run('twom.carrying-capacity');
    expect(r.transcript).toEqual([
      {
        "text": "Inventory Bruno 5 + Katia 3 = capacity 8"
      },
      {
        "text": "Loot weighs 4×Wood (1) + 1×Canned Food (2) + 3×Components (1) = 9"
      },
      {
        "text": "1 too heavy: what is not carried is discarded"
      }
    ]);
    expect(r.result).toEqual({
      "capacity": 8,
      "weight": 9,
      "fits": false,
      "overBy": 1
    });
    expect(r.rngState).toEqual({
      "s0": 0.19577453169040382,
      "s1": 0.11852271831594408,
      "s2": 0.5466234816703945,
      "c": 1
    });
  });

  it('twom.night-raid', () => {
    const r = run('twom.night-raid');
    expect(r.transcript).toEqual([
      {
        "text": "Night Raid card: Loss 3, Wounds 2"
      },
      {
        "text": "Arica rolled the Knife Combat die: 1 icon",
        "die": "combat:Knife Combat die",
        "value": 1
      },
      {
        "text": "Anton rolled the unarmed Combat die: 1 icon",
        "die": "combat:unarmed Combat die",
        "value": 1
      },
      {
        "text": "1 Barricade Boards token: −1"
      },
      {
        "text": "Reduced by 3 (wounds first): Loss 3 → 2, Wounds 2 → 0"
      }
    ]);
    expect(r.result).toEqual({
      "guardRolls": [
        {
          "guard": "Arica",
          "icons": 1
        },
        {
          "guard": "Anton",
          "icons": 1
        }
      ],
      "reduction": 3,
      "loss": 2,
      "wounds": 0
    });
    expect(r.rngState).toEqual({
      "s0": 0.6629089389462024,
      "s1": 0.441254869569093,
      "s2": 0.5291722863912582,
      "c": 1276025
    });
  });

  it('twom.crime-wave', () => {
    const r = run('twom.crime-wave');
    expect(r.transcript).toEqual([
      {
        "text": "Crime Wave: Red Night Raid 2 goes back into the Night Raids deck"
      },
      {
        "text": "Shuffled the Night Raids deck (4 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 4
        }
      },
      {
        "text": "Crime Wave: Red Resident 1 goes back into the Residents deck"
      },
      {
        "text": "Shuffled the Residents deck (3 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 3
        }
      }
    ]);
    expect(r.result).toEqual({
      "shuffledBack": [
        {
          "card": "Red Night Raid 2",
          "deck": "night-raids"
        },
        {
          "card": "Red Resident 1",
          "deck": "residents"
        }
      ],
      "count": {
        "value": 2,
        "inferred": false,
        "reasoning": null
      },
      "nightRaidsDeck": [
        "Night Raid 1",
        "Night Raid 2",
        "Red Night Raid 2",
        "Night Raid 3"
      ],
      "residentsDeck": [
        "Resident 1",
        "Red Resident 1",
        "Resident 2"
      ],
      "separatedNightRaids": [
        "Red Night Raid 1"
      ],
      "separatedResidents": []
    });
    expect(r.rngState).toEqual({
      "s0": 0.8453757311217487,
      "s1": 0.3543167235329747,
      "s2": 0.9992303245235234,
      "c": 2032507
    });
  });

  it('twom.dawn-draws', () => {
    const r = run('twom.dawn-draws');
    expect(r.transcript).toEqual([
      {
        "text": "Shuffled the Fate deck (4 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 4
        }
      },
      {
        "text": "Drew 1 from the Fate deck: Fate 4",
        "detail": {
          "operation": "draw",
          "cards": [
            "Fate 4"
          ]
        }
      },
      {
        "text": "Resolve the Fate card \"Fate 4\", ignoring the bottom part of the die"
      },
      {
        "text": "Shuffled the Narrative Action deck (4 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 4
        }
      },
      {
        "text": "Drew 2 from the Narrative Action deck: Narrative Action 1, Narrative Action 4",
        "detail": {
          "operation": "draw",
          "cards": [
            "Narrative Action 1",
            "Narrative Action 4"
          ]
        }
      },
      {
        "text": "Read Narrative Action 1 and Narrative Action 4, choose one, and shuffle the other back into the deck"
      }
    ]);
    expect(r.result).toEqual({
      "fateCard": "Fate 4",
      "fateDeck": [
        "Fate 2",
        "Fate 1",
        "Fate 3"
      ],
      "narrativeOptions": [
        "Narrative Action 1",
        "Narrative Action 4"
      ],
      "narrativeActionDeck": [
        "Narrative Action 2",
        "Narrative Action 3"
      ],
      "gaps": [
        "Seed 001 prints no Fate card: the table reads the drawn card and resolves it, ignoring the bottom part of the die.",
        "If the Fate card says to swap a Location: remove it, slide the remaining ones, and draw a new Location for the \"Far Away\" space (the card texts are not in the seed, so this is not resolved here).",
        "Alcohol can be used before or after resolving the Fate card."
      ]
    });
    expect(r.rngState).toEqual({
      "s0": 0.5891198557801545,
      "s1": 0.47696362365968525,
      "s2": 0.6289436058141291,
      "c": 1300024
    });
  });

  it('twom.narrative-action-choice', () => {
    const r = run('twom.narrative-action-choice');
    expect(r.transcript).toEqual([
      {
        "text": "Keep Narrative Action 4; Narrative Action 2 goes back into the Narrative Action deck"
      },
      {
        "text": "Shuffled the Narrative Action deck (3 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 3
        }
      }
    ]);
    expect(r.result).toEqual({
      "chosen": "Narrative Action 4",
      "returned": "Narrative Action 2",
      "narrativeActionDeck": [
        "Narrative Action 2",
        "Narrative Action 3",
        "Narrative Action 1"
      ]
    });
    expect(r.rngState).toEqual({
      "s0": 0.12368383212015033,
      "s1": 0.10501565388403833,
      "s2": 0.9250921979546547,
      "c": 1051747
    });
  });
});
