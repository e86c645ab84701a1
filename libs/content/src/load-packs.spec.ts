import { loadContentLibrary } from './load-packs';

describe('the shipped content packs', () => {
  const library = loadContentLibrary();

  it('declare the three game systems of the seeds', () => {
    expect(library.games().map((game) => game.id).sort()).toEqual(['hope-inhumanity', 'stalker-zs', 'twom']);
  });

  it('give every item a provenance in one of the five seeds', () => {
    for (const pack of library.packs) {
      for (const id of pack.itemIds) expect(['000', '001', '002', '003', '004']).toContain(library.get(id)!.provenance.seed);
    }
  });
});
