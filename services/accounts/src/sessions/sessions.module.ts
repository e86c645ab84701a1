import { Module } from '@nestjs/common';
import { RedisModule } from '@scriptbook/platform';
import { SessionsResolver } from './sessions.resolver';
import { SessionsService } from './sessions.service';
import { SignInThrottle } from './sign-in-throttle';

/** Sessions and refresh tokens, which every way of signing in opens; and the throttles those ways share. */
@Module({
  imports: [RedisModule],
  providers: [SignInThrottle, SessionsService, SessionsResolver],
  exports: [SignInThrottle, SessionsService],
})
export class SessionsModule {}
