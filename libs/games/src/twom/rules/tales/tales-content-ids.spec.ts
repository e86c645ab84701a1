import { gameContentLibrary } from '@scriptbook/game-host';
import * as twomTales from '.';

/**
 * Tales results point into content by id (`scenario`, `card`, `trackId`); an
 * id the packs do not hold would serve a dangling reference, so each one the
 * rules data can produce is looked up in the packs the subgraph serves.
 */
describe('content ids the Tales procedures return', () => {
  const library = gameContentLibrary();

  it.each(twomTales.INCIDENT_IDS)('the %s Incident names a Scenario the packs hold', (id) => {
    expect(library.get(twomTales.scenarioContentId(id))).toMatchObject({ kind: 'twom-scenario' });
  });

  it.each(Object.keys(twomTales.COVER_ROLL_CARDS) as twomTales.CoverRollCardKey[])('Cover roll card %s is a card the packs hold, with the Cover loss it prints', (key) => {
    const card = library.get(twomTales.refugeesCardContentId(key)) as { kind: string; name: string; text: string } | undefined;
    expect(card).toMatchObject({ kind: 'twom-card', name: twomTales.COVER_ROLL_CARDS[key].title });
    expect(card!.text).toContain(`lower the Cover by ${twomTales.COVER_ROLL_CARDS[key].coverLoss}`);
  });

  it.each(Object.values(twomTales.TRACK_IDS))('track %s is a track the packs hold', (id) => {
    expect(library.get(id)).toMatchObject({ kind: 'twom-track' });
  });
});
