import { Module } from '@nestjs/common';
import { SubgraphGraphQLModule } from '@scriptbook/platform';
import { ContentLibraryModule } from '@scriptbook/content';
import { GamesResolver } from './games/games.resolver';

@Module({
  imports: [SubgraphGraphQLModule(), ContentLibraryModule],
  providers: [GamesResolver],
})
export class ContentModule {}
