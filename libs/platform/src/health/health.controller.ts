import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthRegistry } from './health.registry';

@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  /** Liveness: the process runs its event loop. Never checks dependencies. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: every dependency answers; 503 otherwise. */
  @Get('ready')
  async ready(@Res() res: Response): Promise<void> {
    const report = await this.registry.readiness();
    res.status(report.ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).json({
      status: report.ready ? 'ok' : 'unavailable',
      checks: report.checks,
    });
  }

  @Get()
  async summary(@Res() res: Response): Promise<void> {
    return this.ready(res);
  }
}
