/**
 * Where the device keeps its secrets: the session (its refresh token above
 * all) and the device id, which signs the player in like a password. The
 * app supplies the platform's keystore (Keychain, Android Keystore, a
 * secure-storage module); the SDK only reads and writes strings.
 */
export interface Keystore {
  get(key: KeystoreKey): Promise<string | null>;
  set(key: KeystoreKey, value: string): Promise<void>;
  delete(key: KeystoreKey): Promise<void>;
}

export type KeystoreKey = 'session' | 'device-id';

/** Keeps nothing past the process: for tests, and for a device that signs in anew at every start. */
export function memoryKeystore(): Keystore {
  const entries = new Map<KeystoreKey, string>();
  return {
    get: async (key) => entries.get(key) ?? null,
    set: async (key, value) => void entries.set(key, value),
    delete: async (key) => void entries.delete(key),
  };
}

/** The part of the Web Storage API the browser keystore uses. */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The browser default: `localStorage`, shared by the tabs of one origin so
 * they share one session. What it protects against: nothing beyond the
 * browser's own boundaries. Other origins cannot read it, and it survives
 * reloads and restarts. What it does not: any script running on the app's
 * origin (an XSS hole, a compromised dependency, a browser extension with
 * access to the page) can read the refresh token and the device id; it is
 * stored unencrypted in the browser profile on disk; clearing site data
 * loses it (the player then signs in again, and a device-only player without
 * a linked email loses the account). Apps that can keep the refresh token
 * in an httpOnly cookie or a platform keystore should pass that instead.
 */
export function webStorageKeystore(storage: WebStorageLike, prefix = 'scriptbook.'): Keystore {
  return {
    get: async (key) => storage.getItem(prefix + key),
    set: async (key, value) => storage.setItem(prefix + key, value),
    delete: async (key) => storage.removeItem(prefix + key),
  };
}

/** `localStorage` where the platform has it, memory otherwise (Node, React Native without an adapter). */
export function defaultKeystore(): Keystore {
  const storage = (globalThis as { localStorage?: WebStorageLike }).localStorage;
  return storage ? webStorageKeystore(storage) : memoryKeystore();
}
