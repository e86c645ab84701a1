import { IconCatalogueFile, IconEntry, IconSpelling, NotAnIcon } from './icon-catalogue.schema';

/**
 * A game's icons: each printed pictogram once, under a canonical id, and
 * every bracketed spelling the transcriptions use mapped onto one of them.
 * Matching die faces or icons by id (never by spelling) keeps two spellings
 * of one face from being read as two faces.
 */
export class IconCatalogue {
  private readonly byId = new Map<string, IconEntry>();
  private readonly bySpelling = new Map<string, IconSpelling>();
  private readonly notIconTexts = new Map<string, NotAnIcon>();

  constructor(
    readonly gameId: string,
    readonly icons: readonly IconEntry[],
    readonly spellings: readonly IconSpelling[],
    readonly notIcons: readonly NotAnIcon[] = [],
  ) {
    for (const icon of icons) this.byId.set(icon.id, icon);
    for (const spelling of spellings) this.bySpelling.set(spelling.spelling, spelling);
    for (const notIcon of notIcons) this.notIconTexts.set(notIcon.text, notIcon);
  }

  static empty(gameId: string): IconCatalogue {
    return new IconCatalogue(gameId, [], []);
  }

  /** The canonical id of a bracketed spelling, e.g. `[yellow item icon]` → `<game>:icon:yellow`. */
  canonicalId(spelling: string): string | undefined {
    return this.bySpelling.get(spelling)?.iconId;
  }

  icon(id: string): IconEntry | undefined {
    return this.byId.get(id);
  }

  /** Every spelling that maps onto the icon. */
  spellingsOf(id: string): string[] {
    return this.spellings.filter((spelling) => spelling.iconId === id).map((spelling) => spelling.spelling);
  }

  isNotAnIcon(text: string): boolean {
    return this.notIconTexts.has(text);
  }

  /** Merges the catalogues of packs that share a game. */
  static merge(gameId: string, files: readonly IconCatalogueFile[]): IconCatalogue {
    return new IconCatalogue(
      gameId,
      files.flatMap((file) => file.icons),
      files.flatMap((file) => file.spellings),
      files.flatMap((file) => file.notIcons),
    );
  }
}

/** Problems inside one catalogue file: duplicate ids or spellings, spellings of unknown icons, foreign ids. */
export function catalogueProblems(file: IconCatalogueFile, where: string): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const icon of file.icons) {
    if (ids.has(icon.id)) problems.push(`${where}: duplicate icon id ${icon.id}`);
    ids.add(icon.id);
    if (!icon.id.startsWith(`${file.gameId}:icon:`)) problems.push(`${where}: icon id ${icon.id} must start with ${file.gameId}:icon:`);
    if (icon.meaning === null && icon.gaps.length === 0) {
      problems.push(`${where}: icon ${icon.id} has no meaning and no gap saying the rulebook does not give one`);
    }
  }
  const spellings = new Set<string>();
  for (const { spelling, iconId } of file.spellings) {
    if (spellings.has(spelling)) problems.push(`${where}: spelling ${spelling} is mapped twice`);
    spellings.add(spelling);
    if (!ids.has(iconId)) problems.push(`${where}: spelling ${spelling} maps to unknown icon ${iconId}`);
  }
  for (const icon of file.icons) {
    if (!file.spellings.some((spelling) => spelling.iconId === icon.id)) problems.push(`${where}: icon ${icon.id} has no spelling`);
  }
  return problems;
}
