import { Type } from '@nestjs/common';
import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/**
 * The stub a subgraph declares for an entity another subgraph owns, so its
 * results can return the entity itself (`scenario { name }`) by id alone and
 * the gateway fetches the rest from the owner. `interfaceObject` is for
 * entities the owner declares as an interface (content's `Card`, `Scenario`).
 */
export function entityReferenceType(typename: string, description: string, options: { interfaceObject?: boolean } = {}): Type<unknown> {
  const holder = { [typename]: class {} };
  const cls = holder[typename] as Type<unknown>;
  Field(() => ID, { description: `The ${typename}'s stable id.` })(cls.prototype, 'id');
  Directive('@key(fields: "id")')(cls);
  if (options.interfaceObject) Directive('@interfaceObject')(cls);
  ObjectType(typename, { description })(cls);
  return cls;
}
