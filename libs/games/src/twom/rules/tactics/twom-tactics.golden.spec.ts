import { runProcedure } from '@scriptbook/rules-engine';
import { twomTacticsProcedures } from '.';
import { twomTacticsExamples } from './twom-tactics.examples';
import { ALARM_TABLE, PROWESS_REROLLS_REASONING, UNMARK_TABLE } from './twom-tactics.rules-data';

/**
 * Golden resolutions: one per procedure, with the example input and the seed
 * "golden:<procedure id>". Any change to a rule, a table, a transcript line or
 * the order of dice rolls shows up here.
 */

function run(id: keyof typeof twomTacticsExamples) {
  const procedure = twomTacticsProcedures.find((p) => p.id === id);
  if (!procedure) throw new Error(`no procedure ${id}`);
  return runProcedure(procedure, twomTacticsExamples[id], { seed: `golden:${id}` }, undefined);
}

describe('twom-tactics golden resolutions', () => {
  it('has a golden example for every procedure', () => {
    expect(twomTacticsProcedures.map((p) => p.id).sort()).toEqual(Object.keys(twomTacticsExamples).sort());
  });

  it('twom-tactics.map-setup', () => {
    const r = run('twom-tactics.map-setup');
    expect(r.transcript).toEqual([
      {
        "text": "A medium Location: use side A of the Tactics Map"
      },
      {
        "text": "Placed 7 Tactics tokens (3 single-icon spaces × 1, 2 double-icon spaces × 2)"
      }
    ]);
    expect(r.result).toEqual({
      "side": "A",
      "tokensPlaced": 7,
      "tokensLeft": 2
    });
    expect(r.rngState).toEqual({
      "s0": 0.10210787574760616,
      "s1": 0.5966403055936098,
      "s2": 0.7715624067932367,
      "c": 1
    });
  });

  it('twom-tactics.starting-spaces', () => {
    const r = run('twom-tactics.starting-spaces');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for Roman's starting space: 7",
        "die": "black-d10",
        "value": 7
      },
      {
        "text": "Rolled the Black die for Katia's starting space: 3",
        "die": "black-d10",
        "value": 3
      },
      {
        "text": "Rolled the Black die for Bruno's starting space: 7",
        "die": "black-d10",
        "value": 7
      },
      {
        "text": "Roman and Bruno share space 7 and form a group"
      }
    ]);
    expect(r.result).toEqual({
      "spaces": {
        "Roman": 7,
        "Katia": 3,
        "Bruno": 7
      },
      "groups": [
        {
          "space": 3,
          "characters": [
            "Katia"
          ]
        },
        {
          "space": 7,
          "characters": [
            "Roman",
            "Bruno"
          ]
        }
      ]
    });
    expect(r.rngState).toEqual({
      "s0": 0.6827045506797731,
      "s1": 0.23733875970356166,
      "s2": 0.6535320959519595,
      "c": 2008496
    });
  });

  it('twom-tactics.hide-test', () => {
    const r = run('twom-tactics.hide-test');
    expect(r.transcript).toEqual([
      {
        "text": "Hide = Action modifier 1 + blue number 3 = 4"
      },
      {
        "text": "The group rerolls with the lowest Prowess, Katia's 1: up to 1 reroll(s) (inferred: seed 002 gives no count)",
        "inference": { "reasoning": PROWESS_REROLLS_REASONING }
      },
      {
        "text": "Rolled the Black die for the Hide test (Hide 4): 4",
        "die": "black-d10",
        "value": 4
      },
      {
        "text": "4 ≤ Hide 4: the Enemy did not spot you. Mark the Enemy 2 spaces away"
      }
    ]);
    expect(r.result).toEqual({
      "hide": 4,
      "rerollsAllowed": { "value": 1, "inferred": true, "reasoning": PROWESS_REROLLS_REASONING },
      "rolls": [
        4
      ],
      "spotted": false,
      "markEnemySpacesAway": 2
    });
    expect(r.rngState).toEqual({
      "s0": 0.14727085432969034,
      "s1": 0.09011183446273208,
      "s2": 0.3255057269707322,
      "c": 2010179
    });
  });

  it('twom-tactics.noise-test', () => {
    const r = run('twom-tactics.noise-test');
    expect(r.transcript).toEqual([
      {
        "text": "Noise = Action modifier 0 + red number 4 = 4"
      },
      {
        "text": "The group rerolls with the lowest Prowess, Katia's 1: up to 1 reroll(s) (inferred: seed 002 gives no count)",
        "inference": { "reasoning": PROWESS_REROLLS_REASONING }
      },
      {
        "text": "Rolled the Black die for the Noise test (Noise 4): 4",
        "die": "black-d10",
        "value": 4
      },
      {
        "text": "Rolled the Black die for the Noise test (Noise 4), Prowess reroll 1 of 1: 10",
        "die": "black-d10",
        "value": 10
      },
      {
        "text": "10 > Noise 4: no Enemies heard you"
      }
    ]);
    expect(r.result).toEqual({
      "noise": 4,
      "rerollsAllowed": { "value": 1, "inferred": true, "reasoning": PROWESS_REROLLS_REASONING },
      "rolls": [
        4,
        10
      ],
      "heard": false
    });
    expect(r.rngState).toEqual({
      "s0": 0.16379133448936045,
      "s1": 0.37495075864717364,
      "s2": 0.9988294704817235,
      "c": 239553
    });
  });

  it('twom-tactics.unmark-enemies', () => {
    const r = run('twom-tactics.unmark-enemies');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for the Enemy marked at space 7: 8 — no printed row covers 4-10 (inferred: the Enemy stays marked)",
        "die": "black-d10",
        "value": 8,
        "detail": {
          "row": "4-10",
          "outcome": false
        },
        "inference": { "reasoning": UNMARK_TABLE[1].inference }
      },
      {
        "text": "Rolled the Black die for the Enemy marked at space 12: 9 — no printed row covers 4-10 (inferred: the Enemy stays marked)",
        "die": "black-d10",
        "value": 9,
        "detail": {
          "row": "4-10",
          "outcome": false
        },
        "inference": { "reasoning": UNMARK_TABLE[1].inference }
      }
    ]);
    expect(r.result).toEqual({
      "rolls": {
        "space 7": 8,
        "space 12": 9
      },
      "unmarked": [],
      "stillMarked": [
        "space 7",
        "space 12"
      ]
    });
    expect(r.rngState).toEqual({
      "s0": 0.3848313558846712,
      "s1": 0.7318925820291042,
      "s2": 0.8085094669368118,
      "c": 1047231
    });
  });

  it('twom-tactics.alarm-roll', () => {
    const r = run('twom-tactics.alarm-roll');
    expect(r.transcript).toEqual([
      {
        "text": "Rolled the Black die for Roman's shot: 7 — no printed row covers 6-10 (inferred: the Alarm card is not activated)",
        "die": "black-d10",
        "value": 7,
        "detail": {
          "row": "6-10",
          "outcome": false
        },
        "inference": { "reasoning": ALARM_TABLE[1].inference }
      }
    ]);
    expect(r.result).toEqual({
      "roll": 7,
      "alarm": false
    });
    expect(r.rngState).toEqual({
      "s0": 0.2457487985957414,
      "s1": 0.09044604632072151,
      "s2": 0.690492942230776,
      "c": 709580
    });
  });

  it('twom-tactics.flee', () => {
    const r = run('twom-tactics.flee');
    expect(r.transcript).toEqual([
      {
        "text": "An Enemy performs a Backstab on Katia"
      },
      {
        "text": "After the Backstab, Katia moves 3 spaces from the Combat Location"
      },
      {
        "text": "Activate the Alarm card"
      },
      {
        "text": "Finish the turn"
      }
    ]);
    expect(r.result).toEqual({
      "steps": [
        "An Enemy performs a Backstab on Katia",
        "After the Backstab, Katia moves 3 spaces from the Combat Location",
        "Activate the Alarm card",
        "Finish the turn"
      ],
      "move": 3,
      "alarm": true,
      "turnEnds": true
    });
    expect(r.rngState).toEqual({
      "s0": 0.3692275087814778,
      "s1": 0.5263944128528237,
      "s2": 0.29275239259004593,
      "c": 1
    });
  });
});
