export * from './background-job-reference.model';
export * from './job-audience';
export * from './job-directory';
export * from './job-directory.module';
