/**
 * The field that serves the entity an id names: `scenarioId` → `scenario`,
 * `cardIds` → `cards`, an item's `id` → `card`. A reference must be named that way, so the pair reads
 * naturally in a query and the rule needs no configuration.
 */
export function referenceFieldName(idField: string, typename: string): string {
  // An item's own `id` points at the entity the item stands for: `id` → `card`.
  if (idField === 'id') return typename.charAt(0).toLowerCase() + typename.slice(1);
  if (idField.endsWith('Ids') && idField.length > 3) return `${idField.slice(0, -3)}s`;
  if (idField.endsWith('Id') && idField.length > 2) return idField.slice(0, -2);
  throw new Error(`${idField}: a field holding entity ids must be named <thing>Id or <thing>Ids`);
}
