import { ContentKind, requireGameId } from '@scriptbook/content';
import { BadUserInputError, NotFoundError } from '@scriptbook/platform';
import { isContentKind } from '../kinds/registry';
import { ContentCatalog } from './content-catalog';
import { ItemView } from './catalog-lookup';

/** Checks a game id argument; absent means every game. */
export function knownGameId(catalog: ContentCatalog, gameId: string | null | undefined, field: string): string | undefined {
  if (gameId === null || gameId === undefined) return undefined;
  return requireGameId(catalog, gameId, field);
}

export function knownKinds(kinds: readonly string[] | null | undefined, field: string): ContentKind[] | undefined {
  if (!kinds || kinds.length === 0) return undefined;
  const unknown = kinds.find((kind) => !isContentKind(kind));
  if (unknown !== undefined) throw new BadUserInputError(field, 'known-kind', `${field}: "${unknown}" is not a content kind`);
  return kinds as ContentKind[];
}

/** A text filter that, when given, must say something. */
export function nonEmptyText(text: string | null | undefined, field: string): string | undefined {
  if (text === null || text === undefined) return undefined;
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new BadUserInputError(field, 'min', `${field} must not be empty`);
  return trimmed;
}

export function requireItem(
  catalog: ContentCatalog,
  id: string,
  kinds: readonly ContentKind[] | undefined,
  what: string,
  field = 'id',
): ItemView {
  const item = kinds ? catalog.getOfKinds(id, kinds) : catalog.get(id);
  if (!item) throw new NotFoundError(what, id, field);
  return item;
}
