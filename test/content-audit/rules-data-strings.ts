import { stringsWithPaths } from '@scriptbook/content';
import * as hope from '@scriptbook/games/hope-inhumanity/rules/hope-inhumanity.rules-data';
import * as zs from '@scriptbook/games/stalker-zs/rules/zs.rules-data';
import * as core from '@scriptbook/games/twom/rules/core/twom.rules-data';
import * as tactics from '@scriptbook/games/twom/rules/tactics/twom-tactics.rules-data';
import * as incidents from '@scriptbook/games/twom/rules/tales/incidents.rules-data';
import * as tales from '@scriptbook/games/twom/rules/tales/twom-tales.rules-data';
import { EDITORIAL_CONSTANTS } from './editorial-fields';
import { ServedString } from './printed-strings';

/** The rules-data modules, whose strings reach transcripts, results and campaign notes. */
export const RULES_DATA_MODULES: Readonly<Record<string, Record<string, unknown>>> = {
  'twom.rules-data': core,
  'twom-tactics.rules-data': tactics,
  'twom-tales.rules-data': tales,
  'incidents.rules-data': incidents,
  'hope-inhumanity.rules-data': hope,
  'zs.rules-data': zs,
};

/** Keys whose strings are the engine's own: enum values, ids, kinds. */
const ENGINE_KEYS = new Set(['outcome', 'kind', 'id', 'gameId', 'moduleId', 'border', 'state', 'target', 'rule']);
/** Keys and constants whose strings are our reasoning, audited for their quotations only. */
const isReasoning = (name: string, path: string) =>
  /_REASONING$|_READING$/.test(name) || EDITORIAL_CONSTANTS.some((c) => c.name === name) || /(^|\.)(inference|reasoning|sourceNote)$/.test(path);
/** Ids, slugs and camelCase keys: the engine's names, never shown as printed. */
const isId = (text: string) => /^[a-z0-9-]+(:[a-z0-9-]+)+$/.test(text) || /^[a-z0-9-]+$/.test(text) || /^[a-z]+(?:[A-Z][a-z]+)+$/.test(text);

/** The value at `path` inside `value`. */
function at(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);
}

/** A table row with `inference` is a reading (`unprintedRow`): its text is ours. */
const isInferredRowText = (value: unknown, keys: string[]) => keys[keys.length - 1] === 'text' && typeof (at(value, keys.slice(0, -1)) as { inference?: unknown })?.inference === 'string';
/** Titles and names, which a rulebook may print in capitals ("SLEEP IN A BED"). */
const isName = (keys: string[]) => /^(title|name|cardName)$/.test(keys[keys.length - 1]);

/**
 * Every string the rules-data modules export, as the audit reads it: printed
 * word for word unless it is an id or enum value (left out) or reasoning
 * (its quotations only). A new constant is audited by default.
 */
export function rulesDataStrings(modules = RULES_DATA_MODULES): ServedString[] {
  const out: ServedString[] = [];
  for (const [moduleName, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === 'function') continue;
      for (const { path, text } of stringsWithPaths(value)) {
        const keys = path.split('.');
        if (keys.some((key) => ENGINE_KEYS.has(key)) || isId(text)) continue;
        const as = isReasoning(name, path) || isInferredRowText(value, keys) ? 'quotes' : isName(keys) ? 'name' : 'printed';
        out.push({ source: `${moduleName}#${name}`, field: path, text, as });
      }
    }
  }
  return out;
}
