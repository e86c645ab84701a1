import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Gap, Provenance } from './provenance.model';

@ObjectType({ description: 'The die an icon is read as a result of, and the seed line that shows it.' })
export class IconRoll {
  @Field(() => ID, { description: 'The die item, e.g. `stalker-zs:die:zone-survival`.' }) dieId!: string;
  @Field({ description: 'The seed line in which the icon is a result of that die.' }) source!: string;
}

@ObjectType({
  description:
    "A printed pictogram of a game, under one canonical id whatever spelling the transcription uses. Match icons (and die faces) by `id`, never by spelling.",
})
export class Icon {
  @Field(() => ID, { description: 'Canonical id, `<game>:icon:<slug>`, e.g. `stalker-zs:icon:yellow`.' }) id!: string;
  @Field({ description: 'The printed spelling the id is named after, without brackets.' }) name!: string;
  @Field(() => [String], { description: 'Every bracketed spelling in the texts that means this icon, e.g. `[yellow icon]`, `[yellow item icon]`.' })
  spellings!: string[];
  @Field(() => String, { nullable: true, description: 'What the icon means, only where the seed states it; null otherwise (see gaps).' })
  meaning!: string | null;
  @Field(() => String, { nullable: true, description: 'The seed line the meaning is read from.' }) meaningSource!: string | null;
  @Field(() => IconRoll, { nullable: true, description: 'Set when the seed reads this icon as a result of a die roll.' })
  rolledOn!: IconRoll | null;
  @Field(() => Provenance, { description: 'The seed and heading the icon is catalogued from.' }) provenance!: Provenance;
  @Field(() => [Gap], { description: 'What the seed does not say about the icon, usually its meaning.' }) gaps!: Gap[];
}
