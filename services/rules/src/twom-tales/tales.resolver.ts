import { Args, Resolver } from '@nestjs/graphql';
import { ProcedureQuery } from '../catalog/procedure-query.decorator';
import { ProcedureRegistry } from '../catalog/procedure-registry';
import { ResolutionShape } from '../resolution/resolution-of';
import { TalesIncidentSetupResolution, TalesIncidentSetupResult } from './tales-incident.results';
import * as I from './tales.inputs';
import { toIncidentSetupResult } from './tales.mappers';
import * as R from './tales.results';

/** Tales from the Ruined City (seed 000): Incidents, cards and modules. */
@Resolver()
export class TalesResolver {
  constructor(private readonly procedures: ProcedureRegistry) {}

  @ProcedureQuery('twom-tales.incident-setup', () => TalesIncidentSetupResolution)
  talesIncidentSetup(@Args('input') input: I.TalesIncidentSetupInput): ResolutionShape<TalesIncidentSetupResult> {
    return this.procedures.resolve('twom-tales.incident-setup', input, toIncidentSetupResult);
  }

  @ProcedureQuery('twom-tales.cat', () => R.TalesCatResolution)
  talesCat(@Args('input') input: I.TalesCatInput): ResolutionShape<R.TalesCatResult> {
    return this.procedures.resolve('twom-tales.cat', input);
  }

  @ProcedureQuery('twom-tales.wait-a-minute', () => R.TalesWaitAMinuteResolution)
  talesWaitAMinute(@Args('input') input: I.TalesChosenCharacterInput): ResolutionShape<R.TalesWaitAMinuteResult> {
    return this.procedures.resolve('twom-tales.wait-a-minute', input);
  }

  @ProcedureQuery('twom-tales.stuff-of-nightmares', () => R.TalesEmpathyRollResolution)
  talesStuffOfNightmares(@Args('input') input: I.TalesCharactersInput): ResolutionShape<R.TalesEmpathyRollResult> {
    return this.procedures.resolve('twom-tales.stuff-of-nightmares', input);
  }

  @ProcedureQuery('twom-tales.jokes-and-hopes', () => R.TalesEmpathyRollResolution)
  talesJokesAndHopes(@Args('input') input: I.TalesCharactersInput): ResolutionShape<R.TalesEmpathyRollResult> {
    return this.procedures.resolve('twom-tales.jokes-and-hopes', input);
  }

  @ProcedureQuery('twom-tales.through-the-window', () => R.TalesThroughTheWindowResolution)
  talesThroughTheWindow(@Args('input', { nullable: true }) input?: I.TalesRollInput): ResolutionShape<R.TalesThroughTheWindowResult> {
    return this.procedures.resolve('twom-tales.through-the-window', input ?? {});
  }

  @ProcedureQuery('twom-tales.luka-dawn', () => R.TalesLukaDawnResolution)
  talesLukaDawn(@Args('input') input: I.TalesLukaDawnInput): ResolutionShape<R.TalesLukaDawnResult> {
    return this.procedures.resolve('twom-tales.luka-dawn', input);
  }

  @ProcedureQuery('twom-tales.refugees-dawn', () => R.TalesRefugeesDawnResolution)
  talesRefugeesDawn(@Args('input') input: I.TalesRefugeesDawnInput): ResolutionShape<R.TalesRefugeesDawnResult> {
    return this.procedures.resolve('twom-tales.refugees-dawn', input);
  }

  @ProcedureQuery('twom-tales.refugees-cover-roll', () => R.TalesCoverRollResolution)
  talesRefugeesCoverRoll(@Args('input') input: I.TalesCoverRollInput): ResolutionShape<R.TalesCoverRollResult> {
    return this.procedures.resolve('twom-tales.refugees-cover-roll', input);
  }

  @ProcedureQuery('twom-tales.side-by-side-dawn', () => R.TalesSideBySideDawnResolution)
  talesSideBySideDawn(@Args('input') input: I.TalesSideBySideDawnInput): ResolutionShape<R.TalesSideBySideDawnResult> {
    return this.procedures.resolve('twom-tales.side-by-side-dawn', input);
  }

  @ProcedureQuery('twom-tales.emira-spirit', () => R.TalesEmiraSpiritResolution)
  talesEmiraSpirit(@Args('input') input: I.TalesEmiraSpiritInput): ResolutionShape<R.TalesEmiraSpiritResult> {
    return this.procedures.resolve('twom-tales.emira-spirit', input);
  }

  @ProcedureQuery('twom-tales.sewers-exit', () => R.TalesSewersExitResolution)
  talesSewersExit(@Args('input', { nullable: true }) input?: I.TalesSewersExitInput): ResolutionShape<R.TalesSewersExitResult> {
    return this.procedures.resolve('twom-tales.sewers-exit', input ?? {});
  }

  @ProcedureQuery('twom-tales.sewers-thugs-enter', () => R.TalesThugsEnterResolution)
  talesSewersThugsEnter(@Args('input', { nullable: true }) input?: I.TalesRollInput): ResolutionShape<R.TalesThugsEnterResult> {
    return this.procedures.resolve('twom-tales.sewers-thugs-enter', input ?? {});
  }

  @ProcedureQuery('twom-tales.sewers-thugs-forfeit', () => R.TalesThugsForfeitResolution)
  talesSewersThugsForfeit(@Args('input') input: I.TalesThugsForfeitInput): ResolutionShape<R.TalesThugsForfeitResult> {
    return this.procedures.resolve('twom-tales.sewers-thugs-forfeit', input);
  }

  @ProcedureQuery('twom-tales.desperate-people', () => R.TalesDesperatePeopleResolution)
  talesDesperatePeople(@Args('input') input: I.TalesChosenCharacterInput): ResolutionShape<R.TalesDesperatePeopleResult> {
    return this.procedures.resolve('twom-tales.desperate-people', input);
  }

  @ProcedureQuery('twom-tales.market-visit', () => R.TalesMarketVisitResolution)
  talesMarketVisit(@Args('input') input: I.TalesMarketVisitInput): ResolutionShape<R.TalesMarketVisitResult> {
    return this.procedures.resolve('twom-tales.market-visit', input);
  }
}
