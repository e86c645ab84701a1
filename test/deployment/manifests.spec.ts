// Static checks on the deployment artifacts (k8s/, docker-compose.yml,
// docker-compose.scaled.yml, deploy/, Dockerfile). Pure file parsing: no network, no Docker engine, no cluster.
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';
import { parse, parseAllDocuments } from 'yaml';
import { DEFAULT_PORTS, METRICS_PORT_DISTANCE } from '@scriptbook/platform';
import { PLATFORM_PIECES } from '../../scripts/platform-pieces';
import { haproxyConfig } from '../../scripts/scaled-out/haproxy';

const ROOT = join(__dirname, '..', '..');
const K8S_DIR = join(ROOT, 'k8s');

// The platform contract: the processes `npm start` runs, each on its own port.
const portsOf = (roles: string[]) =>
  Object.fromEntries(PLATFORM_PIECES.filter((p) => roles.includes(p.role)).map((p) => [p.name, DEFAULT_PORTS[p.name]]));
const API_PORTS: Record<string, number> = portsOf(['gateway', 'subgraph']);
const WORKER_PORTS: Record<string, number> = portsOf(['worker']);
const APP_PORTS: Record<string, number> = { ...API_PORTS, ...WORKER_PORTS };
const APIS = Object.keys(API_PORTS);
const WORKERS = Object.keys(WORKER_PORTS);
const APPS = [...APIS, ...WORKERS];
const SUBGRAPHS = APIS.filter((name) => name !== 'gateway');
// Processes that own (or share) a Postgres schema, and which schema.
const DATABASE_SCHEMA: Record<string, string> = {
  accounts: 'accounts',
  campaigns: 'campaigns',
  'campaigns-worker': 'campaigns',
  scoring: 'scoring',
  'scoring-worker': 'scoring',
};
const NO_DATABASE = ['gateway', 'content', 'rules'];
const COMPOSE_INFRA = ['postgres', 'redis'];
/** Deployments of the base that are not Scriptbook processes: PgBouncer in front of Postgres. */
const INFRA_DEPLOYMENTS = ['pgbouncer'];
/** The schemas the stateful processes use: one PgBouncer database entry each. */
const SCHEMAS = [...new Set(Object.values(DATABASE_SCHEMA))].sort();
/** The APIs that own a schema: they migrate it at start, so they also get a direct connection. */
const MIGRATING_APIS = APIS.filter((app) => app in DATABASE_SCHEMA);
const RUNTIME_PATHS = './scripts/runtime-paths.js';
const NAME_LABEL = 'app.kubernetes.io/name';
const SHARED_SECRETS = ['JWT_SECRET', 'GATEWAY_SIGNING_SECRET'];
const metricsPortOf = (app: string) => APP_PORTS[app] + METRICS_PORT_DISTANCE;

/** Source file a process is started from: APIs run main.ts, `<svc>-worker` runs `<svc>`'s worker.ts. */
function expectedEntrypoint(app: string): string {
  const worker = /^(.+)-worker$/.exec(app);
  return worker ? `services/${worker[1]}/src/worker.ts` : `services/${app}/src/main.ts`;
}

