import { z } from 'zod';
import { plain } from '@scriptbook/rules-engine';
import { rollDie } from '@scriptbook/rules-engine';
import { RuleInputError } from '@scriptbook/rules-engine';
import { contentRef, defineProcedure } from '@scriptbook/rules-engine';
import { bindZsContent, ZsContent, zsCard } from './zs.bind';
import { ZS_ALWAYS_RESOLVE_UNKNOWNS, ZS_GAME_ID, ZS_RED_CROSS_FACE_ID } from './zs.rules-data';
import { describedEnum } from '@scriptbook/rules-engine';
import { dieFacesSchema, dieRollSchema, uniqueIds } from './zs.schemas';
import { ZsCardData } from './zs.types';

const input = z
  .object({
    cardIds: z
      .array(plain(z.string().min(1)).describe('A card id, e.g. `stalker-zs:card:event:blizzard`.'))
      .superRefine((ids, ctx) => uniqueIds(ids, ctx))
      .describe('Every face-up card next to the board (Event, Setup, Special cards...), each once.'),
    unknownStacks: z.number().int().min(0).optional().describe('Stacks of Unknown tokens on the Map, for the reminder to resolve one from each.'),
    scenarioId: plain(z.string().min(1))
      .optional()
      .describe('The Scenario played: Frontal Assault and Surrounded resolve Unknown tokens in every Fate Triggers step.'),
    dieFaces: dieFacesSchema.optional(),
  })
  .describe('The cards next to the board and the die to roll for the Fate Triggers step.');

const result = z
  .object({
    roll: dieRollSchema,
    fired: z
      .array(
        z
          .object({
            cardId: contentRef('Card', 'The card whose Fate Triggers section fired.'),
            cardName: z.string().describe('Its name.'),
            trigger: describedEnum('ZoneSurvivalFateTrigger', {
              always: 'The effect "is not associated with any [Fate roll icon] result", so it fires on every roll.',
              face: 'The effect is bound to the face rolled.',
            }).describe('Why the effect fired.'),
            text: z.string().describe('The effect as printed.'),
          })
          .describe('One Fate Triggers effect that fires.'),
      )
      .describe('Every effect that fires this step, card by card.'),
    resolveUnknowns: z.boolean().describe('Whether to resolve 1 Unknown token from each stack this step.'),
    resolveUnknownsBecause: z
      .string()
      .nullable()
      .describe('Why: the red cross was rolled, or the Scenario resolves them every step (with its printed line); null when not.'),
    unknownStacks: z.number().int().nullable().describe('The stacks given, or null.'),
    facesNotOnDie: z
      .array(
        z
          .object({
            cardId: contentRef('Card', 'The card naming the face.'),
            face: z.string().describe('The face, as its canonical icon id.'),
          })
          .describe('A face a card names that the given die lacks.'),
      )
      .describe('Faces the cards name that no face of the given die carries: those effects can never fire with that die.'),
  })
  .describe('One Fate Triggers step: the roll and what it sets off.');

/** The die to roll: the faces given, else the content's, read as canonical ids. */
export function zsDieFor(content: ZsContent, dieFaces: readonly string[] | undefined, field: string) {
  const faces = dieFaces?.map((f) => content.faces.canonical(f)) ?? content.die.faces;
  if (!faces) throw new RuleInputError(field, 'required', `the seed does not list the faces of the ${content.die.name}, so the content has none: give ${field}`);
  return { id: content.die.id, name: content.die.name, faces };
}

function requireCard(content: ZsContent, id: string, field: string): ZsCardData {
  const card = zsCard(content, id);
  if (!card) throw new RuleInputError(field, 'unknown', `${field} "${id}" is not a Zone Survival card`);
  return card;
}

/**
 * The Fate Triggers step: "always starts with the [Fate roll icon] roll (only
 * one roll!) to determine which of the effects described in the red section of
 * EACH card placed next to the board is activated". Unbound effects "ALWAYS
 * trigger"; bound ones "only activate if the result of the roll ... matches".
 * Faces are compared by canonical id, so Blizzard's `[yellow item icon]` fires
 * on the face the scripts call `[yellow icon]`.
 */
export const zoneSurvivalFateTriggersProcedure = defineProcedure({
  id: 'stalker-zs.fate-triggers',
  gameId: ZS_GAME_ID,
  field: 'zoneSurvivalFateTriggers',
  description: 'Fate Triggers step: one roll of the Zone Survival die and the effects of the face-up cards that fire',
  input,
  result,
  draws: true,
  bind: bindZsContent,
  run: ({ cardIds, unknownStacks, scenarioId, dieFaces }, { random, transcript, content }) => {
    const cards = cardIds.map((id, i) => requireCard(content, id, `cardIds[${i}]`));
    const scenario = scenarioId === undefined ? undefined : content.scenarios.get(scenarioId);
    if (scenarioId !== undefined && !scenario) throw new RuleInputError('scenarioId', 'unknown', `scenarioId "${scenarioId}" is not one of the ten Scenarios`);
    const die = zsDieFor(content, dieFaces, 'dieFaces');
    const onDie = new Set(die.faces);

    const roll = rollDie(random, die);
    const face = String(roll.value);
    transcript.add(`Fate roll: ${face}`, { die: die.id, value: face });
    const fired: { cardId: string; cardName: string; trigger: 'always' | 'face'; text: string }[] = [];
    const facesNotOnDie: { cardId: string; face: string }[] = [];
    for (const card of cards) {
      const ft = card.fateTriggers;
      if (!ft) continue;
      for (const text of ft.always) {
        fired.push({ cardId: card.id, cardName: card.name, trigger: 'always', text });
        transcript.add(`${card.name} (always): ${text}`);
      }
      for (const outcome of ft.byFace) {
        const ids = outcome.faces.map((f, i) => outcome.faceIds?.[i] ?? content.faces.canonical(f));
        for (const id of ids) if (!onDie.has(id)) facesNotOnDie.push({ cardId: card.id, face: id });
        if (ids.includes(face)) {
          fired.push({ cardId: card.id, cardName: card.name, trigger: 'face', text: outcome.text });
          transcript.add(`${card.name} (${face}): ${outcome.text}`);
        }
      }
    }
    if (fired.length === 0) transcript.add('No Fate Trigger fires');
    for (const miss of facesNotOnDie) transcript.add(`${miss.face} on ${miss.cardId} is not a face of the ${die.name}; that effect cannot fire`);

    const always = scenario ? ZS_ALWAYS_RESOLVE_UNKNOWNS[scenario.data.number] : undefined;
    const because = always ? `${scenario!.data.name}: "${always}"` : face === ZS_RED_CROSS_FACE_ID ? 'the red cross was rolled' : null;
    if (because) {
      const each = unknownStacks === undefined ? 'each stack of Unknown tokens' : `each of the ${unknownStacks} stacks of Unknown tokens`;
      transcript.add(`Resolve 1 Unknown token from ${each} (${because})`);
    }
    return {
      roll: { die: roll.die, faceIndex: roll.faceIndex, value: face },
      fired,
      resolveUnknowns: because !== null,
      resolveUnknownsBecause: because,
      unknownStacks: unknownStacks ?? null,
      facesNotOnDie,
    };
  },
});
