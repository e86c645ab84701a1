import { Injectable } from '@nestjs/common';
import { EmittedWebhookEvent } from './webhook-events';

/**
 * Something of the host that derives further events from one it fans out
 * (scoring: a submitted result that took first place on a public board).
 * It runs in the fan-out job, so a follower that throws has the job retried;
 * the deliveries the job already made are not made twice, and a follow-up
 * event's id comes from what it reports, so emitting it again is one event.
 */
export interface WebhookEventFollower {
  follow(emitted: EmittedWebhookEvent): Promise<EmittedWebhookEvent[]>;
}

/** Where the host's followers sign up (in their `onModuleInit`); the fan-out asks each of them. */
@Injectable()
export class WebhookFollowers {
  private readonly followers: WebhookEventFollower[] = [];

  add(follower: WebhookEventFollower): void {
    this.followers.push(follower);
  }

  async followUps(emitted: EmittedWebhookEvent): Promise<EmittedWebhookEvent[]> {
    const all: EmittedWebhookEvent[] = [];
    for (const follower of this.followers) all.push(...(await follower.follow(emitted)));
    return all;
  }
}
