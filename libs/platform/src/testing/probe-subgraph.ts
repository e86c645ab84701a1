import { Module } from '@nestjs/common';
import { Context, Field, Int, ObjectType, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { ServiceDefinition } from '../bootstrap/bootstrap';
import { serviceConfigSchema } from '../config/config';
import { signedClientAddressOf } from '../graphql/client-address';
import { SubgraphGraphQLModule } from '../graphql/subgraph-graphql.module';
import type { SubgraphContext } from '../graphql/subgraph-context';

@ObjectType({ description: 'What a probe subgraph saw of the request; exists only for the platform tests.' })
class Probe {
  @Field(() => Int, { description: 'How many levels below the root query this probe sits.' })
  level!: number;

  @Field(() => String, { nullable: true, description: 'The client address the gateway signed, or null when none was signed.' })
  clientAddress!: string | null;

  @Field(() => String, { description: 'Who the Authorization header named: anonymous, player or invalid.' })
  viewer!: string;
}

@Resolver(() => Probe)
class ProbeResolver {
  @Query(() => Probe, { description: 'Reports what the subgraph saw of this request.' })
  probe(@Context() context: SubgraphContext): Probe {
    return { level: 0, clientAddress: signedClientAddressOf(context) ?? null, viewer: context.viewer.kind };
  }

  @ResolveField(() => Probe, { description: 'One level deeper, to build queries of any depth.' })
  next(@Context() context: SubgraphContext, @Parent() parent: Probe): Probe {
    return { ...parent, level: parent.level + 1, clientAddress: signedClientAddressOf(context) ?? null };
  }
}

@Module({ imports: [SubgraphGraphQLModule()], providers: [ProbeResolver] })
class ProbeSubgraphModule {}

const probeConfigSchema = serviceConfigSchema(0, {});

/** The smallest subgraph the shared bootstrap can start: tests of the platform's HTTP behaviour run against it. */
export const probeSubgraph: ServiceDefinition<typeof probeConfigSchema> = {
  name: 'probe',
  module: ProbeSubgraphModule,
  configSchema: probeConfigSchema,
};
