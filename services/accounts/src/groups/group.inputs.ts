import { Field, InputType } from '@nestjs/graphql';
import { plainText } from '@scriptbook/schema';
import { z } from 'zod';

export const GROUP_NAME_MAX_LENGTH = 60;

@InputType({ description: 'What createGroup needs.' })
export class CreateGroupInput {
  @Field({
    description: `1 to ${GROUP_NAME_MAX_LENGTH} characters after trimming; control and invisible formatting characters are refused (rule plain-text).`,
  })
  name!: string;
}

export const createGroupSchema = z.object({
  name: plainText({ maxLength: GROUP_NAME_MAX_LENGTH }),
});
