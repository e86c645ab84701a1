import { z } from 'zod';
import { plain } from '@scriptbook/rules-engine';
import { rollDie } from '@scriptbook/rules-engine';
import { RuleInputError } from '@scriptbook/rules-engine';
import { contentRef, defineProcedure } from '@scriptbook/rules-engine';
import { bindZsContent, BoundScript, ZsContent } from './zs.bind';
import { zsDieFor } from './zs.fate-triggers';
import { ZS_GAME_ID } from './zs.rules-data';
import { describedEnum } from '@scriptbook/rules-engine';
import { dieFacesSchema, dieRollSchema } from './zs.schemas';
import { ZsLinkData } from './zs.types';

const input = z
  .object({
    scriptId: plain(z.string().min(1)).describe('The script being read, e.g. `stalker-zs:script:145`.'),
    face: plain(z.string().min(1))
      .optional()
      .describe('A face rolled at the table: its canonical id (`stalker-zs:icon:purple`) or the spelling the script prints (`[purple icon]`).'),
    choice: plain(z.string().min(1)).optional().describe('A choice as the script prints it ("Try to escape").'),
    roll: z.boolean().optional().describe('True to roll the die for the script here instead of giving a face or a choice.'),
    dieFaces: dieFacesSchema.optional(),
  })
  .describe('A script and how the reader goes on from it: a face rolled, a choice made, or a roll to make. Give exactly one of face, choice and roll.');

const scriptRef = (description: string) =>
  z
    .object({
      id: contentRef('Script', description),
      number: z.number().int().describe('Its three-digit number as printed.'),
    })
    .describe('A script of the Zone Survival Scriptbook.');

const result = z
  .object({
    scriptId: contentRef('Script', 'The script read.'),
    scriptNumber: z.number().int().describe('Its number.'),
    via: z
      .object({
        type: describedEnum('ZoneSurvivalScriptVia', {
          'die-face': 'A face of the die selected the branch.',
          choice: 'The reader chose the branch.',
        }).describe('What kind of branch was taken.'),
        face: z.string().nullable().describe('The face, as its canonical icon id; null for a choice.'),
        label: z.string().nullable().describe('The choice as printed; null for a face.'),
      })
      .describe('What selected the branch.'),
    roll: dieRollSchema.nullable().describe('The roll made here, when `roll` was asked; null otherwise.'),
    outcome: z
      .string()
      .nullable()
      .describe('The branch as the script prints it ("Gain 1 [shovel icon]."), also when it leads nowhere else; null when the script prints no line for it.'),
    next: scriptRef('The script to read next.')
      .nullable()
      .describe('The next script; null when the branch leads to none: "simply close the Script Book and return to the game on the Map".'),
  })
  .describe('One step through the Scriptbook.');

type DieLink = Extract<ZsLinkData, { type: 'die-face' }>;

function faceBranch(content: ZsContent, script: BoundScript, face: string) {
  const link = script.links.find((l): l is DieLink => l.type === 'die-face' && (l.faceId ?? content.faces.canonical(l.face)) === face);
  const inline = script.outcomes.find((o) => o.faceIds.includes(face));
  return { link, outcome: inline?.text ?? null };
}

/**
 * Scriptbook navigation. A die branch may lead to another script or be printed
 * inline (script 038: "[purple icon] or [red cross icon] – Gain 1 [shovel
 * icon]."); either way its line is returned. "Each time you resolve a Script
 * and it does not lead to any other Script, simply close the Script Book and
 * return to the game on the Map."
 */
export const zoneSurvivalScriptStepProcedure = defineProcedure({
  id: 'stalker-zs.script-step',
  gameId: ZS_GAME_ID,
  field: 'zoneSurvivalScriptStep',
  description: 'Scriptbook: from a script and a die face or a choice to its outcome and the next script',
  input,
  result,
  draws: true,
  bind: bindZsContent,
  run: ({ scriptId, face, choice, roll: rollAsked, dieFaces }, { random, transcript, content }) => {
    const script = content.scripts.get(scriptId);
    if (!script) throw new RuleInputError('scriptId', 'unknown', `scriptId "${scriptId}" is not in the Scriptbook`);
    const given = [face, choice, rollAsked === true ? true : undefined].filter((x) => x !== undefined).length;
    if (given !== 1) throw new RuleInputError('face', 'one-of', 'give exactly one of face, choice or roll: true');

    let link: ZsLinkData | undefined;
    let outcome: string | null = null;
    let via: { type: 'die-face' | 'choice'; face: string | null; label: string | null };
    let roll: { die: string; faceIndex: number; value: string } | null = null;
    const pad = String(script.number).padStart(3, '0');

    if (choice !== undefined) {
      const wanted = choice.trim().toLowerCase();
      const found = script.links.find((l) => l.type === 'choice' && l.label.trim().toLowerCase() === wanted) as Extract<ZsLinkData, { type: 'choice' }> | undefined;
      if (!found) throw new RuleInputError('choice', 'no-link', `Script ${pad} offers no choice "${choice}"`);
      link = found;
      via = { type: 'choice', face: null, label: found.label };
    } else if (face !== undefined) {
      const id = content.faces.canonical(face);
      ({ link, outcome } = faceBranch(content, script, id));
      if (!link && outcome === null) throw new RuleInputError('face', 'no-link', `Script ${pad} prints no branch for ${face}`);
      via = { type: 'die-face', face: id, label: null };
    } else {
      const die = zsDieFor(content, dieFaces, 'dieFaces');
      const hasBranches = script.links.some((l) => l.type === 'die-face') || script.outcomes.length > 0;
      if (!hasBranches) throw new RuleInputError('roll', 'no-link', `Script ${pad} has no die branches to roll for`);
      const rolled = rollDie(random, die);
      const id = String(rolled.value);
      roll = { die: rolled.die, faceIndex: rolled.faceIndex, value: id };
      transcript.add(`Script ${pad}: rolled the ${die.name}: ${id}`, { die: die.id, value: id });
      ({ link, outcome } = faceBranch(content, script, id));
      via = { type: 'die-face', face: id, label: null };
    }

    const how = via.type === 'choice' ? `chose "${via.label}"` : String(via.face);
    if (outcome !== null) transcript.add(`Script ${pad}, ${how}: ${outcome}`);
    const base = { scriptId, scriptNumber: script.number, via, roll, outcome };
    if (!link || !('target' in link)) {
      transcript.add(`Script ${pad}, ${how}: no other script follows; return to the game on the Map`);
      return { ...base, next: null };
    }
    const target = content.scripts.get(link.target);
    if (!target) throw new RuleInputError('scriptId', 'unknown', `Script ${pad} points at ${link.target}, which is not in the Scriptbook`);
    transcript.add(`Script ${pad}, ${how}: see Script ${String(target.number).padStart(3, '0')}`, { detail: { from: scriptId, to: target.id } });
    return { ...base, next: { id: target.id, number: target.number } };
  },
});