/** Maps a node command line (`node -r ./scripts/runtime-paths.js dist/<path>.js`) to its TypeScript source. */
function entrypointOf(command: unknown): string | undefined {
  if (!Array.isArray(command)) return undefined;
  const script = command.find((arg): arg is string => typeof arg === 'string' && /^dist\/.+\.js$/.test(arg));
  return script?.replace(/^dist\//, '').replace(/\.js$/, '.ts');
}

function expectNodeWithRuntimePaths(command: unknown, where: string): void {
  const args: unknown[] = Array.isArray(command) ? command : [];
  expect({ where, node: args[0], preload: args[args.indexOf('-r') + 1] }).toEqual({
    where,
    node: 'node',
    preload: RUNTIME_PATHS,
  });
}

// ---------------------------------------------------------------- k8s model

// Loose shapes: the tests assert on the fields they read, so every field is optional.
interface K8sDoc {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface LoadedDoc {
  file: string;
  doc: K8sDoc;
}
interface Container {
  name?: string;
  image?: string;
  args?: unknown;
  command?: unknown;
  ports?: { name?: string; containerPort?: number }[];
  env?: { name: string; value?: string; valueFrom?: any }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: any;
  readinessProbe?: any;
  startupProbe?: any;
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
  securityContext?: any;
}

function yamlFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return yamlFilesUnder(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

function loadYamlDocuments(path: string): unknown[] {
  const docs = parseAllDocuments(readFileSync(path, 'utf8'));
  for (const doc of docs) {
    if (doc.errors.length > 0) {
      throw new Error(`${relative(ROOT, path)}: ${doc.errors.map((e) => e.message).join('; ')}`);
    }
  }
  return docs.map((doc) => doc.toJS()).filter((value) => value !== null && value !== undefined);
}

const k8sFiles = yamlFilesUnder(K8S_DIR).map((path) => relative(K8S_DIR, path).split('\\').join('/'));
const KUSTOMIZATION = 'kustomization.yaml';
const isTemplate = (file: string) => /\.example\.ya?ml$/.test(file);

const kustomization = existsSync(join(K8S_DIR, KUSTOMIZATION))
  ? (parse(readFileSync(join(K8S_DIR, KUSTOMIZATION), 'utf8')) as {
      namespace?: string;
      resources?: string[];
      images?: { name: string }[];
    })
  : undefined;

const manifests: LoadedDoc[] = k8sFiles
  .filter((file) => file !== KUSTOMIZATION)
  .flatMap((file) => loadYamlDocuments(join(K8S_DIR, file)).map((doc) => ({ file, doc: doc as K8sDoc })));
const resources = manifests.filter(({ file }) => !isTemplate(file));
const templates = manifests.filter(({ file }) => isTemplate(file));

const ofKind = (kind: string) => resources.filter(({ doc }) => doc.kind === kind).map(({ doc }) => doc);
const pdbs = ofKind('PodDisruptionBudget');
const deployments = ofKind('Deployment');
const services = ofKind('Service');
const hpas = ofKind('HorizontalPodAutoscaler');
const jobs = ofKind('Job');
const configMaps = ofKind('ConfigMap');
const networkPolicies = ofKind('NetworkPolicy');
const secretTemplates = templates.filter(({ doc }) => doc.kind === 'Secret').map(({ doc }) => doc);

const deploymentNamed = (name: string) => deployments.find((d) => d.metadata?.name === name);
const containersOf = (workload: K8sDoc): Container[] => workload.spec?.template?.spec?.containers ?? [];
const allContainersOf = (workload: K8sDoc): Container[] => [
  ...(workload.spec?.template?.spec?.initContainers ?? []),
  ...containersOf(workload),
];
/** The container named after its Deployment (or the first); empty when missing so assertions, not a TypeError, report it. */
const mainContainerOf = (deployment: K8sDoc | undefined): Container => {
  const containers = deployment ? containersOf(deployment) : [];
  return containers.find((c) => c.name === deployment?.metadata?.name) ?? containers[0] ?? {};
};

/** Resolves a named or numeric port against a container's declared ports. */
function resolvePort(container: Container, port: unknown): number | undefined {
  if (typeof port === 'number') {
    return container.ports?.some((p) => p.containerPort === port) ? port : undefined;
  }
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

/** Every env var name a container receives, following envFrom into ConfigMaps and the Secret template. */
function envNamesOf(container: Container): Set<string> {
  const names = new Set((container.env ?? []).map((e) => e.name));
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef ?? source.secretRef;
    const pool = source.configMapRef ? configMaps : secretTemplates;
    const target = pool.find((doc) => doc.metadata?.name === ref?.name);
    for (const key of Object.keys({ ...target?.data, ...target?.stringData })) names.add(key);
  }
  return names;
}

function envValueOf(container: Container, name: string): string | undefined {
  const direct = container.env?.find((e) => e.name === name);
  if (direct) return direct.value;
  for (const source of container.envFrom ?? []) {
    const cm = configMaps.find((doc) => doc.metadata?.name === source.configMapRef?.name);
    if (cm?.data && name in cm.data) return String(cm.data[name]);
  }
  return undefined;
}

// ------------------------------------------------------------ compose model

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: unknown;
  ports?: (string | { target?: number; published?: number | string })[];
  environment?: Record<string, unknown> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: unknown };
}
const composePath = join(ROOT, 'docker-compose.yml');
const composeText = existsSync(composePath) ? readFileSync(composePath, 'utf8') : '';
// Merge keys (`<<`) are YAML 1.1; compose files use them for shared blocks.
const compose = (composeText ? parse(composeText, { merge: true }) : {}) as {
  services?: Record<string, ComposeService>;
};
const composeServices = compose.services ?? {};
const composeApps = Object.keys(composeServices).filter((name) => !COMPOSE_INFRA.includes(name));

function composeEnv(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const eq = entry.indexOf('=');
        return eq < 0 ? [entry, ''] : [entry.slice(0, eq), entry.slice(eq + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

// ==================================================================== tests

describe('kustomize base (k8s/)', () => {
  it('has a kustomization with namespace scriptbook and the scriptbook image', () => {
    expect(kustomization).toBeDefined();
    expect(kustomization?.namespace).toBe('scriptbook');
    expect(kustomization?.images?.map((image) => image.name)).toContain('scriptbook');
    expect(resources.some(({ doc }) => doc.kind === 'Namespace' && doc.metadata?.name === 'scriptbook')).toBe(true);
  });

  it('lists every manifest in resources (templates excepted) and only files that exist', () => {
    const listed = [...(kustomization?.resources ?? [])].sort();
    const expected = k8sFiles.filter((file) => file !== KUSTOMIZATION && !isTemplate(file)).sort();
    expect(listed).toEqual(expected);
  });

  it('keeps real credentials out of the base: no Secret among resources, placeholders in the template', () => {
    expect(resources.filter(({ doc }) => doc.kind === 'Secret').map(({ file }) => file)).toEqual([]);
    expect(secretTemplates.length).toBeGreaterThan(0);
    for (const secret of secretTemplates) {
      expect(secret.data).toBeUndefined();
      for (const [key, value] of Object.entries(secret.stringData ?? {})) {
        expect({ key, value }).toEqual({ key, value: expect.stringContaining('REPLACE_ME') });
      }
    }
  });

  it('has a Deployment for every API and worker, PgBouncer, and nothing else', () => {
    expect(deployments.map((d) => d.metadata?.name).sort()).toEqual([...APPS, ...INFRA_DEPLOYMENTS].sort());
  });

  describe.each(APPS)('Deployment %s', (app) => {
    const deployment = deploymentNamed(app);

    it('selects its own pods by app name', () => {
      expect(deployment).toBeDefined();
      const selector = deployment?.spec?.selector?.matchLabels ?? {};
      const podLabels = deployment?.spec?.template?.metadata?.labels ?? {};
      expect(selector[NAME_LABEL]).toBe(app);
      expect(podLabels).toEqual(expect.objectContaining(selector));
    });

    it('runs the right entrypoint through the runtime path hook', () => {
      const container = mainContainerOf(deployment);
      // args keeps the image's init (tini) as PID 1; command would replace it.
      expect(container.command).toBeUndefined();
      expectNodeWithRuntimePaths(container.args, `k8s ${app}`);
      expect(entrypointOf(container.args)).toBe(expectedEntrypoint(app));
      expect(container.image).toMatch(/^scriptbook(:|@|$)/);
    });

    it('listens on its contract port and tells the process so', () => {
      const container = mainContainerOf(deployment);
      expect(container.ports?.map((p) => p.containerPort)).toContain(APP_PORTS[app]);
      expect(envValueOf(container, 'PORT')).toBe(String(APP_PORTS[app]));
    });

    it('serves metrics on a named port of their own, tells the process so, and points the scrape annotation at it', () => {
      const container = mainContainerOf(deployment);
      expect(resolvePort(container, 'metrics')).toBe(metricsPortOf(app));
      expect(envValueOf(container, 'METRICS_PORT')).toBe(String(metricsPortOf(app)));
      const annotations = deployment?.spec?.template?.metadata?.annotations ?? {};
      expect(annotations['prometheus.io/port']).toBe(String(metricsPortOf(app)));
      expect(annotations['prometheus.io/path']).toBe('/metrics');
    });

    it('has liveness on /health/live and readiness on /health/ready, on a declared port', () => {
      for (const container of (deployment ? containersOf(deployment) : [])) {
        const where = `${app}/${container.name}`;
        for (const [probe, path] of [
          ['livenessProbe', '/health/live'],
          ['readinessProbe', '/health/ready'],
        ] as const) {
          const httpGet = container[probe]?.httpGet;
          expect({ where, probe, path: httpGet?.path }).toEqual({ where, probe, path: expect.stringMatching(/^\/health/) });
          expect({ where, probe, path: httpGet?.path }).toEqual({ where, probe, path });
          expect({ where, probe, port: resolvePort(container, httpGet?.port) }).toEqual({
            where,
            probe,
            port: APP_PORTS[app],
          });
        }
        if (container.startupProbe) {
          expect(container.startupProbe.httpGet?.path).toMatch(/^\/health/);
          expect(resolvePort(container, container.startupProbe.httpGet?.port)).toBe(APP_PORTS[app]);
        }
      }
    });

    it('gets the environment its role needs', () => {
      const container = mainContainerOf(deployment);
      const names = envNamesOf(container);
      for (const required of ['NODE_ENV', 'HOST', 'PORT', 'METRICS_PORT', ...SHARED_SECRETS]) {
        expect({ app, required, present: names.has(required) }).toEqual({ app, required, present: true });
      }
      expect(envValueOf(container, 'NODE_ENV')).toBe('production');
      expect(envValueOf(container, 'HOST')).toBe('0.0.0.0');
      if (app in DATABASE_SCHEMA) {
        expect({ app, DATABASE_URL: names.has('DATABASE_URL'), REDIS_URL: names.has('REDIS_URL') }).toEqual({
          app,
          DATABASE_URL: true,
          REDIS_URL: true,
        });
        expect(envValueOf(container, 'DATABASE_SCHEMA')).toBe(DATABASE_SCHEMA[app]);
      } else {
        expect({ app, DATABASE_URL: names.has('DATABASE_URL') }).toEqual({ app, DATABASE_URL: false });
      }
    });
  });

  describe.each(APIS)('Service %s', (app) => {
    const service = services.find((s) => s.metadata?.name === app);
    const deployment = deploymentNamed(app);

    it('selects the Deployment pods and exposes the container port', () => {
      expect(service).toBeDefined();
      expect(deployment).toBeDefined();
      const podLabels = deployment?.spec?.template?.metadata?.labels ?? {};
      const selector: Record<string, string> = service?.spec?.selector ?? {};
      expect(Object.keys(selector).length).toBeGreaterThan(0);
      expect(podLabels).toEqual(expect.objectContaining(selector));

      const container = mainContainerOf(deployment);
      const ports: { port?: number; targetPort?: number | string }[] = service?.spec?.ports ?? [];
      expect(ports.length).toBeGreaterThan(0);
      for (const port of ports) {
        // Other services dial <name>:<contract port>, so the Service port is the contract port too.
        expect(port.port).toBe(APP_PORTS[app]);
        expect(resolvePort(container, port.targetPort ?? port.port)).toBe(APP_PORTS[app]);
      }
    });
  });

  it('exposes no metrics port in any Service', () => {
    for (const service of services) {
      const deployment = deployments.find((d) =>
        Object.entries(service.spec?.selector ?? {}).every(([key, value]) => d.spec?.template?.metadata?.labels?.[key] === value),
      );
      const container = mainContainerOf(deployment);
      for (const port of (service.spec?.ports ?? []) as { port?: number; targetPort?: number | string }[]) {
        const target = resolvePort(container, port.targetPort ?? port.port);
        expect({ service: service.metadata?.name, target }).not.toEqual({ service: service.metadata?.name, target: resolvePort(container, 'metrics') });
        expect(port.targetPort).not.toBe('metrics');
      }
    }
  });

  describe.each(APPS)('HorizontalPodAutoscaler for %s', (app) => {
    const hpa = hpas.find((h) => h.spec?.scaleTargetRef?.name === app);

    it('targets the Deployment with sane bounds (autoscaling/v2), never fewer than 2 pods', () => {
      expect(hpa).toBeDefined();
      expect(hpa?.apiVersion).toBe('autoscaling/v2');
      expect(hpa?.spec?.scaleTargetRef?.kind).toBe('Deployment');
      expect(hpa?.spec?.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa?.spec?.maxReplicas).toBeGreaterThan(hpa?.spec?.minReplicas);
      expect(hpa?.spec?.maxReplicas).toBeLessThanOrEqual(20);
      expect(hpa?.spec?.metrics?.length).toBeGreaterThan(0);
    });

    it('scales on CPU utilisation, measured against each container\'s CPU request', () => {
      const cpu = (hpa?.spec?.metrics ?? []).find((m: any) => m.type === 'Resource' && m.resource?.name === 'cpu');
      expect(cpu?.resource?.target?.type).toBe('Utilization');
      expect(cpu?.resource?.target?.averageUtilization).toBeGreaterThanOrEqual(50);
      expect(cpu?.resource?.target?.averageUtilization).toBeLessThanOrEqual(90);
      for (const container of containersOf(deploymentNamed(app) ?? {})) {
        expect({ app, container: container.name, cpu: container.resources?.requests?.cpu }).toEqual({ app, container: container.name, cpu: expect.anything() });
      }
    });

    it('is not overridden by a fixed replica count in the Deployment', () => {
      expect(deploymentNamed(app)?.spec?.replicas).toBeUndefined();
    });
  });

  it('gives every container of every workload cpu and memory requests and limits', () => {
    const workloads = [...deployments, ...jobs];
    expect(workloads.length).toBeGreaterThan(0);
    for (const workload of workloads) {
      for (const container of allContainersOf(workload)) {
        const where = `${workload.kind}/${workload.metadata?.name}/${container.name}`;
        const { requests = {}, limits = {} } = container.resources ?? {};
        expect({ where, requests: Object.keys(requests), limits: Object.keys(limits) }).toEqual({
          where,
          requests: expect.arrayContaining(['cpu', 'memory']),
          limits: expect.arrayContaining(['cpu', 'memory']),
        });
      }
    }
  });

  it('runs every pod as non-root with a read-only root filesystem and no privilege escalation', () => {
    for (const workload of [...deployments, ...jobs]) {
      const where = `${workload.kind}/${workload.metadata?.name}`;
      const podSecurity = workload.spec?.template?.spec?.securityContext ?? {};
      expect({ where, runAsNonRoot: podSecurity.runAsNonRoot }).toEqual({ where, runAsNonRoot: true });
      for (const container of allContainersOf(workload)) {
        const security = container.securityContext ?? {};
        expect({ where, container: container.name, ro: security.readOnlyRootFilesystem, esc: security.allowPrivilegeEscalation }).toEqual({
          where,
          container: container.name,
          ro: true,
          esc: false,
        });
      }
    }
  });

  it('references only ConfigMaps in the base and Secret keys the template documents', () => {
    const secretKeys = new Map(
      secretTemplates.map((s) => [s.metadata?.name, new Set(Object.keys({ ...s.data, ...s.stringData }))]),
    );
    const configMapNames = new Set(configMaps.map((c) => c.metadata?.name));
    for (const workload of [...deployments, ...jobs]) {
      for (const container of allContainersOf(workload)) {
        const where = `${workload.metadata?.name}/${container.name}`;
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef) expect({ where, cm: configMapNames.has(source.configMapRef.name) }).toEqual({ where, cm: true });
          if (source.secretRef) expect({ where, secret: secretKeys.has(source.secretRef.name) }).toEqual({ where, secret: true });
        }
        for (const env of container.env ?? []) {
          const cmRef = env.valueFrom?.configMapKeyRef;
          if (cmRef) expect({ where, cm: cmRef.name, ok: configMapNames.has(cmRef.name) }).toEqual({ where, cm: cmRef.name, ok: true });
          const secretRef = env.valueFrom?.secretKeyRef;
          if (secretRef) {
            expect({ where, key: secretRef.key, ok: secretKeys.get(secretRef.name)?.has(secretRef.key) ?? false }).toEqual({
              where,
              key: secretRef.key,
              ok: true,
            });
          }
        }
      }
    }
  });

  it('points the gateway at every subgraph Service on its contract port', () => {
    const gateway = mainContainerOf(deploymentNamed('gateway'));
    for (const subgraph of SUBGRAPHS) {
      const url = envValueOf(gateway, `${subgraph.toUpperCase()}_URL`);
      expect(url).toBe(`http://${subgraph}:${API_PORTS[subgraph]}/graphql`);
    }
  });
});

// ------------------------------------------------------- network policies

interface PolicyPeer {
  podSelector?: { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
  namespaceSelector?: { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
  ipBlock?: { cidr?: string };
}
interface IngressRule {
  from?: PolicyPeer[];
  ports?: { port?: number | string; protocol?: string }[];
}

const podLabelsOf = (app: string): Record<string, string> => deploymentNamed(app)?.spec?.template?.metadata?.labels ?? {};

/** matchLabels only: a selector this test cannot evaluate (matchExpressions) counts as selecting nothing it can vouch for. */
function selects(selector: PolicyPeer['podSelector'], labels: Record<string, string>): boolean {
  if (!selector || selector.matchExpressions?.length) return false;
  return Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
}

const policiesFor = (app: string) =>
  networkPolicies.filter((policy) => policy.spec?.policyTypes?.includes('Ingress') && selects(policy.spec?.podSelector ?? {}, podLabelsOf(app)));

const ingressRulesFor = (app: string): IngressRule[] => policiesFor(app).flatMap((policy) => (policy.spec?.ingress ?? []) as IngressRule[]);

/** Whether a rule applies to a port of the app's container: no ports listed means every port. */
function covers(rule: IngressRule, app: string, port: number): boolean {
  if (!rule.ports || rule.ports.length === 0) return true;
  const container = mainContainerOf(deploymentNamed(app));
  return rule.ports.some((entry) => resolvePort(container, entry.port) === port);
}

/** A peer admitting one workload's pods in this namespace, and no other workload's pods. */
function admitsOnly(peer: PolicyPeer, caller: string): boolean {
  if (peer.namespaceSelector || peer.ipBlock || !peer.podSelector) return false;
  if (Object.keys(peer.podSelector.matchLabels ?? {}).length === 0) return false;
  return APPS.every((app) => selects(peer.podSelector, podLabelsOf(app)) === (app === caller));
}

/**
 * Who may call a subgraph's API port besides the gateway: the scoring API
 * reads a campaign's record from campaigns (docs/architecture.md#trust-boundary).
 */
const SUBGRAPH_CALLERS: Readonly<Record<string, readonly string[]>> = { campaigns: ['scoring'] };

describe('network policies (k8s/)', () => {
  it('deny all ingress to the namespace\'s pods unless allowed', () => {
    const defaultDeny = networkPolicies.filter(
      (policy) =>
        Object.keys(policy.spec?.podSelector?.matchLabels ?? {}).length === 0 &&
        !policy.spec?.podSelector?.matchExpressions?.length &&
        policy.spec?.policyTypes?.includes('Ingress') &&
        (policy.spec?.ingress ?? []).length === 0,
    );
    expect(defaultDeny.map((policy) => policy.metadata?.name)).toHaveLength(1);
  });

  it('are all networking.k8s.io/v1', () => {
    expect(networkPolicies.length).toBeGreaterThan(0);
    for (const policy of networkPolicies) expect({ name: policy.metadata?.name, apiVersion: policy.apiVersion }).toEqual({ name: policy.metadata?.name, apiVersion: 'networking.k8s.io/v1' });
  });

  describe.each(SUBGRAPHS)('subgraph %s', (app) => {
    it('is selected by an ingress policy', () => {
      expect(policiesFor(app).length).toBeGreaterThan(0);
    });

    it('admits only the gateway\'s pods on its API port, and the one documented caller between subgraphs', () => {
      const rules = ingressRulesFor(app).filter((rule) => covers(rule, app, APP_PORTS[app]));
      expect(rules.length).toBeGreaterThan(0);
      const callers = ['gateway', ...(SUBGRAPH_CALLERS[app] ?? [])];
      const admitted = new Set<string>();
      for (const rule of rules) {
        expect({ app, sources: (rule.from ?? []).length > 0 }).toEqual({ app, sources: true });
        for (const peer of rule.from ?? []) {
          const caller = callers.find((name) => admitsOnly(peer, name));
          expect({ app, peer, onlyOneCaller: caller !== undefined }).toEqual({ app, peer, onlyOneCaller: true });
          admitted.add(caller!);
        }
      }
      expect({ app, admitted: [...admitted].sort() }).toEqual({ app, admitted: [...callers].sort() });
    });
  });

  it('let anyone reach the gateway\'s API port, from outside the cluster too', () => {
    const open = ingressRulesFor('gateway').filter(
      (rule) => covers(rule, 'gateway', APP_PORTS.gateway) && (!rule.from || rule.from.length === 0 || rule.from.some((peer) => peer.ipBlock?.cidr === '0.0.0.0/0')),
    );
    expect(open.length).toBeGreaterThan(0);
  });

  it.each(WORKERS)('admit nothing to worker %s\'s health port (the kubelet probes it from the node)', (app) => {
    expect(policiesFor(app).length).toBeGreaterThan(0);
    expect(ingressRulesFor(app).filter((rule) => covers(rule, app, APP_PORTS[app]))).toEqual([]);
  });

  it.each(APPS)('open %s\'s metrics port to the monitoring namespace only', (app) => {
    const rules = ingressRulesFor(app).filter((rule) => covers(rule, app, metricsPortOf(app)));
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect((rule.from ?? []).length).toBeGreaterThan(0);
      for (const peer of rule.from ?? []) {
        expect({ app, peer: Object.keys(peer).sort(), labels: Object.keys(peer.namespaceSelector?.matchLabels ?? {}).length > 0 }).toEqual({
          app,
          peer: ['namespaceSelector'],
          labels: true,
        });
      }
    }
  });

  it('only open ports the selected pods declare', () => {
    for (const policy of networkPolicies) {
      const selected = [...APPS, ...INFRA_DEPLOYMENTS].filter((app) => selects(policy.spec?.podSelector ?? {}, podLabelsOf(app)));
      for (const rule of (policy.spec?.ingress ?? []) as IngressRule[]) {
        for (const entry of rule.ports ?? []) {
          const declared = selected.some((app) => resolvePort(mainContainerOf(deploymentNamed(app)), entry.port) !== undefined);
          expect({ policy: policy.metadata?.name, port: entry.port, declared }).toEqual({ policy: policy.metadata?.name, port: entry.port, declared: true });
        }
      }
    }
  });
});

describe('docker-compose.yml', () => {
  it('defines Postgres 16 and Redis 7 with healthchecks', () => {
    expect(composeServices.postgres?.image).toMatch(/^postgres:16/);
    expect(JSON.stringify(composeServices.postgres?.healthcheck?.test)).toContain('pg_isready');
    expect(composeServices.redis?.image).toMatch(/^redis:7/);
    expect(composeServices.redis?.healthcheck?.test).toBeDefined();
  });

  it('runs the same set of apps (APIs and workers) as the kustomize base', () => {
    const k8sApps = deployments.map((d) => d.metadata?.name ?? '').filter((name) => !INFRA_DEPLOYMENTS.includes(name)).sort();
    expect([...composeApps].sort()).toEqual(k8sApps);
    expect([...composeApps].sort()).toEqual([...APPS].sort());
  });

  describe.each(APPS)('%s', (app) => {
    const service = composeServices[app] ?? {};
    const env = composeEnv(service);

    it('is built from the Dockerfile and started through the runtime path hook', () => {
      expect(service.build).toBeDefined();
      expectNodeWithRuntimePaths(service.command, `compose ${app}`);
    });

    it('maps its name to the expected entrypoint, the same one Kubernetes runs', () => {
      expect(entrypointOf(service.command)).toBe(expectedEntrypoint(app));
      const k8s = deploymentNamed(app);
      if (k8s) expect(entrypointOf(mainContainerOf(k8s).args)).toBe(entrypointOf(service.command));
    });

    it('uses its contract port and a /health/ready healthcheck', () => {
      expect(env.PORT).toBe(String(APP_PORTS[app]));
      expect(env.NODE_ENV).toBe('production');
      expect(env.HOST).toBe('0.0.0.0');
      expect(JSON.stringify(service.healthcheck?.test ?? '')).toContain('/health/ready');
    });

    it('waits only for healthy dependencies', () => {
      const deps = service.depends_on ?? {};
      expect(Array.isArray(deps)).toBe(false);
      for (const [name, dep] of Object.entries(deps)) {
        expect({ name, condition: dep.condition }).toEqual({ name, condition: 'service_healthy' });
      }
    });

    it('gets a database only if it owns a schema', () => {
      if (app in DATABASE_SCHEMA) {
        expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\/scriptbook$/);
        expect(env.DATABASE_SCHEMA).toBe(DATABASE_SCHEMA[app]);
        expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:/);
        expect(Object.keys(service.depends_on ?? {})).toEqual(expect.arrayContaining(['postgres', 'redis']));
      } else {
        expect(NO_DATABASE).toContain(app);
        expect(env.DATABASE_URL).toBeUndefined();
      }
    });
  });

  it('holds no secret: every app requires JWT_SECRET and GATEWAY_SIGNING_SECRET from the environment', () => {
    for (const name of SHARED_SECRETS) {
      expect(composeText).toMatch(new RegExp(`\\$\\{${name}:\\?[^}]+\\}`));
      expect(composeText).not.toMatch(new RegExp(`\\$\\{${name}:?-`));
      for (const app of APPS) expect({ app, name, set: composeEnv(composeServices[app] ?? {})[name] !== undefined }).toEqual({ app, name, set: true });
    }
  });

  it('publishes the gateway on 4000 and nothing else', () => {
    const published = Object.entries(composeServices)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name]) => name);
    expect(published).toEqual(['gateway']);
    // The API port only: metrics stay inside the compose network.
    expect((composeServices.gateway?.ports ?? []).map(String)).toEqual(['4000:4000']);
  });

  it('starts the gateway after every subgraph and points it at them', () => {
    const env = composeEnv(composeServices.gateway ?? {});
    expect(Object.keys(composeServices.gateway?.depends_on ?? {})).toEqual(expect.arrayContaining(SUBGRAPHS));
    for (const subgraph of SUBGRAPHS) {
      expect(env[`${subgraph.toUpperCase()}_URL`]).toBe(`http://${subgraph}:${API_PORTS[subgraph]}/graphql`);
    }
  });
});

