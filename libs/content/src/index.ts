export * from './schema';
export * from './content-library';
export * from './content-errors';
export * from './load-packs';
export * from './content-library.module';
export * from './require-game';
