import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * `npm run build` compiles what `npm start` and the containers run, and
 * nothing a test alone uses: no spec, spec fixture, test kit, `testing/`
 * helper, test pack or `test/` folder reaches `dist/`, whether listed by
 * the build's own globs or pulled in by an import from shipped code.
 */
const ROOT = resolve(__dirname, '..', '..');

const TEST_ONLY: readonly [string, (path: string) => boolean][] = [
  ['a spec', (path) => /\.(int-|e2e-)?spec\.ts$/.test(path)],
  ['a spec fixture', (path) => path.endsWith('.spec-fixtures.ts')],
  ['a test kit or test pack', (path) => /[-.]test-(kit|pack|seeds)\.ts$/.test(path)],
  ['a testing/ or test/ folder', (path) => path.split(sep).some((part) => part === 'testing' || part === 'test')],
];

function buildProgram(): ts.Program {
  const configPath = join(ROOT, 'tsconfig.build.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT, undefined, configPath);
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
}

describe('the build leaves test-only code out of dist', () => {
  const built = buildProgram()
    .getSourceFiles()
    .map((file) => resolve(file.fileName))
    .filter((path) => path.startsWith(ROOT + sep) && !path.includes(`${sep}node_modules${sep}`))
    .map((path) => relative(ROOT, path));

  it('builds the services and their entrypoints', () => {
    expect(built).toEqual(expect.arrayContaining(['services/campaigns/src/main.ts', 'services/gateway/src/main.ts', 'scripts/start-platform.ts']));
  });

  it('compiles no spec, fixture, test kit, test pack or testing helper', () => {
    const offenders = built.flatMap((path) => TEST_ONLY.filter(([, matches]) => matches(path)).map(([what]) => `${path} is ${what}`));
    expect(offenders).toEqual([]);
  });

  it('recognises what is test-only', () => {
    const samples = [
      'services/accounts/src/groups/group-test-kit.ts',
      'libs/games/src/stalker-zs/testing/zs-test-pack.ts',
      'libs/platform/src/testing/test-environment.ts',
      'services/rules/test/fixture-game/fixture-game.spec-fixtures.ts',
      'test/fixtures/synthetic-game/synthetic-game.ts',
    ];
    expect(samples.filter((path) => TEST_ONLY.some(([, matches]) => matches(path.split('/').join(sep))))).toEqual(samples);
    expect(TEST_ONLY.some(([, matches]) => matches(join('services', 'scoring', 'src', 'results', 'results.service.ts')))).toBe(false);
  });
});
