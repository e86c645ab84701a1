import { ItemView, requireGameId } from '@scriptbook/content';
import { BadUserInputError, NotFoundError } from '@scriptbook/platform';
import { ContentCatalog } from './content-catalog';

/** Checks a game id argument; absent means every game. */
export function knownGameId(catalog: ContentCatalog, gameId: string | null | undefined, field: string): string | undefined {
  if (gameId === null || gameId === undefined) return undefined;
  return requireGameId(catalog, gameId, field);
}

export function knownKinds(catalog: ContentCatalog, kinds: readonly string[] | null | undefined, field: string): string[] | undefined {
  if (!kinds || kinds.length === 0) return undefined;
  const unknown = kinds.find((kind) => !catalog.kinds.has(kind));
  if (unknown !== undefined) throw new BadUserInputError(field, 'known-kind', `${field}: "${unknown}" is not a content kind`);
  return [...kinds];
}

/** A text filter that, when given, must say something. */
export function nonEmptyText(text: string | null | undefined, field: string): string | undefined {
  if (text === null || text === undefined) return undefined;
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new BadUserInputError(field, 'min', `${field} must not be empty`);
  return trimmed;
}

export function requireItem(catalog: ContentCatalog, id: string, kinds: readonly string[] | undefined, what: string, field = 'id'): ItemView {
  const item = kinds ? catalog.getOfKinds(id, kinds) : catalog.get(id);
  if (!item) throw new NotFoundError(what, id, field);
  return item;
}
