import { compileOutput, ZodGraphQLTypes } from '@scriptbook/platform/graphql/zod';
import { z } from 'zod';
import { hopeInhumanityStateSchema } from './hope-inhumanity/hope-inhumanity-state';
import { zoneSurvivalStateSchema } from './stalker-zs/zone-survival-state';
import { twomStateSchema } from './twom/twom-state';

/** The GraphQL types of each game's state, derived from its zod schema, the one source of truth. */
const types = new ZodGraphQLTypes();

export const TwomStateType = types.objectType(twomStateSchema, 'CampaignTwomState');
export const ZoneSurvivalStateType = types.objectType(zoneSurvivalStateSchema, 'CampaignZoneSurvivalState');
export const HopeInhumanityStateType = types.objectType(hopeInhumanityStateSchema, 'CampaignHopeInhumanityState');

function serve(schema: z.ZodTypeAny): (state: unknown) => unknown {
  const convert = compileOutput(schema, new Set());
  return (state) => (convert ? convert(state) : state);
}

/** Turns stored state into what its GraphQL type serves (records become key/value lists). */
export const serveState = {
  twom: serve(twomStateSchema),
  'zone-survival': serve(zoneSurvivalStateSchema),
  'hope-inhumanity': serve(hopeInhumanityStateSchema),
} as const;
