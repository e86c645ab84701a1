import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEVELOPMENT_SECRETS_FILE, GATEWAY_SIGNATURE_HEADER, signGatewayRequest } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';

const ROOT = resolve(__dirname, '..', '..');
const RUNTIME = ['-r', './scripts/runtime-paths.js'];
const DEAD_REDIS = 'redis://127.0.0.1:9';
const SUBGRAPH_PORTS = { accounts: 4001, content: 4002, rules: 4003, campaigns: 4004, scoring: 4005 } as const;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

/** Starts one process from the build; resolves with everything it printed once `until` shows up. */
function startUntil(entry: string, env: NodeJS.ProcessEnv, until: RegExp): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [...RUNTIME, entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => (child.kill('SIGKILL'), fail(new Error(`not started:\n${output}`))), 30_000);
    child.stdout!.on('data', () => until.test(output) && (clearTimeout(timer), ready({ child, output: () => output })));
    child.once('exit', (code) => (clearTimeout(timer), fail(new Error(`exited ${code}:\n${output}`))));
  });
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  return new Promise((done) => child.once('exit', done));
}

/** Asks a subgraph for its `__typename`, signed with `secret` as the gateway would. */
async function signedStatus(url: string, secret: string): Promise<number> {
  const body = JSON.stringify({ query: '{ __typename }' });
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(secret, body) },
    body,
  });
  return response.status;
}

