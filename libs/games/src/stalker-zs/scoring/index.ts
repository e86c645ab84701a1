export * from './zs-scoring';
export * from './zs-scoring.schemas';
export * from './zs-submission-checks';
export * from './zs-campaign-submission';
