export * from './annotations';
export * from './descriptor';
export * from './groups';
export * from './item-ids';
export * from './registry';
export * from './served-shapes';
