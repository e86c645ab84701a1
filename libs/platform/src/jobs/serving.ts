/**
 * For the one subgraph that serves `job(id)`: the full `BackgroundJob` type
 * and the module that answers the query and its entity references. Kept out
 * of the `jobs` barrel so other subgraphs, which return only
 * `BackgroundJobReference`, never load the full type into their schema.
 */
export * from './background-job.model';
export * from './job-query.module';
