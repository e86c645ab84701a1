import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { DevicesResolver } from './devices.resolver';
import { DevicesService } from './devices.service';

/** Signing in without a form, by a device id the app keeps. */
@Module({
  imports: [SessionsModule],
  providers: [DevicesService, DevicesResolver],
})
export class DevicesModule {}
