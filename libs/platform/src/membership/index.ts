export * from './membership-keys';
export * from './membership-reader';
export * from './membership-writer';
export * from './membership.module';
