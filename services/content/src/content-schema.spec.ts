import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory } from '@nestjs/graphql';
import { GraphQLSchema } from 'graphql';
import { undescribedElements } from '../../../scripts/schema/undescribed';
import { contentApp } from './content.app';

/** The content subgraph's own types, built the way the service builds them, without a server. */
async function contentSchema(): Promise<GraphQLSchema> {
  const app = await NestFactory.create(GraphQLSchemaBuilderModule, { logger: false });
  await app.init();
  try {
    return await app.get(GraphQLSchemaFactory).create([...contentApp.resolvers] as Function[], {
      orphanedTypes: [...contentApp.graph.itemTypes] as Function[],
    });
  } finally {
    await app.close();
  }
}

describe('the content schema', () => {
  it('describes every type, field, argument, input field and enum value', async () => {
    expect(undescribedElements(await contentSchema())).toEqual([]);
  });
});
