import { registerEnumType } from '@nestjs/graphql';

// Keys are the GraphQL names, values the engine's: resolvers receive the engine's values.

export const IncidentId = {
  BLOOD_IN_THE_SNOW: 'blood-in-the-snow',
  REFUGEES: 'refugees',
  EPIDEMIC: 'epidemic',
  SIDE_BY_SIDE: 'side-by-side',
  YOU_AND_ME: 'you-and-me',
} as const;
registerEnumType(IncidentId, { name: 'TalesIncident', description: 'The five Incident Scenarios.' });

export const LukaLevel = { HEAVILY_WOUNDED: 'Heavily Wounded', CRITICAL_CONDITION: 'Critical Condition', DEAD: 'Dead' } as const;
registerEnumType(LukaLevel, { name: 'TalesLukaCondition', description: 'The levels of the Wounded Luka card, top first.' });

export const EmiraHabit = { MOONSHINE: 'moonshine', ALCOHOL: 'alcohol', MISERY: 'misery' } as const;
registerEnumType(EmiraHabit, { name: 'TalesEmiraHabit', description: "How Emira's Habit is paid: 1 Moonshine, 1 100% Alcohol, or +1 Misery." });

export const SewersExit = { NEAR: 'near', DISTANT: 'distant', FAR: 'far' } as const;
registerEnumType(SewersExit, { name: 'TalesSewersExit' });

export const MarketOption = { TRADE: 'trade', LOOT: 'loot', STEAL: 'steal' } as const;
registerEnumType(MarketOption, { name: 'TalesMarketOption' });

export const CatOutcome = { WANDERED_OFF: 'wandered-off', LOWER_MISERY: 'lower-misery', RAW_FOOD: 'raw-food' } as const;
registerEnumType(CatOutcome, { name: 'TalesCatOutcome' });

export const VladimirToken = { VISIT_THE_NEIGHBOURS: 'visit-the-neighbours', VLADIMIR_CARD: 'vladimir-card' } as const;
registerEnumType(VladimirToken, { name: 'TalesVladimirToken', description: 'Where the Vladimir token goes at Dawn.' });
