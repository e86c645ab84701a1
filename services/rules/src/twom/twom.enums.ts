import { registerEnumType } from '@nestjs/graphql';

// Keys are the GraphQL names, values the engine's: resolvers receive the engine's values.

export const Border = { RED: 'red', BLACK: 'black' } as const;
registerEnumType(Border, { name: 'TwomBorder', description: 'The border colour of a Character card.' });

export const FoodKind = { CANNED_FOOD: 'cannedFood', RAW_FOOD: 'rawFood', VEGETABLE: 'vegetable' } as const;
registerEnumType(FoodKind, { name: 'TwomFoodKind' });

export const NightTask = { BED: 'bed', FLOOR: 'floor', GUARD: 'guard', SCAVENGE: 'scavenge' } as const;
registerEnumType(NightTask, { name: 'TwomNightTask' });

export const ReduceFirst = { LOSS: 'loss', WOUNDS: 'wounds' } as const;
registerEnumType(ReduceFirst, { name: 'TwomReduceFirst', description: 'Which of Loss or Wounds guard icons and barricades cut first.' });

export const EventCardKind = { EVENT: 'event', FINAL_EVENT: 'final-event', CHAPTER: 'chapter', TOKEN: 'token' } as const;
registerEnumType(EventCardKind, { name: 'TwomEventCardKind' });

export const LockOutcome = { NO_EFFECT: 'no-effect', OPENED: 'opened' } as const;
registerEnumType(LockOutcome, { name: 'TwomLockOutcome' });

export const WaterEffect = { HUNGER: 'hunger', SADNESS: 'sadness' } as const;
registerEnumType(WaterEffect, { name: 'TwomWaterEffect' });
