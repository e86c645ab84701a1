import { Query, Resolver } from '@nestjs/graphql';
import { ContentLibrary } from '@scriptbook/content';
import { ContentVersion } from './content-version.model';

@Resolver(() => ContentVersion)
export class ContentVersionResolver {
  private readonly version: ContentVersion;

  constructor(library: ContentLibrary) {
    this.version = {
      hash: library.hash,
      itemCount: library.size,
      packs: library.packs.map(({ manifest, itemIds }) => ({
        id: manifest.id,
        name: manifest.name,
        version: manifest.version,
        seed: manifest.seed,
        itemCount: itemIds.length,
      })),
    };
  }

  @Query(() => ContentVersion, { nullable: true, description: 'Pack versions and the content hash, for caching.' })
  contentVersion(): ContentVersion {
    return this.version;
  }
}
