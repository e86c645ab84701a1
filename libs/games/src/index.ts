export * from './game-descriptor';
export * from './game-catalog';
export * from './game-scoring';
export * from './games';
