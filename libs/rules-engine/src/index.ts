export * from './rng/alea';
export * from './rng/random';
export * from './dice/die';
export * from './dice/roll-dice';
export * from './transcript';
export * from './procedure';
