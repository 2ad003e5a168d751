// The deployment files keep their promises (docs/deploy.md): two app instances that share the
// database, the session secret and the bucket but not their DATA_DIR, health checks on /readyz, a
// proxy that waits for both and balances over both, no secret written in the files, every variable
// documented; and, where Docker is installed, `docker compose config` accepts the file.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

type Service = {
  build?: unknown;
  image?: string;
  environment?: Record<string, string | null>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  profiles?: string[];
  ports?: string[];
};
type Compose = {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  networks: Record<string, { ipam?: { config: { subnet: string; ip_range?: string }[] } }>;
};

const text = fs.readFileSync("compose.yaml", "utf8");
// Compose reads YAML merge keys (`<<: *app`); the parser applies them only when asked.
const compose = parse(text, { merge: true }) as Compose;
const example = fs.readFileSync("deploy/.env.example", "utf8");
const caddyfile = fs.readFileSync("deploy/Caddyfile", "utf8");
const dockerfile = fs.readFileSync("Dockerfile", "utf8");
const deployDoc = fs.readFileSync("docs/deploy.md", "utf8");
const apps = ["app1", "app2"].map((name) => compose.services[name]);

/** The value a `${NAME:-default}` expression takes when .env does not set NAME. */
const defaultOf = (expression: string) => /^\$\{[A-Z0-9_]+:-([^}]+)\}$/.exec(expression)?.[1];
/** Variables the app reads besides server/env.ts: object storage and operations (docs/deploy.md). */
const OPERATIONS_VARIABLES = ["STORAGE_URL", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "METRICS_TOKEN", "SENTRY_DSN", "WEB_CONCURRENCY"];
const envSchemaKeys = [...fs.readFileSync("server/env.ts", "utf8").matchAll(/^ {4}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]);

