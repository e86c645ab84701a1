import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { ModuleKind, ScriptTarget, transpileModule } from 'typescript';

const DOC = resolve(__dirname, '..', '..', '..', '..', '..', 'docs', 'webhooks.md');
const MARKER = '<!-- webhook-verification-snippet -->';

export type VerifyScriptbookWebhook = (secret: string, signatureHeader: string | undefined, body: string, nowMs?: number, toleranceSeconds?: number) => boolean;

/**
 * The verification function exactly as docs/webhooks.md prints it: the
 * TypeScript block after the marker, compiled and run, so the tests check
 * the code a receiver's author copies and not a copy of it.
 */
export function documentedVerifier(): VerifyScriptbookWebhook {
  const doc = readFileSync(DOC, 'utf8');
  const after = doc.slice(doc.indexOf(MARKER) + MARKER.length);
  const block = /```ts\n([\s\S]*?)```/.exec(after);
  if (doc.indexOf(MARKER) < 0 || !block) throw new Error('docs/webhooks.md has no verification snippet after its marker');
  const js = transpileModule(block[1], { compilerOptions: { module: ModuleKind.CommonJS, target: ScriptTarget.ES2022 } }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  runInNewContext(js, { require, module, exports: module.exports, Buffer, Number, Math, Map, Date });
  const verify = module.exports.verifyScriptbookWebhook;
  if (typeof verify !== 'function') throw new Error('the snippet exports no verifyScriptbookWebhook');
  return verify as VerifyScriptbookWebhook;
}
