export * from './deck';