describe("compose.yaml", () => {
  it("runs two app instances of the Dockerfile's image", () => {
    for (const app of apps) {
      expect(app, "app1 and app2").toBeDefined();
      expect(app.build).toBe(".");
      expect(app.image).toBe(compose.services.app1.image);
    }
  });

  it("gives both the same database, session secret and bucket, from .env and never written here", () => {
    const [a, b] = apps.map((app) => app.environment!);
    for (const name of [
      "DATABASE_URL",
      "SESSION_SECRET",
      "STORAGE_URL",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
      "PUBLIC_URL",
      "TRUST_PROXY",
    ]) {
      expect(a[name], name).toBeTruthy();
      expect(b[name], name).toBe(a[name]);
    }
    expect(a.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
    expect(a.DATABASE_URL).toMatch(/^postgres:\/\/\$\{POSTGRES_USER[^}]*\}:\$\{POSTGRES_PASSWORD:\?[^}]*\}@db:5432\//);
    expect(a.STORAGE_URL).toMatch(/^s3:\/\/\$\{S3_BUCKET[^}]*\}\?endpoint=http:\/\/minio:9000&.*forcePathStyle=true/);
    expect(a.S3_SECRET_ACCESS_KEY).toMatch(/^\$\{S3_SECRET_ACCESS_KEY:\?/);
    expect(a.NODE_ENV).toBe("production");
    expect(a.DEMO_MODE).toBe("${DEMO_MODE:-false}");
  });

  it("gives each its own DATA_DIR volume", () => {
    const dataDir = apps[0].environment!.DATA_DIR;
    expect(dataDir).toBe("/data");
    const sources = apps.map((app) => {
      const mount = (app.volumes ?? []).find((v) => v.split(":")[1] === dataDir);
      expect(mount, `a volume at ${dataDir}`).toBeDefined();
      return mount!.split(":")[0];
    });
    expect(new Set(sources).size).toBe(2);
    for (const source of sources) expect(Object.keys(compose.volumes)).toContain(source);
    // The image agrees: its DATA_DIR is the volume it declares.
    expect(dockerfile).toMatch(/DATA_DIR=\/data/);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
  });

  it("checks the instances' health on /readyz, and starts them after the database and the bucket", () => {
    for (const app of apps) {
      expect(app.healthcheck?.test?.join(" ")).toContain("/readyz");
      expect(app.depends_on).toEqual({
        db: { condition: "service_healthy" },
        minio: { condition: "service_healthy" },
        "storage-init": { condition: "service_completed_successfully" },
      });
    }
    expect(compose.services.db.image).toMatch(/^postgres:16\b/);
    expect(compose.services.db.healthcheck?.test?.join(" ")).toContain("pg_isready");
    expect(compose.services.db.volumes).toContain("pgdata:/var/lib/postgresql/data");
    expect(compose.services.minio.healthcheck?.test).toBeDefined();
    expect(compose.services["storage-init"].depends_on).toEqual({ minio: { condition: "service_healthy" } });
  });

  it("puts the proxy after both instances, balancing over both with health checks on /readyz", () => {
    const proxy = compose.services.proxy;
    expect(proxy.depends_on).toEqual({ app1: { condition: "service_healthy" }, app2: { condition: "service_healthy" } });
    expect(proxy.volumes).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000 \{/);
    expect(caddyfile).toMatch(/^\s*health_uri \/readyz$/m);
    expect(caddyfile).toMatch(/^\s*tls \{\$CADDY_TLS:internal\}$/m);
    // Only the proxy is published (and MinIO's console, on this machine only).
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === "proxy") continue;
      for (const port of service.ports ?? []) expect(port, `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it("trusts forwarding headers from the proxy's address only, which no other container can take", () => {
    const proxyNetworks = compose.services.proxy.networks as Record<string, { ipv4_address?: string }>;
    const proxyIp = defaultOf(proxyNetworks.front.ipv4_address!)!;
    expect(defaultOf(apps[0].environment!.TRUST_PROXY!)).toBe(proxyIp);
    const [config] = compose.networks.front.ipam!.config;
    const inRange = (ip: string, cidr: string) => {
      const [base, bits] = cidr.split("/");
      const n = (a: string) => a.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
      const mask = 2 ** (32 - Number(bits));
      return Math.floor(n(ip) / mask) === Math.floor(n(base) / mask);
    };
    expect(inRange(proxyIp, defaultOf(config.subnet)!)).toBe(true);
    expect(inRange(proxyIp, defaultOf(config.ip_range!)!)).toBe(false);
  });

  it("names in deploy/.env.example every variable it reads, the required ones uncommented", () => {
    const listed = (name: string) => new RegExp(`^#? ?${name}=`, "m").test(example);
    for (const [, name, operator] of text.matchAll(/\$\{([A-Z][A-Z0-9_]*)(:\?|:-|\?|-)?/g)) {
      expect(listed(name), `${name} in deploy/.env.example`).toBe(true);
      if (operator === ":?") expect(example, `${name} uncommented`).toMatch(new RegExp(`^${name}=`, "m"));
    }
    // Optional app settings are passed through (null), so an unset one stays unset in the container.
    for (const [name, value] of Object.entries(apps[0].environment!))
      if (value === null) expect(listed(name), `${name} in deploy/.env.example`).toBe(true);
    // No secret has a value in the example.
    for (const name of ["POSTGRES_PASSWORD", "MINIO_ROOT_PASSWORD", "S3_SECRET_ACCESS_KEY", "SESSION_SECRET"])
      expect(example).toMatch(new RegExp(`^${name}=$`, "m"));
  });

  it("passes the app only variables it knows", () => {
    const known = new Set([...envSchemaKeys, ...OPERATIONS_VARIABLES]);
    for (const name of Object.keys(apps[0].environment!)) expect(known.has(name), `${name} is read by the app`).toBe(true);
  });

  const docker = spawnSync("docker", ["compose", "version"], { encoding: "utf8" });
  const noDocker = docker.error || docker.status !== 0 ? "docker compose no está instalado aquí" : null;
  if (noDocker) console.log(`[deploy-files] Se omite «docker compose config -q»: ${noDocker}.`);
  it.skipIf(noDocker !== null)("is accepted by docker compose config", () => {
    const secrets = {
      SITE_ADDRESS: "backoffice.example.com",
      PUBLIC_URL: "https://backoffice.example.com",
      POSTGRES_PASSWORD: "x".repeat(32),
      MINIO_ROOT_PASSWORD: "y".repeat(32),
      S3_SECRET_ACCESS_KEY: "z".repeat(32),
      SESSION_SECRET: "s".repeat(32),
    };
    const result = spawnSync("docker", ["compose", "--env-file", "deploy/.env.example", "-f", "compose.yaml", "config", "-q"], {
      encoding: "utf8",
      env: { ...process.env, ...secrets },
    });
    expect(result.status, result.stderr).toBe(0);
  });
});

describe("Dockerfile", () => {
  it("builds in stages and runs on node:22-bookworm-slim with Chromium, fonts and production dependencies only, as a non-root user", () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22-bookworm-slim$/m);
    expect(dockerfile).toMatch(/^RUN npm ci --no-audit --no-fund$/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/chromium fonts-dejavu-core/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(
      /^HEALTHCHECK [^\n]*\\\n\s+CMD \["node", "-e", "fetch\('http:\/\/127\.0\.0\.1:'\+\(process\.env\.PORT\|\|3000\)\+'\/readyz'\)/m,
    );
  });

  it("starts the server as npm start does", () => {
    const start = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.start.replace(
      "${BUILD_DIR:-build}",
      "build",
    );
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]) as string[];
    expect(cmd.join(" ")).toBe(start);
  });

  it("copies the sources the command-line tools run from with tsx: each layer of the code (decision 0048)", () => {
    for (const folder of ["cli", "app", "server", "common", "scripts", "public"])
      expect(dockerfile, folder).toMatch(new RegExp(`^COPY ${folder} \\./${folder}$`, "m"));
  });

  it("leaves out of the build context what must not go in the image", () => {
    const ignored = fs.readFileSync(".dockerignore", "utf8").split("\n");
    for (const entry of ["node_modules", ".git", "data", "data-*", "build", "build-*", "tests/.tmp", "test-results", ".env"])
      expect(ignored, entry).toContain(entry);
  });
});

describe("docs/deploy.md", () => {
  it("lists every environment variable of server/env.ts and of operations", () => {
    expect(envSchemaKeys.length).toBeGreaterThan(30);
    for (const name of [...envSchemaKeys, ...OPERATIONS_VARIABLES]) expect(deployDoc, name).toContain(`\`${name}\``);
  });
});
