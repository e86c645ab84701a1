import { Global, Module } from '@nestjs/common';
import { ContentLibrary } from './content-library';
import { contentLibrary } from './load-packs';

/** The packs of this release, validated once at start; a bad pack stops the service. */
@Global()
@Module({
  providers: [{ provide: ContentLibrary, useFactory: () => contentLibrary() }],
  exports: [ContentLibrary],
})
export class ContentLibraryModule {}
