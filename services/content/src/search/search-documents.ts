import { ContentItem, gameIdOf } from '@scriptbook/content';

export interface SearchField {
  readonly name: string;
  readonly text: string;
  /** How much a match in this field counts against a match elsewhere. */
  readonly weight: number;
}

export interface SearchDocument {
  readonly id: string;
  readonly kind: string;
  readonly gameId: string;
  readonly fields: readonly SearchField[];
}

export const FIELD_WEIGHTS = { name: 4, text: 1 } as const;

/** Keys whose strings are ids, enum values or provenance: not text anyone reads. */
const NOT_TEXT = new Set(['id', 'kind', 'gameId', 'provenance', 'gaps', 'type', 'target', 'action', 'border', 'category']);
const looksLikeId = (key: string) => key.endsWith('Id') || key.endsWith('Ids');

function collectText(value: unknown, out: string[], key = ''): void {
  if (NOT_TEXT.has(key) || looksLikeId(key)) return;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const element of value) collectText(element, out);
  else if (value && typeof value === 'object') {
    for (const [childKey, child] of Object.entries(value)) collectText(child, out, childKey);
  }
}

/** The searchable fields of an item: its name, and every text it carries. */
export function searchDocumentOf(item: ContentItem): SearchDocument {
  const texts: string[] = [];
  const { name, ...rest } = item;
  collectText(rest, texts);
  return {
    id: item.id,
    kind: item.kind,
    gameId: gameIdOf(item),
    fields: [
      { name: 'name', text: name, weight: FIELD_WEIGHTS.name },
      { name: 'text', text: texts.join('\n'), weight: FIELD_WEIGHTS.text },
    ],
  };
}
