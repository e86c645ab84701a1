import { ContentLibrary } from '@scriptbook/content';
import {
  DieDefinition,
  RuleInputError,
  ZoneSurvivalSetupContent,
  ZsContentLike,
  zsDieFromItem,
  ZsNumberedData,
  zsNumberedFromItems,
  ZsScriptData,
  zsScriptsFromItems,
  zsSetupContentFromItems,
} from '@scriptbook/rules-engine';

export const ZS_DIE_ID = 'stalker-zs:die:zone-survival';
const ZS_EVENT_DECK_ID = 'stalker-zs:deck:event';

/** The Zone Survival data of one library, picked out once: content is fixed per release. */
export interface ZsContent {
  readonly setup: ZoneSurvivalSetupContent;
  readonly scenarios: readonly ZsNumberedData[];
  readonly maps: readonly ZsNumberedData[];
  /** One array for the library's lifetime: the engine indexes the Scriptbook per array. */
  readonly scripts: readonly ZsScriptData[];
  item(id: string): ZsContentLike | undefined;
}

const cache = new WeakMap<ContentLibrary, ZsContent>();

export function zsContent(library: ContentLibrary): ZsContent {
  let content = cache.get(library);
  if (!content) {
    content = build(library);
    cache.set(library, content);
  }
  return content;
}

function build(library: ContentLibrary): ZsContent {
  const items = [
    ...library.ofKind('zs-scenario'),
    ...library.ofKind('zs-card'),
    ...library.ofKind('zs-script'),
    ...library.ofKind('zs-map'),
  ] as unknown as ZsContentLike[];
  const all = zsSetupContentFromItems(items);
  const deckSize = library.getOfKind('deck', ZS_EVENT_DECK_ID)?.cardCount;
  // A shuffle of the few Event cards a pack prints would pass for the real deck; without
  // the whole deck the engine leaves Step 7's draw to the table and says so.
  const eventDeck = deckSize !== undefined && (all.eventDeck?.length ?? 0) >= deckSize ? all.eventDeck : undefined;
  return {
    setup: { scenarios: all.scenarios, setupDeck: all.setupDeck, ...(eventDeck ? { eventDeck } : {}) },
    scenarios: zsNumberedFromItems(items, 'zs-scenario'),
    maps: zsNumberedFromItems(items, 'zs-map'),
    scripts: zsScriptsFromItems(items),
    item: (id) => library.get(id) as unknown as ZsContentLike | undefined,
  };
}

/** A content item of a kind, or a RuleInputError naming the field that held its id. */
export function requireItem(content: ZsContent, id: unknown, kind: string, field: string): ZsContentLike {
  const item = typeof id === 'string' ? content.item(id) : undefined;
  if (!item || item.kind !== kind) {
    throw new RuleInputError(field, 'unknown', `${field} "${String(id)}" is not a ${kind} in the content library`);
  }
  return item;
}

/**
 * The Zone Survival die. The seed never lists its faces, so the content
 * carries none; a caller (or a pack that knows them) supplies the labels.
 */
export function zsDie(library: ContentLibrary, faces: unknown, field = 'dieFaces'): DieDefinition {
  const item = library.getOfKind('die', ZS_DIE_ID);
  if (!item) throw new RuleInputError(field, 'unknown', `the content library has no ${ZS_DIE_ID}`);
  if (faces === undefined) {
    if (!item.faces) throw new RuleInputError(field, 'required', `${item.name} has no faces in the content: give ${field}`);
    return zsDieFromItem(item);
  }
  if (!Array.isArray(faces) || faces.length < 2 || !faces.every((f) => typeof f === 'string' && f.trim() !== '')) {
    throw new RuleInputError(field, 'faces', `${field} must list at least 2 face labels`);
  }
  return zsDieFromItem({ ...item, faces });
}
