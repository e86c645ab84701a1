import { Type } from '@nestjs/common';
import { entityReferenceType } from '@scriptbook/platform/graphql/zod';

/**
 * The content subgraph's entities a rules result can point at. Content
 * declares `Card` and `Scenario` as entity interfaces, so they are stubbed
 * here as interface objects; the gateway fetches their fields from content.
 * `Script` and `ContentItem` have no federation key yet, so results carry
 * their ids only until content gives them one.
 */
export const CONTENT_ENTITIES: Readonly<Record<string, Type<unknown>>> = {
  Card: entityReferenceType('Card', 'A card of any game, owned by the content subgraph; select any Card field.', { interfaceObject: true }),
  Scenario: entityReferenceType('Scenario', 'A scenario of any game, owned by the content subgraph; select any Scenario field.', {
    interfaceObject: true,
  }),
};
