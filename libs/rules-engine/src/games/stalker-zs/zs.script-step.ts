import { DieDefinition, DieRoll, rollDie } from '../../dice/die';
import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { ZsLinkData, ZsScriptData } from './zs.types';
import { zsArray, zsDie, zsInt, zsObject, zsString } from './zs.validate';

export interface ZoneSurvivalScriptStepInput {
  /** The Scriptbook's link data (zs-script items fit as they are). */
  readonly scripts: readonly ZsScriptData[];
  readonly scriptId: string;
  /** A rolled face, as the script's branches label it ("[purple icon]"). */
  readonly face?: string;
  /** A choice label as printed ("Try to escape"). */
  readonly choice?: string;
  /** Roll this die for the script's die branches instead of giving a face. */
  readonly die?: DieDefinition;
}

export interface ZoneSurvivalScriptStepResult {
  readonly scriptId: string;
  readonly scriptNumber: number;
  readonly via: { readonly type: 'die-face'; readonly face: string } | { readonly type: 'choice'; readonly label: string };
  readonly roll: DieRoll | null;
  /** The next script, or null when a rolled face has no branch ("return to the game on the Map"). */
  readonly next: { readonly id: string; readonly number: number } | null;
}

interface ScriptIndex {
  readonly byId: ReadonlyMap<string, ZsScriptData>;
}

/** The Scriptbook is static; it is checked and indexed once per list. */
const indexes = new WeakMap<readonly ZsScriptData[], ScriptIndex>();

const LINK_TYPES = ['see', 'die-face', 'choice', 'card', 'external'];

function indexScripts(value: unknown): ScriptIndex {
  const scripts = zsArray<ZsScriptData>(value, 'scripts', 1);
  const cached = indexes.get(scripts);
  if (cached) return cached;
  const byId = new Map<string, ZsScriptData>();
  scripts.forEach((item, i) => {
    const s = zsObject(item, `scripts[${i}]`);
    const id = zsString(s.id, `scripts[${i}].id`);
    zsInt(s.number, `scripts[${i}].number`, 1);
    zsArray<unknown>(s.links, `scripts[${i}].links`).forEach((l, j) => {
      const link = zsObject(l, `scripts[${i}].links[${j}]`);
      if (!LINK_TYPES.includes(link.type as string)) {
        throw new RuleInputError(`scripts[${i}].links[${j}].type`, 'unknown', `scripts[${i}].links[${j}].type must be one of ${LINK_TYPES.join(', ')}`);
      }
    });
    if (byId.has(id)) throw new RuleInputError(`scripts[${i}].id`, 'duplicate', `scripts[${i}].id "${id}" is used twice`);
    byId.set(id, item);
  });
  const index = { byId };
  indexes.set(scripts, index);
  return index;
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Scriptbook navigation: a script and a die face or a choice give the next
 * script. "Each time you resolve a Script and it does not lead to any other
 * Script, simply close the Script Book and return to the game on the Map."
 */
export function zoneSurvivalScriptStep(input: ZoneSurvivalScriptStepInput, seed: string): Resolution<ZoneSurvivalScriptStepResult> {
  zsObject(input, 'input');
  const { byId } = indexScripts(input.scripts);
  const scriptId = zsString(input.scriptId, 'scriptId');
  const script = byId.get(scriptId);
  if (!script) throw new RuleInputError('scriptId', 'unknown', `scriptId "${scriptId}" is not in the Scriptbook`);
  const given = [input.face, input.choice, input.die].filter((x) => x !== undefined).length;
  if (given !== 1) throw new RuleInputError('face', 'required', 'give exactly one of face, choice or die');
  const faceLinks = script.links.filter((l): l is Extract<ZsLinkData, { type: 'die-face' }> => l.type === 'die-face');
  let via: ZoneSurvivalScriptStepResult['via'];
  let link: ZsLinkData | undefined;
  let die: DieDefinition | null = null;
  if (input.choice !== undefined) {
    const label = zsString(input.choice, 'choice');
    link = script.links.find((l) => l.type === 'choice' && norm(l.label) === norm(label));
    if (!link) throw new RuleInputError('choice', 'no-link', `Script ${script.number} offers no choice "${label}"`);
    via = { type: 'choice', label: (link as { label: string }).label };
  } else if (input.face !== undefined) {
    const face = zsString(input.face, 'face');
    link = faceLinks.find((l) => l.face === face.trim());
    if (!link) throw new RuleInputError('face', 'no-link', `Script ${script.number} has no branch for ${face}`);
    via = { type: 'die-face', face: face.trim() };
  } else {
    die = zsDie(input.die, 'die');
    if (faceLinks.length === 0) throw new RuleInputError('die', 'no-link', `Script ${script.number} has no die branches to roll for`);
    via = { type: 'die-face', face: '' };
  }

  return resolve(seed, (random, transcript) => {
    let roll: DieRoll | null = null;
    if (die) {
      roll = rollDie(random, die);
      const face = String(roll.value);
      transcript.add(`Script ${script.number}: rolled the ${die.name}: ${face}`, { die: die.id, value: roll.value });
      link = faceLinks.find((l) => l.face === face);
      via = { type: 'die-face', face };
    }
    const target = link && link.type !== 'external' ? byId.get(link.target) : undefined;
    const how = via.type === 'choice' ? `chose "${via.label}"` : `${via.face}`;
    if (!link) {
      transcript.add(`Script ${script.number} lists no branch for ${how}: return to the game on the Map`);
      return { scriptId, scriptNumber: script.number, via, roll, next: null };
    }
    if (!target) {
      throw new RuleInputError('scripts', 'unknown', `Script ${script.number} points at ${(link as { target: string }).target}, which is not in the Scriptbook`);
    }
    transcript.add(`Script ${script.number}, ${how}: see Script ${String(target.number).padStart(3, '0')}`, {
      detail: { from: scriptId, to: target.id },
    });
    return { scriptId, scriptNumber: script.number, via, roll, next: { id: target.id, number: target.number } };
  });
}
