export * from './bound-procedures';
export * from './game-content';
export * from './game-host.module';
