export * from './annotations';
export * from './plain-text';
export * from './record-key';
export * from './zod-issues';
