import { DieDefinition, DieRoll, rollDie } from '../../dice/die';
import { resolve } from '../../procedure';
import { Resolution } from '../../transcript';
import { ZS_ALWAYS_RESOLVE_UNKNOWNS_SCENARIOS, ZS_RED_CROSS_FACE } from './zs.rules-data';
import { FateCardData } from './zs.types';
import { zsArray, zsDie, zsInt, zsObject, zsString, zsStringList } from './zs.validate';

export interface ZoneSurvivalFateInput {
  /**
   * The Zone Survival die. The seed never lists its faces, so there is no
   * default: the caller supplies them, as the labels its cards use.
   */
  readonly die: DieDefinition;
  /** Every face-up card next to the board: Event, Setup, Special cards, etc. */
  readonly cards: readonly FateCardData[];
  /** Stacks of Unknown tokens on the Map, for the red cross reminder. */
  readonly unknownStacks?: number;
  /** The Scenario's number; Frontal Assault (9) resolves Unknown tokens every Round. */
  readonly scenarioNumber?: number;
}

export interface ZsFiredEffect {
  readonly cardId: string;
  readonly cardName: string;
  /** `always`: "not associated with any [Fate roll icon] result"; `face`: matched the roll. */
  readonly trigger: 'always' | 'face';
  readonly text: string;
}

export interface ZoneSurvivalFateResult {
  readonly roll: DieRoll;
  readonly fired: readonly ZsFiredEffect[];
  /** Resolve 1 Unknown token from each stack this step. */
  readonly resolveUnknowns: boolean;
  readonly unknownStacks: number | null;
  /** Face labels on cards that no face of the given die carries: such effects can never fire. */
  readonly facesNotOnDie: readonly { readonly cardId: string; readonly face: string }[];
}

function checkCards(value: unknown): readonly FateCardData[] {
  return zsArray<unknown>(value, 'cards').map((item, i) => {
    const card = zsObject(item, `cards[${i}]`);
    zsString(card.id, `cards[${i}].id`);
    zsString(card.name, `cards[${i}].name`);
    if (card.fateTriggers !== null && card.fateTriggers !== undefined) {
      const ft = zsObject(card.fateTriggers, `cards[${i}].fateTriggers`);
      zsStringList(ft.always, `cards[${i}].fateTriggers.always`);
      zsArray<unknown>(ft.byFace, `cards[${i}].fateTriggers.byFace`).forEach((o, j) => {
        const path = `cards[${i}].fateTriggers.byFace[${j}]`;
        const outcome = zsObject(o, path);
        zsArray(outcome.faces, `${path}.faces`, 1);
        zsStringList(outcome.faces, `${path}.faces`);
        zsString(outcome.text, `${path}.text`);
      });
    }
    return card as unknown as FateCardData;
  });
}

/**
 * The Fate Triggers step: "always starts with the [Fate roll icon] roll (only
 * one roll!) to determine which of the effects described in the red section of
 * EACH card placed next to the board is activated". Unbound effects "ALWAYS
 * trigger"; bound ones "only activate if the result of the roll ... matches".
 */
export function zoneSurvivalFateTriggers(input: ZoneSurvivalFateInput, seed: string): Resolution<ZoneSurvivalFateResult> {
  zsObject(input, 'input');
  const die = zsDie(input.die, 'die');
  const cards = checkCards(input.cards);
  const stacks = input.unknownStacks === undefined ? null : zsInt(input.unknownStacks, 'unknownStacks', 0);
  const scenarioNumber = input.scenarioNumber === undefined ? null : zsInt(input.scenarioNumber, 'scenarioNumber', 1, 10);
  const faces = new Set(die.faces.map(String));

  return resolve(seed, (random, transcript) => {
    const roll = rollDie(random, die);
    const face = String(roll.value);
    transcript.add(`Fate roll: ${face}`, { die: die.id, value: roll.value });
    const fired: ZsFiredEffect[] = [];
    const facesNotOnDie: { cardId: string; face: string }[] = [];
    for (const card of cards) {
      const ft = card.fateTriggers;
      if (!ft) continue;
      for (const text of ft.always) {
        fired.push({ cardId: card.id, cardName: card.name, trigger: 'always', text });
        transcript.add(`${card.name} (always): ${text}`);
      }
      for (const outcome of ft.byFace) {
        for (const f of outcome.faces) if (!faces.has(f)) facesNotOnDie.push({ cardId: card.id, face: f });
        if (outcome.faces.includes(face)) {
          fired.push({ cardId: card.id, cardName: card.name, trigger: 'face', text: outcome.text });
          transcript.add(`${card.name} (${face}): ${outcome.text}`);
        }
      }
    }
    if (fired.length === 0) transcript.add('No Fate Trigger fires');
    for (const miss of facesNotOnDie) {
      transcript.add(`${miss.face} on ${miss.cardId} is not a face of the ${die.name}; that effect cannot fire`);
    }
    const always = scenarioNumber !== null && ZS_ALWAYS_RESOLVE_UNKNOWNS_SCENARIOS.includes(scenarioNumber);
    const resolveUnknowns = always || face === ZS_RED_CROSS_FACE;
    if (resolveUnknowns) {
      const why = always ? 'this Scenario resolves them every Fate Triggers step' : `rolled ${ZS_RED_CROSS_FACE}`;
      const each = stacks === null ? 'each stack of Unknown tokens' : `each of the ${stacks} stacks of Unknown tokens`;
      transcript.add(`Resolve 1 Unknown token from ${each} (${why})`);
    }
    return { roll, fired, resolveUnknowns, unknownStacks: stacks, facesNotOnDie };
  });
}
