import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A game system of the content packs, e.g. `stalker-zs`.' })
@Directive('@key(fields: "id")')
export class Game {
  @Field(() => ID, { description: 'Stable id, e.g. `twom` or `stalker-zs`.' })
  id!: string;

  @Field()
  name!: string;
}
