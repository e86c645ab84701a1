import { entityReferenceResolver } from '../catalog/entity-reference.resolver';
import { HopeCardType, TwomCard, ZsHelpCard } from './card-kinds.model';
import { ZsCard } from './zs-card.model';

export const CARD_REFERENCE_RESOLVERS = [
  entityReferenceResolver(TwomCard, 'twom-card'),
  entityReferenceResolver(ZsCard, 'zs-card'),
  entityReferenceResolver(HopeCardType, 'hope-card-type'),
  entityReferenceResolver(ZsHelpCard, 'zs-help-card'),
];
