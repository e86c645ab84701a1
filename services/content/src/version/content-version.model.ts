import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'One content pack of this release.' })
export class ContentPackVersion {
  @Field() id!: string;
  @Field() name!: string;
  @Field({ description: 'Semantic version of the pack.' }) version!: string;
  @Field({ description: 'The seed the pack is transcribed from.' }) seed!: string;
  @Field(() => Int) itemCount!: number;
}

@ObjectType({ description: 'What content this release serves; cache content by `hash`.' })
export class ContentVersion {
  @Field({ description: 'Changes whenever any pack data changes.' }) hash!: string;
  @Field(() => Int) itemCount!: number;
  @Field(() => [ContentPackVersion]) packs!: ContentPackVersion[];
}
