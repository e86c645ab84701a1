import { CONTENT_KINDS } from '@scriptbook/games';
import { contentService } from './content-service';

export { contentConfigSchema } from './content-service';

/** Read-only game content served from memory: no database, no queue. */
export const contentApp = contentService('content', { kinds: CONTENT_KINDS });
