/** What the names need of `localStorage`. */
export interface NameStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const KEY = 'scriptbook.play.campaign-names';
/** The device remembers the names of this many campaigns, the latest seen kept. */
export const NAMES_KEPT = 200;

/**
 * The names of the campaigns this device has listed or started, so the
 * screen titles an open campaign by its name after a reload, offline too
 * (the SDK's replica holds its state, not its name).
 */
export class CampaignNames {
  constructor(private readonly storage: NameStorage) {}

  nameOf(id: string): string | null {
    return this.read()[id] ?? null;
  }

  remember(campaigns: readonly { readonly id: string; readonly name: string }[]): void {
    const names = this.read();
    for (const { id, name } of campaigns) {
      delete names[id];
      names[id] = name;
    }
    const kept = Object.entries(names).slice(-NAMES_KEPT);
    this.storage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  }

  private read(): Record<string, string> {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(KEY) ?? '{}');
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  }
}
