import { existsSync } from 'node:fs';
import { Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium (installed by .ci/install-tools.sh), driven by
 * playwright-core, which downloads no browser of its own. `CHROMIUM_PATH`
 * points elsewhere when the browser lives somewhere else.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium's own background traffic (component updates, sync, field
 * trials, QUIC probes) is switched off, so every request a test sees is one
 * the page made, and a machine with no internet refuses nothing. Playwright
 * starts each launch on a fresh, empty profile of its own.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchSystemChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`no Chromium at ${CHROMIUM_PATH}: run \`bash .ci/install-tools.sh\` (Debian's chromium package) or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
}
