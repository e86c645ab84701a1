import { Module } from '@nestjs/common';
import { BackgroundJobResolver } from './background-job.resolver';
import { JobDirectoryModule } from './job-directory.module';

/**
 * Serves `job(id)` and resolves `BackgroundJob` references. Exactly one
 * subgraph imports it (scoring); every other one returns
 * `BackgroundJobReference` stubs and imports only JobDirectoryModule.
 */
@Module({ imports: [JobDirectoryModule], providers: [BackgroundJobResolver] })
export class JobQueryModule {}
