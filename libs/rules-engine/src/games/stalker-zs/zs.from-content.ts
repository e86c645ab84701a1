import { DieDefinition } from '../../dice/die';
import { RuleInputError } from '../../procedure';
import { EventCardData, SetupCardData, ZoneSurvivalScenarioData, ZoneSurvivalSetupContent, ZsNumberedData, ZsScriptData } from './zs.types';

/**
 * Picks engine inputs out of a list of content items by kind. The items are
 * passed through by structure (zs-scenario, zs-card, zs-script, zs-map, die),
 * so the engine needs no import of the content library.
 */
export interface ZsContentLike {
  readonly kind: string;
  readonly [field: string]: unknown;
}

const ofKind = <T>(items: readonly ZsContentLike[], kind: string, cardType?: string): T[] =>
  items.filter((i) => i.kind === kind && (cardType === undefined || i.cardType === cardType)) as unknown as T[];

export function zsSetupContentFromItems(items: readonly ZsContentLike[]): ZoneSurvivalSetupContent {
  return {
    scenarios: ofKind<ZoneSurvivalScenarioData>(items, 'zs-scenario'),
    setupDeck: ofKind<SetupCardData>(items, 'zs-card', 'setup'),
    eventDeck: ofKind<EventCardData>(items, 'zs-card', 'event'),
  };
}

export function zsScriptsFromItems(items: readonly ZsContentLike[]): readonly ZsScriptData[] {
  return ofKind<ZsScriptData>(items, 'zs-script');
}

export function zsNumberedFromItems(items: readonly ZsContentLike[], kind: 'zs-scenario' | 'zs-map'): readonly ZsNumberedData[] {
  return ofKind<ZsNumberedData>(items, kind).map(({ id, name, number }) => ({ id, name, number }));
}

/** A `die` item; its faces must be given, since the seed lists none for the Zone Survival die. */
export function zsDieFromItem(item: { readonly id: string; readonly name: string; readonly faces: readonly (number | string)[] | null }): DieDefinition {
  if (!item.faces) throw new RuleInputError('die.faces', 'required', `${item.name} has no faces in the content; supply them`);
  return { id: item.id, name: item.name, faces: item.faces };
}