describe('starting processes from the build', () => {
  it('refuses a bad environment with one message listing every problem, and exits 1', () => {
    const result = spawnSync(process.execPath, [...RUNTIME, 'dist/services/accounts/src/main.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: 'eighty', DATABASE_URL: 'mysql://db', JWT_TTL: 'forever', LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^accounts: invalid configuration/);
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_TTL', 'LOG_LEVEL']) expect(result.stderr).toContain(`  - ${name}:`);
  });

  it.each(['test', 'production'])('refuses to start with NODE_ENV=%s and no secrets, naming both', (nodeEnv) => {
    const result = spawnSync(process.execPath, [...RUNTIME, 'dist/services/content/src/main.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: nodeEnv, PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^content: invalid configuration/);
    expect(result.stderr).toContain(`  - JWT_SECRET: required when NODE_ENV is ${nodeEnv}`);
    expect(result.stderr).toContain(`  - GATEWAY_SIGNING_SECRET: required when NODE_ENV is ${nodeEnv}`);
  });

  it('in development generates the data folder\'s secrets once, says so, and keeps them across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scriptbook-dev-secrets-'));
    const env = { PATH: process.env.PATH, HOST: '127.0.0.1', SQLITE_DIR: dataDir, LOG_LEVEL: 'info' };
    const path = join(dataDir, DEVELOPMENT_SECRETS_FILE);
    try {
      const first = await startUntil('dist/services/content/src/main.js', { ...env, PORT: String(await freePort()) }, /content listening/);
      await stop(first.child);
      const notices = first.output().split('\n').filter((line) => line.includes('development secrets'));
      expect(notices).toHaveLength(1);
      expect(JSON.parse(notices[0]).msg).toBe(`JWT_SECRET and GATEWAY_SIGNING_SECRET not set: using this data folder's development secrets just generated in ${path}`);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const stored = readFileSync(path, 'utf8');

      const port = await freePort();
      const second = await startUntil('dist/services/content/src/main.js', { ...env, PORT: String(port) }, /content listening/);
      try {
        expect(second.output()).toContain(`using this data folder's development secrets from ${path}`);
        expect(readFileSync(path, 'utf8')).toBe(stored);
        const { GATEWAY_SIGNING_SECRET } = JSON.parse(stored) as { GATEWAY_SIGNING_SECRET: string };
        expect(await signedStatus(`http://127.0.0.1:${port}`, GATEWAY_SIGNING_SECRET)).toBe(200);
      } finally {
        await stop(second.child);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('npm start with NODE_ENV=production and no secrets stops before starting anything, saying what to set', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scriptbook-prod-'));
    const result = spawnSync(process.execPath, [...RUNTIME, 'dist/scripts/start-platform.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', SQLITE_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    rmSync(dataDir, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('NODE_ENV is production: set JWT_SECRET and GATEWAY_SIGNING_SECRET');
    expect(result.stdout).not.toContain('starting');
  });

  it('npm run migrate applies every service\'s migrations once', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scriptbook-migrate-'));
    const migrate = () =>
      spawnSync(process.execPath, [...RUNTIME, 'dist/scripts/migrate.js'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, SQLITE_DIR: dataDir },
        encoding: 'utf8',
        timeout: 30_000,
      });
    try {
      const first = migrate();
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/^accounts: CreatePlayers\d+(, \w+)*$/m);
      expect(first.stdout).toMatch(/^campaigns: CreateCampaigns\d+(, \w+)*$/m);
      expect(first.stdout).toMatch(/^scoring: CreateGameResults\d+(, \w+)*$/m);
      expect(migrate().stdout.trim().split('\n')).toEqual(['accounts: up to date', 'campaigns: up to date', 'scoring: up to date']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('npm start says how to get Redis when none answers and none can be started', () => {
    // A PATH holding node alone: no redis-server to fall back on.
    const bin = mkdtempSync(join(tmpdir(), 'scriptbook-bin-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    const result = spawnSync(process.execPath, [...RUNTIME, 'dist/scripts/start-platform.js'], {
      cwd: ROOT,
      env: { PATH: bin, REDIS_URL: DEAD_REDIS, SQLITE_DIR: bin },
      encoding: 'utf8',
      timeout: 30_000,
    });
    rmSync(bin, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`No Redis answers at ${DEAD_REDIS}`);
    expect(result.stderr).toMatch(/Install Redis .*apt-get install redis-server/s);
  });

  it('npm start runs on a private redis-server when REDIS_URL does not answer, gives every process one set of development secrets, and stops it all on exit', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scriptbook-private-redis-'));
    const portOffset = 21_000 + (process.pid % 200) * 10;
    const env: NodeJS.ProcessEnv = { ...process.env, REDIS_URL: DEAD_REDIS, SQLITE_DIR: dataDir, LOG_LEVEL: 'warn', PORT_OFFSET: String(portOffset) };
    for (const name of ['NODE_ENV', 'JWT_SECRET', 'GATEWAY_SIGNING_SECRET', 'DATABASE_URL', 'METRICS_PORT']) delete env[name];
    const platform = spawn(process.execPath, [...RUNTIME, 'dist/scripts/start-platform.js'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    platform.stdout!.on('data', (chunk) => (output += chunk));
    platform.stderr!.on('data', (chunk) => (output += chunk));
    try {
      await new Promise<void>((ready, fail) => {
        const timer = setTimeout(() => fail(new Error(`not ready:\n${output}`)), 90_000);
        platform.stdout!.on('data', () => output.includes('Scriptbook is ready') && (clearTimeout(timer), ready()));
        platform.once('exit', (code) => (clearTimeout(timer), fail(new Error(`exited ${code}:\n${output}`))));
      });
      const port = /starting a private redis-server on port (\d+)/.exec(output)?.[1];
      expect(port).toBeDefined();
      const ping = spawnSync('redis-cli', ['-p', port!, 'ping'], { encoding: 'utf8' });
      expect(ping.stdout.trim()).toBe('PONG');

      // One secrets file, announced once, and every subgraph holds its signing secret.
      const path = join(dataDir, DEVELOPMENT_SECRETS_FILE);
      expect(output.match(/development secrets/g)).toHaveLength(1);
      expect(output).toContain(`[platform] JWT_SECRET and GATEWAY_SIGNING_SECRET not set: every process uses the development secrets just generated in ${path}`);
      const stored = JSON.parse(readFileSync(path, 'utf8')) as { GATEWAY_SIGNING_SECRET: string };
      for (const [name, basePort] of Object.entries(SUBGRAPH_PORTS)) {
        const url = `http://127.0.0.1:${basePort + portOffset}`;
        expect({ name, signed: await signedStatus(url, stored.GATEWAY_SIGNING_SECRET) }).toEqual({ name, signed: 200 });
        expect({ name, forged: await signedStatus(url, `${stored.GATEWAY_SIGNING_SECRET}-forged`) }).toEqual({ name, forged: 401 });
        // Metrics answer on their own port only.
        expect({ name, metrics: (await fetch(`http://127.0.0.1:${basePort + 1000 + portOffset}/metrics`)).status }).toEqual({ name, metrics: 200 });
        expect({ name, publicMetrics: (await fetch(`${url}/metrics`)).status }).toEqual({ name, publicMetrics: 404 });
      }

      // A token accounts issued is accepted by campaigns: one JWT secret across processes.
      const gateway = `http://127.0.0.1:${4000 + portOffset}`;
      const registered = await graphql(
        gateway,
        'mutation { registerPlayer(input: { email: "startup@example.org", password: "a long password", displayName: "Vera" }) { accessToken } }',
      );
      expect(registered.errors).toBeUndefined();
      const token = registered.data!.registerPlayer.accessToken as string;
      const campaigns = await graphql(`http://127.0.0.1:${4004 + portOffset}`, '{ myCampaigns(first: 1) { edges { cursor } } }', {}, token, {
        signWith: stored.GATEWAY_SIGNING_SECRET,
      });
      expect(campaigns.errors).toBeUndefined();

      platform.kill('SIGTERM');
      expect(await new Promise((r) => platform.once('exit', r))).toBe(0);
      expect(spawnSync('redis-cli', ['-p', port!, 'ping'], { encoding: 'utf8' }).stdout.trim()).not.toBe('PONG');
    } finally {
      if (platform.exitCode === null) platform.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
