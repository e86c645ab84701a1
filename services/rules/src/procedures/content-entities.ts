import { Type } from '@nestjs/common';
import { entityReferenceType } from '@scriptbook/platform/graphql/zod';

/**
 * The content subgraph's entities a rules result can point at. Content
 * declares `Card` and `Scenario` as entity interfaces, so they are stubbed
 * here as interface objects; `Script` is a plain entity. The gateway fetches
 * their fields from content. `ContentItem` has no federation key, so results
 * that name an item of another kind carry its id only.
 */
export const CONTENT_ENTITIES: Readonly<Record<string, Type<unknown>>> = {
  Card: entityReferenceType('Card', 'A card of any game, owned by the content subgraph; select any Card field.', { interfaceObject: true }),
  Scenario: entityReferenceType('Scenario', 'A scenario of any game, owned by the content subgraph; select any Scenario field.', {
    interfaceObject: true,
  }),
  Script: entityReferenceType('Script', 'A Zone Survival script, owned by the content subgraph; select any Script field.'),
};
