import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'One content pack of this release.' })
export class ContentPackVersion {
  @Field({ description: 'The pack id, the name of its folder.' }) id!: string;
  @Field({ description: 'The pack name, for display.' }) name!: string;
  @Field({ description: 'Semantic version of the pack.' }) version!: string;
  @Field({ description: 'The number of the rulebook the pack is transcribed from, e.g. `004`.' }) seed!: string;
  @Field(() => Int, { description: 'How many items the pack holds.' }) itemCount!: number;
}

@ObjectType({ description: 'What content this release serves; cache content by `hash`.' })
export class ContentVersion {
  @Field({ description: 'Changes whenever any pack data changes.' }) hash!: string;
  @Field(() => Int, { description: 'How many items all packs hold together.' }) itemCount!: number;
  @Field(() => [ContentPackVersion], { description: 'Every pack of this release, by id.' }) packs!: ContentPackVersion[];
}
