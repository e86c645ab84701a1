import { runProcedure } from '@scriptbook/rules-engine';
import { hopeInhumanityProcedures } from '.';
import { hopeInhumanityExamples } from './hope-inhumanity.examples';
import { HOPE_DICE_SPENT_REASONING } from './hope-inhumanity.rules-data';

/**
 * Golden resolutions: one per procedure, with the example input and the seed
 * "golden:<procedure id>". Any change to a rule, a table, a transcript line or
 * the order of dice rolls shows up here.
 */

function run(id: keyof typeof hopeInhumanityExamples) {
  const procedure = hopeInhumanityProcedures.find((p) => p.id === id);
  if (!procedure) throw new Error(`no procedure ${id}`);
  return runProcedure(procedure, hopeInhumanityExamples[id], { seed: `golden:${id}` }, undefined);
}

describe('hope-inhumanity golden resolutions', () => {
  it('has a golden example for every procedure', () => {
    expect(hopeInhumanityProcedures.map((p) => p.id).sort()).toEqual(Object.keys(hopeInhumanityExamples).sort());
  });

  it('hope-inhumanity.setup', () => {
    const r = run('hope-inhumanity.setup');
    expect(r.transcript).toEqual([
      {
        "text": "4 players, clockwise: Ana, Ben, Cleo, Dan; each takes 6 Humanity dice"
      },
      {
        "text": "Hope dice pool: 2. The game lasts 5 rounds"
      },
      {
        "text": "Shuffled the Urban Scene deck (2 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 2
        }
      },
      {
        "text": "Shuffled the Rural Scene deck (3 cards)",
        "detail": {
          "operation": "shuffle",
          "size": 3
        }
      }
    ]);
    expect(r.result).toEqual({
      "players": [
        {
          "name": "Ana",
          "humanity": 6
        },
        {
          "name": "Ben",
          "humanity": 6
        },
        {
          "name": "Cleo",
          "humanity": 6
        },
        {
          "name": "Dan",
          "humanity": 6
        }
      ],
      "hopePool": 2,
      "round": 1,
      "rounds": 5,
      "sceneDecks": {
        "Urban": [
          "Bread Line",
          "Checkpoint"
        ],
        "Rural": [
          "Burned Farm",
          "Flooded Road",
          "Ruined Chapel"
        ]
      }
    });
    expect(r.rngState).toEqual({
      "s0": 0.3817174369469285,
      "s1": 0.7545483342837542,
      "s2": 0.7148578756023198,
      "c": 1533759
    });
  });

  it('hope-inhumanity.scene', () => {
    const r = run('hope-inhumanity.scene');
    expect(r.transcript).toEqual([
      {
        "text": "Ana acts on Checkpoint and commits 2 Humanity dice"
      },
      {
        "text": "Ben supports with 2 Humanity dice (no more than the 2 committed)"
      },
      {
        "text": "Cleo has no Humanity left and invokes Last Hope: 1 Hope die, taken out of the pool (inferred)",
        "inference": { "reasoning": HOPE_DICE_SPENT_REASONING }
      },
      {
        "text": "Ana adds 1 die from the Hope pool, taken out of it (inferred)",
        "inference": { "reasoning": HOPE_DICE_SPENT_REASONING }
      },
      {
        "text": "Total hardship = Scene 2 + condition penalties 1 = 3"
      },
      {
        "text": "Rolled 6 dice: 2, 5, 4, 1, 3, 3 — 2 successes (4, 5, 6) against hardship 3: failure",
        "die": "d6",
        "detail": {
          "values": [
            2,
            5,
            4,
            1,
            3,
            3
          ]
        }
      },
      {
        "text": "Dan refused to support and suffers the Refuse penalty"
      },
      {
        "text": "Ana, Ben, Cleo suffer the Fail penalty; committed Humanity dice are lost"
      }
    ]);
    expect(r.result).toEqual({
      "decision": "act",
      "rolled": true,
      "dice": [
        2,
        5,
        4,
        1,
        3,
        3
      ],
      "successes": 2,
      "totalHardship": 3,
      "success": false,
      "outcomes": {
        "Ana": "fail",
        "Ben": "fail",
        "Cleo": "fail",
        "Dan": "refuse"
      },
      "humanity": {
        "Ana": 3,
        "Ben": 1,
        "Cleo": 0,
        "Dan": 4
      },
      "hopePool": 1
    });
    expect(r.rngState).toEqual({
      "s0": 0.07968590524978936,
      "s1": 0.4257807976100594,
      "s2": 0.42103379871696234,
      "c": 1090414
    });
  });

  it('hope-inhumanity.end-round', () => {
    const r = run('hope-inhumanity.end-round');
    expect(r.transcript).toEqual([
      {
        "text": "Round 2 is over. Round 3 begins: +1 Hope die (pool 1 → 2)"
      }
    ]);
    expect(r.result).toEqual({
      "gameOver": false,
      "round": 3,
      "hopePool": 2
    });
    expect(r.rngState).toEqual({
      "s0": 0.8245194128248841,
      "s1": 0.5677634570747614,
      "s2": 0.8591014025732875,
      "c": 1
    });
  });
});