// ------------------------------------------------------- scaled-out shape

/** `[section] key = value` of an ini file (pgbouncer.ini); `;` and `#` start comments. */
function parseIni(text: string): Record<string, Record<string, string>> {
  const sections: Record<string, Record<string, string>> = {};
  let current = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = section[1];
      sections[current] ??= {};
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    (sections[current] ??= {})[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return sections;
}

/** A file's lines without comments and blank lines, for comparing two copies of one configuration. */
const significantLines = (text: string, comment: RegExp) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() && !comment.test(line.trim()));

const envEntryOf = (container: Container, name: string) => container.env?.find((e) => e.name === name);
const pgbouncerDeployment = deploymentNamed('pgbouncer');
const pgbouncerContainer = mainContainerOf(pgbouncerDeployment);
const pgbouncerService = services.find((s) => s.metadata?.name === 'pgbouncer');
const pgbouncerIniText = configMaps.find((c) => c.metadata?.name === 'pgbouncer-config')?.data?.['pgbouncer.ini'] ?? '';
const pgbouncerIni = parseIni(pgbouncerIniText);

describe('scaled-out pieces (k8s/)', () => {
  it.each([...APPS, ...INFRA_DEPLOYMENTS])('keeps at least one pod of %s through voluntary disruptions (PodDisruptionBudget)', (app) => {
    const deployment = deploymentNamed(app);
    const budgets = pdbs.filter((pdb) => selects(pdb.spec?.selector ?? {}, podLabelsOf(app)));
    expect(budgets.map((pdb) => pdb.metadata?.name)).toHaveLength(1);
    const [budget] = budgets;
    expect(budget.apiVersion).toBe('policy/v1');
    const { maxUnavailable, minAvailable } = budget.spec ?? {};
    expect({ app, budget: maxUnavailable === 1 || minAvailable === 1 }).toEqual({ app, budget: true });
    // A budget only leaves a pod standing if there are at least two.
    const least = deployment?.spec?.replicas ?? hpas.find((h) => h.spec?.scaleTargetRef?.name === app)?.spec?.minReplicas;
    expect({ app, least }).toEqual({ app, least: expect.any(Number) });
    expect(least).toBeGreaterThanOrEqual(2);
  });

  it('lets no autoscaler scale PgBouncer, whose every replica adds its own pools to Postgres, and runs two', () => {
    expect(hpas.filter((h) => h.spec?.scaleTargetRef?.name === 'pgbouncer')).toEqual([]);
    expect(pgbouncerDeployment?.spec?.replicas).toBe(2);
  });

  it('runs PgBouncer in transaction mode with one database entry per schema, scriptbook_<schema>, each setting its search_path', () => {
    expect(pgbouncerIni.pgbouncer?.pool_mode).toBe('transaction');
    const entries = pgbouncerIni.databases ?? {};
    expect(Object.keys(entries).sort()).toEqual(SCHEMAS.map((schema) => `scriptbook_${schema}`));
    for (const schema of SCHEMAS) {
      const entry = entries[`scriptbook_${schema}`] ?? '';
      expect({ schema, entry }).toEqual({ schema, entry: expect.stringMatching(/\bdbname=scriptbook\b/) });
      expect({ schema, entry }).toEqual({ schema, entry: expect.stringContaining(`connect_query='SET search_path = "${schema}"'`) });
    }
    // DISCARD ALL would drop the search_path connect_query set.
    expect(pgbouncerIni.pgbouncer?.server_reset_query).toBe('');
    expect(pgbouncerIni.pgbouncer?.auth_type).toBe('scram-sha-256');
  });

  it('serves PgBouncer on its Service port, from its mounted configuration and the password file of a documented Secret', () => {
    const listenPort = Number(pgbouncerIni.pgbouncer?.listen_port);
    expect(resolvePort(pgbouncerContainer, 'pgbouncer')).toBe(listenPort);
    const ports: { port?: number; targetPort?: number | string }[] = pgbouncerService?.spec?.ports ?? [];
    expect(ports.map((port) => [port.port, resolvePort(pgbouncerContainer, port.targetPort ?? port.port)])).toEqual([[listenPort, listenPort]]);
    expect(pgbouncerService?.spec?.selector).toEqual({ [NAME_LABEL]: 'pgbouncer' });

    const args = (pgbouncerContainer.args ?? pgbouncerContainer.command) as string[];
    const iniPath = args[args.length - 1];
    const authFile = pgbouncerIni.pgbouncer?.auth_file ?? '';
    const volumes: any[] = pgbouncerDeployment?.spec?.template?.spec?.volumes ?? [];
    const mounts: { name: string; mountPath: string }[] = (pgbouncerContainer as any).volumeMounts ?? [];
    const filesAt = (path: string) =>
      mounts.flatMap((mount) =>
        (volumes.find((v) => v.name === mount.name)?.projected?.sources ?? []).flatMap((source: any) =>
          ((source.configMap ?? source.secret)?.items ?? [])
            .filter((item: any) => `${mount.mountPath}/${item.path}` === path)
            .map((item: any) => (source.configMap ? `configMap ${source.configMap.name}/${item.key}` : `secret ${source.secret.name}/${item.key}`)),
        ),
      );
    expect(filesAt(iniPath)).toEqual(['configMap pgbouncer-config/pgbouncer.ini']);
    expect(filesAt(authFile)).toEqual(['secret scriptbook-pgbouncer/userlist.txt']);
    const template = secretTemplates.find((secret) => secret.metadata?.name === 'scriptbook-pgbouncer');
    expect(Object.keys(template?.stringData ?? {})).toEqual(['userlist.txt']);
  });

  describe.each(Object.keys(DATABASE_SCHEMA))('%s', (app) => {
    const container = mainContainerOf(deploymentNamed(app));
    const schema = DATABASE_SCHEMA[app];

    it("queries through PgBouncer, on its schema's database entry, as a transaction pooler", () => {
      expect(envValueOf(container, 'DATABASE_POOLER')).toBe('transaction');
      const url = envValueOf(container, 'DATABASE_URL') ?? '';
      const port = pgbouncerService?.spec?.ports?.[0]?.port;
      expect(url).toMatch(new RegExp(`^postgres://[^@]+@pgbouncer:${port}/scriptbook_${schema}$`));
      expect(Object.keys(pgbouncerIni.databases ?? {})).toContain(`scriptbook_${schema}`);
    });

    it('takes the credentials in its DATABASE_URL from variables defined before it', () => {
      const names = (container.env ?? []).map((e) => e.name);
      const url = envValueOf(container, 'DATABASE_URL') ?? '';
      const references = [...url.matchAll(/\$\(([A-Z_]+)\)/g)].map((match) => match[1]);
      expect(references.length).toBeGreaterThan(0);
      for (const name of references) {
        expect({ name, before: names.indexOf(name) >= 0 && names.indexOf(name) < names.indexOf('DATABASE_URL') }).toEqual({ name, before: true });
        expect(envEntryOf(container, name)?.valueFrom?.secretKeyRef?.name).toBe('scriptbook-secrets');
      }
    });

    if (MIGRATING_APIS.includes(app)) {
      it('migrates on Postgres itself (DATABASE_MIGRATION_URL is the Secret\'s direct DATABASE_URL)', () => {
        expect(envEntryOf(container, 'DATABASE_MIGRATION_URL')?.valueFrom?.secretKeyRef).toEqual({ name: 'scriptbook-secrets', key: 'DATABASE_URL' });
      });
    }
  });

  it('runs the migrate Job on Postgres itself, bypassing PgBouncer', () => {
    const job = jobs.find((j) => j.metadata?.name === 'scriptbook-migrate');
    const container = job ? containersOf(job)[0] : {};
    expect(envEntryOf(container, 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({ name: 'scriptbook-secrets', key: 'DATABASE_URL' });
    expect(envValueOf(container, 'DATABASE_POOLER') ?? 'none').toBe('none');
    expect(envEntryOf(container, 'DATABASE_MIGRATION_URL')).toBeUndefined();
    expect(JSON.stringify(job)).not.toContain('pgbouncer');
  });

  it('admits only the processes that use the database to PgBouncer', () => {
    const listenPort = Number(pgbouncerIni.pgbouncer?.listen_port);
    const rules = ingressRulesFor('pgbouncer').filter((rule) => covers(rule, 'pgbouncer', listenPort));
    expect(rules.length).toBeGreaterThan(0);
    const admitted = new Set<string>();
    for (const rule of rules) {
      expect((rule.from ?? []).length).toBeGreaterThan(0);
      for (const peer of rule.from ?? []) {
        const caller = APPS.find((app) => admitsOnly(peer, app));
        expect({ peer, caller }).toEqual({ peer, caller: expect.any(String) });
        admitted.add(caller!);
      }
    }
    expect([...admitted].sort()).toEqual(Object.keys(DATABASE_SCHEMA).sort());
  });

  it('keeps one Redis as the default and shows how a Redis Cluster is named', () => {
    const redis = configMaps.find((c) => c.metadata?.name === 'scriptbook-redis');
    expect(redis?.data?.REDIS_URL).toMatch(/^rediss?:\/\//);
    expect(redis?.data?.REDIS_CLUSTER_NODES).toBeUndefined();
    const text = readFileSync(join(K8S_DIR, 'configmap.yaml'), 'utf8');
    expect(text).toMatch(/#\s+REDIS_CLUSTER_NODES: "?[^\s:,]+:\d+(,[^\s:,]+:\d+)+"?/);
  });
});

interface ScaledService extends ComposeService {
  deploy?: { replicas?: number };
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string } | null>;
}
const scaledPath = join(ROOT, 'docker-compose.scaled.yml');
const scaledText = existsSync(scaledPath) ? readFileSync(scaledPath, 'utf8') : '';
const scaled = (scaledText ? parse(scaledText, { merge: true }) : {}) as {
  services?: Record<string, ScaledService>;
  networks?: { default?: { ipam?: { config?: { subnet?: string; ip_range?: string }[] } } };
};
const scaledServices = scaled.services ?? {};
const SCALED_GATEWAYS = ['gateway-1', 'gateway-2'];
const REDIS_NODES = [1, 2, 3, 4, 5, 6].map((n) => `redis-node-${n}`);
/** The file a service mounts at `target`, relative to the repository. */
const mountedAt = (service: ScaledService | undefined, target: string) =>
  (service?.volumes ?? []).map((volume) => volume.split(':')).find(([, to]) => to === target)?.[0]?.replace(/^\.\//, '');

/** Whether an IPv4 address lies in a CIDR range. */
function inRange(address: string, cidr: string): boolean {
  const toNumber = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(toNumber(address) / size) === Math.floor(toNumber(base) / size);
}

describe('docker-compose.scaled.yml', () => {
  it('runs every app with the same command as docker-compose.yml, the gateway twice', () => {
    for (const app of APPS) {
      const copies = app === 'gateway' ? SCALED_GATEWAYS : [app];
      for (const name of copies) {
        expect({ name, command: scaledServices[name]?.command }).toEqual({ name, command: composeServices[app]?.command });
        expect({ name, port: composeEnv(scaledServices[name] ?? {}).PORT }).toEqual({ name, port: String(APP_PORTS[app]) });
      }
    }
  });

  it.each([...SUBGRAPHS, ...WORKERS])('runs two replicas of %s', (app) => {
    expect(scaledServices[app]?.deploy?.replicas).toBeGreaterThanOrEqual(2);
  });

  it('publishes only HAProxy, on 4000, in front of both gateways', () => {
    const published = Object.entries(scaledServices)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name]) => name);
    expect(published).toEqual(['haproxy']);
    expect((scaledServices.haproxy?.ports ?? []).map(String)).toEqual(['4000:4000']);
    expect(mountedAt(scaledServices.haproxy, '/usr/local/etc/haproxy/haproxy.cfg')).toBe('deploy/haproxy/haproxy.cfg');
    const config = readFileSync(join(ROOT, 'deploy/haproxy/haproxy.cfg'), 'utf8');
    const servers = [...config.matchAll(/^\s*server (\S+) (\S+)/gm)].map((match) => [match[1], match[2]]);
    expect(servers).toEqual(SCALED_GATEWAYS.map((name) => [name, `${name}:${APP_PORTS.gateway}`]));
  });

  it('holds in deploy/haproxy/haproxy.cfg what haproxyConfig() writes for the two gateways', () => {
    const config = readFileSync(join(ROOT, 'deploy/haproxy/haproxy.cfg'), 'utf8');
    const generated = haproxyConfig({
      upstreams: SCALED_GATEWAYS.map((name) => ({ name, url: `http://${name}:${APP_PORTS.gateway}` })),
      bind: ':4000',
      nameservers: ['127.0.0.11:53'],
    });
    expect(config.replace(/^(#.*\n)+/, '')).toBe(generated);
  });

  it("has the gateways believe X-Forwarded-For from HAProxy's fixed address only, which Docker never hands out", () => {
    const address = scaledServices.haproxy?.networks?.default?.ipv4_address ?? '';
    const [ipam] = scaled.networks?.default?.ipam?.config ?? [];
    expect(inRange(address, ipam?.subnet ?? '0.0.0.0/32')).toBe(true);
    expect(inRange(address, ipam?.ip_range ?? '0.0.0.0/0')).toBe(false);
    for (const name of SCALED_GATEWAYS) expect({ name, trusted: composeEnv(scaledServices[name] ?? {}).TRUSTED_PROXIES }).toEqual({ name, trusted: address });
  });

  it("runs PgBouncer on the same pgbouncer.ini as Kubernetes", () => {
    const mounted = mountedAt(scaledServices.pgbouncer, '/etc/pgbouncer/pgbouncer.ini');
    expect(mounted).toBe('deploy/pgbouncer/pgbouncer.ini');
    const file = readFileSync(join(ROOT, mounted ?? ''), 'utf8');
    expect(significantLines(file, /^[;#]/)).toEqual(significantLines(pgbouncerIniText, /^[;#]/));
    expect(scaledServices.pgbouncer?.image).toBe(pgbouncerContainer.image);
  });

  describe.each(Object.keys(DATABASE_SCHEMA))('%s', (app) => {
    const env = composeEnv(scaledServices[app] ?? {});

    it('queries through PgBouncer on its own database entry, and migrates (if it does) on Postgres itself', () => {
      expect(env.DATABASE_POOLER).toBe('transaction');
      expect(env.DATABASE_URL).toMatch(new RegExp(`^postgres://.+@pgbouncer:6432/scriptbook_${DATABASE_SCHEMA[app]}$`));
      expect(env.DATABASE_SCHEMA).toBe(DATABASE_SCHEMA[app]);
      if (MIGRATING_APIS.includes(app)) expect(env.DATABASE_MIGRATION_URL).toMatch(/^postgres:\/\/.+@postgres:5432\/scriptbook$/);
      const deps = scaledServices[app]?.depends_on as Record<string, { condition?: string }>;
      expect(deps.pgbouncer?.condition).toBe('service_healthy');
    });
  });

  it('runs a Redis Cluster of six redis:7 nodes, joined once into 3 masters with a replica each', () => {
    for (const node of REDIS_NODES) {
      const service = scaledServices[node];
      expect({ node, image: service?.image }).toEqual({ node, image: expect.stringMatching(/^redis:7/) });
      const args = (service?.command ?? []) as string[];
      expect({ node, enabled: args[args.indexOf('--cluster-enabled') + 1], policy: args[args.indexOf('--maxmemory-policy') + 1] }).toEqual({
        node,
        enabled: 'yes',
        policy: 'noeviction',
      });
    }
    const init = scaledServices['redis-cluster-init'];
    const script = JSON.stringify(init?.command);
    expect(script).toMatch(/redis-cli --cluster create .*--cluster-replicas 1/);
    expect(Object.keys(init?.depends_on ?? {}).sort()).toEqual([...REDIS_NODES].sort());
  });

  it.each(APPS.filter((app) => app !== 'content' && app !== 'rules').flatMap((app) => (app === 'gateway' ? SCALED_GATEWAYS : [app])))(
    '%s reaches Redis through the cluster, once it is formed',
    (name) => {
      const env = composeEnv(scaledServices[name] ?? {});
      const seeds = (env.REDIS_CLUSTER_NODES ?? '').split(',');
      expect(seeds.length).toBeGreaterThanOrEqual(1);
      for (const seed of seeds) expect({ seed, node: REDIS_NODES.includes(seed.split(':')[0]) }).toEqual({ seed, node: true });
      const deps = scaledServices[name]?.depends_on as Record<string, { condition?: string }>;
      expect(deps['redis-cluster-init']?.condition).toBe('service_completed_successfully');
    },
  );
});

describe('entrypoints in the source tree', () => {
  // The mapping above is checked for every process; existence only for the
  // files the platform contract says must exist.
  const required = [...APIS.map(expectedEntrypoint), ...WORKERS.map(expectedEntrypoint)];

  it('are the entrypoints `npm start` runs', () => {
    expect(required.sort()).toEqual(PLATFORM_PIECES.map((piece) => piece.entry.replace(/\.js$/, '.ts')).sort());
  });

  it.each(required)('%s exists', (path) => {
    expect(existsSync(join(ROOT, path))).toBe(true);
  });
});

describe('Dockerfile', () => {
  const dockerfile = existsSync(join(ROOT, 'Dockerfile')) ? readFileSync(join(ROOT, 'Dockerfile'), 'utf8') : '';
  const instructions = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages = instructions.filter((line) => /^FROM\s/i.test(line));
  const lastStageStart = instructions.lastIndexOf(stages[stages.length - 1] ?? '');
  const runtime = instructions.slice(lastStageStart);

  it('builds and runs on node:20-bookworm-slim in separate stages', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage).toMatch(/^FROM\s+node:20-bookworm-slim\b/i);
    expect(dockerfile).toMatch(/\bnpm ci\b/);
    expect(dockerfile).toMatch(/\bnpm run build\b/);
    expect(dockerfile).toMatch(/\bnpm prune --omit=dev\b/);
  });

  it('copies what the runtime needs into the final stage', () => {
    const copies = runtime.filter((line) => /^COPY\s/i.test(line)).join('\n');
    for (const needed of ['scripts/runtime-paths.js', 'tsconfig.json', 'dist', 'node_modules', 'package.json']) {
      expect({ needed, copied: copies.includes(needed) }).toEqual({ needed, copied: true });
    }
  });

  it('runs as a non-root user under an init, defaulting to the gateway', () => {
    const user = runtime.filter((line) => /^USER\s/i.test(line)).pop();
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER\s+(root|0)(:|\s|$)/i);
    expect(runtime.some((line) => /^ENV\s.*NODE_ENV=production/i.test(line))).toBe(true);
    const entrypoint = runtime.filter((line) => /^ENTRYPOINT\s/i.test(line)).pop() ?? '';
    expect(entrypoint).toMatch(/tini/);
    const cmd = runtime.filter((line) => /^CMD\s/i.test(line)).pop() ?? '';
    const cmdArgs: unknown = JSON.parse(cmd.replace(/^CMD\s+/i, ''));
    expectNodeWithRuntimePaths(cmdArgs, 'Dockerfile CMD');
    expect(entrypointOf(cmdArgs)).toBe(expectedEntrypoint('gateway'));
  });
});
