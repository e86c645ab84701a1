import { RELEASE_CATALOG } from '@scriptbook/games';
import { rulesService } from './rules-service';

export { rulesConfigSchema } from './rules-service';

/** Seeded, explainable rule resolution over the release's games. */
export const rulesApp = rulesService('rules', { catalog: RELEASE_CATALOG });
