import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";
import { parseStorageUrl, type StorageConfig } from "./storage/config";

const boolish = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** pino's levels (docs/operations.md, "Logs"); `silent` writes nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LogLevelSchema = z.enum(LOG_LEVELS);

/**
 * The server cannot start as configured (an invalid variable, a second server on one embedded
 * database): its message is one readable text, printed without a stack by the entry points.
 */
export class StartupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartupRefusal";
  }
}

/**
 * A marketplace call whose path the spec does not show: the path under custom/legacy-mercadolibre/
 * (segments of letters, digits, "-" or "_"; the brand account's calls add {brand}/ in front).
 */
const marketplacePath = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/,
    "ruta bajo custom/legacy-mercadolibre/: segmentos de letras, números, - o _ separados por /, sin / inicial",
  );

/**
 * An ERP call whose path the spec does not show: the path relative to ERP_URL (segments of letters,
 * digits, "-" or "_" joined by "/", no leading "/").
 */
const erpPath = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/,
    "ruta relativa a ERP_URL: segmentos de letras, números, - o _ separados por /, sin / inicial",
  );

/** The longest INTEGRATION_TIMEOUT_MS an operator may set: no legacy call waits longer for its answer. */
export const INTEGRATION_TIMEOUT_MAX_MS = 120_000;

export const INTEGRATION_NAMES = ["erp", "marketplace", "ai", "invoicing", "content"] as const;
export type IntegrationName = (typeof INTEGRATION_NAMES)[number];
export type IntegrationMode = "simulator" | "http";
export type IntegrationModes = Record<IntegrationName, IntegrationMode>;

/** "http", "simulator", or "erp=http,marketplace=simulator,…" → a mode per system; a Spanish problem otherwise. */
export function parseIntegrationModes(value: string): IntegrationModes | string {
  const text = value.trim().toLowerCase();
  const all = (mode: IntegrationMode) => Object.fromEntries(INTEGRATION_NAMES.map((n) => [n, mode])) as IntegrationModes;
  if (text === "" || text === "simulator") return all("simulator");
  if (text === "http") return all("http");
  const modes = all("simulator");
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, mode] = part.split("=").map((p) => p.trim());
    if (!INTEGRATION_NAMES.includes(name as IntegrationName)) {
      return `sistema desconocido «${name}» (usa ${INTEGRATION_NAMES.join(", ")})`;
    }
    if (mode !== "http" && mode !== "simulator") return `«${part}»: el modo debe ser http o simulator`;
    modes[name as IntegrationName] = mode;
  }
  return modes;
}

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    TRUST_PROXY: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    BRAND_NAME: z.string().min(1).default("Electrica"),
    SESSION_SECRET: z.string().min(16).optional(),
    DEMO_MODE: boolish.optional(),
    SEED_DEMO: boolish.optional(),
    /**
     * Which adapter each legacy system uses: "simulator" or "http" for all, or per system,
     * "erp=http,marketplace=http,ai=simulator,invoicing=simulator,content=http" (unnamed systems:
     * simulator). A company goes live one system at a time.
     */
    INTEGRATIONS: z
      .string()
      .default("simulator")
      .transform((v, ctx) => {
        const modes = parseIntegrationModes(v);
        if (typeof modes === "string") {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: modes });
          return z.NEVER;
        }
        return modes;
      }),
    SIM_LATENCY_MS: z.coerce.number().int().min(0).max(60000).default(0),
    SIM_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
    ERP_URL: z.string().url().optional(),
    ERP_TOKEN: z.string().min(1).optional(),
    MARKETPLACE_URL: z.string().url().optional(),
    MARKETPLACE_TOKEN: z.string().min(1).optional(),
    AI_URL: z.string().url().optional(),
    AI_TOKEN: z.string().min(1).optional(),
    INVOICING_URL: z.string().url().optional(),
    INVOICING_TOKEN: z.string().min(1).optional(),
    /** The content back end's items/* (the feeds and the outbox); default MARKETPLACE_URL / MARKETPLACE_TOKEN. */
    CONTENT_URL: z.string().url().optional(),
    CONTENT_TOKEN: z.string().min(1).optional(),
    /** How often each inbound feed runs (docs/live-data.md); 0 turns the schedules off ("Sincronizar ahora" still runs them). */
    FEED_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
    /** How far behind its cursor a feed re-reads, for upstream writers whose clocks lag. */
    FEED_LOOKBACK_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    /** After each page a feed rests this many times the page's length, so staff keep the database while it catches up (0 = no rest). */
    FEED_PAGE_REST: z.coerce.number().min(0).max(10).default(1),
    /** Simulator only: new marketplace orders, questions and messages per minute (0 = none). */
    SIM_ACTIVITY: z.coerce.number().min(0).max(600).default(3),
    /** Simulator only: how often that activity is made (a run covers the time since the last one). */
    SIM_ACTIVITY_PERIOD_MS: z.coerce.number().int().min(1000).max(3_600_000).default(20_000),
    /** Paths of the marketplace calls the spec does not show (docs/integrations.md). */
    MARKETPLACE_CUSTOMER_REPORT_PATH: marketplacePath.default("reports/customers"),
    MARKETPLACE_ORDER_SUMMARY_PATH: marketplacePath.default("reports/orders"),
    MARKETPLACE_SALES_REPORT_PATH: marketplacePath.default("reports/sales"),
    MARKETPLACE_SEND_PACKAGE_PATH: marketplacePath.default("sendPackage"),
    /** Path of the ERP's dollar rate, which the spec does not show (docs/integrations.md). */
    ERP_DOLLAR_RATE_PATH: erpPath.default("custom/legacy-intelisis/tipoCambio"),
    INTEGRATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(INTEGRATION_TIMEOUT_MAX_MS).default(15000),
    CHROMIUM_PATH: z.string().default("/usr/bin/chromium"),
    PDF_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120000).default(20000),
    PUBLIC_URL: z.string().url().optional(),
    /** Where a ticket's QR sends the customer to invoice the sale (the invoice code is appended). */
    TICKET_INVOICE_URL: z.string().url().default("https://facturacion.electrica.mx/facturar"),
    /** The web shop, for links and QR codes to a product page. */
    SHOP_URL: z.string().url().default("https://tienda.example.com.mx"),
    /** Origins the shop's pages are served from, comma-separated, allowed to read /api/shop/v1 (CORS); default SHOP_URL's. */
    SHOP_ORIGINS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return undefined;
        const origins: string[] = [];
        for (const part of v
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean)) {
          let origin: string | undefined;
          try {
            const url = new URL(part);
            if ((url.protocol === "https:" || url.protocol === "http:") && url.origin === part.replace(/\/$/, "")) origin = url.origin;
          } catch {
            origin = undefined;
          }
          if (!origin) {
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: `«${part}» no es un origen (esquema://host[:puerto], sin ruta)` });
            return z.NEVER;
          }
          origins.push(origin);
        }
        return origins;
      }),
    /** Requests per minute per client address to /api/shop/v1. */
    SHOP_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Where uploaded files live (docs/storage.md): unset = DATA_DIR/uploads; s3://bucket?endpoint=…&region=…&forcePathStyle=… */
    STORAGE_URL: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Downloads answer with a short-lived address of the bucket instead of streaming the bytes (S3 only). */
    STORAGE_REDIRECT: boolish.optional(),
    /** What the JSON log on stdout keeps (docs/operations.md); default info, silent under the test runner. */
    LOG_LEVEL: LogLevelSchema.optional(),
    /** On SIGTERM/SIGINT, how long requests in flight (and the jobs of the current round) get to end. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Bearer token of GET /metrics (Prometheus); unset, /metrics answers 404. */
    METRICS_TOKEN: z
      .string()
      .min(16, "al menos 16 caracteres")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Sentry-compatible error reporting: unset, nothing is loaded and nothing is sent. */
    SENTRY_DSN: z
      .string()
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** The environment name the reports carry; default NODE_ENV. */
    SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
    /** Server processes sharing the port (node:cluster); more than one needs DATABASE_URL. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Whether this instance runs the background jobs (decision 0041); off, /readyz does not wait for them. */
    JOBS_ENABLED: boolish.default("true"),
  })
  .superRefine((env, ctx) => {
    for (const system of INTEGRATION_NAMES) {
      if (env.INTEGRATIONS[system] !== "http") continue;
      const credentials = integrationCredentials(env, system);
      for (const part of ["url", "token"] as const) {
        if (credentials[part]) continue;
        const key = `${system.toUpperCase()}_${part.toUpperCase()}`;
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: `${key} es obligatorio con ${system}=http en INTEGRATIONS` });
      }
    }
  })
  .transform((env, ctx) => {
    // One line for a bad STORAGE_URL, whatever is wrong with it (never the URL itself: it may hold the secret).
    const storage = parseStorageUrl(env.STORAGE_URL, { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY });
    if ("problem" in storage) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["STORAGE_URL"], message: storage.problem });
      return z.NEVER;
    }
    const STORAGE: StorageConfig = storage;
    return { ...env, STORAGE };
  });

type CredentialKeys =
  | "ERP_URL"
  | "ERP_TOKEN"
  | "MARKETPLACE_URL"
  | "MARKETPLACE_TOKEN"
  | "AI_URL"
  | "AI_TOKEN"
  | "INVOICING_URL"
  | "INVOICING_TOKEN"
  | "CONTENT_URL"
  | "CONTENT_TOKEN";

/** Where a system served over HTTP lives and its token; the content back end is the marketplace's unless told. */
export function integrationCredentials(
  env: Partial<Record<CredentialKeys, string>>,
  system: IntegrationName,
): { url?: string; token?: string } {
  switch (system) {
    case "erp":
      return { url: env.ERP_URL, token: env.ERP_TOKEN };
    case "marketplace":
      return { url: env.MARKETPLACE_URL, token: env.MARKETPLACE_TOKEN };
    case "ai":
      return { url: env.AI_URL, token: env.AI_TOKEN };
    case "invoicing":
      return { url: env.INVOICING_URL, token: env.INVOICING_TOKEN };
    case "content":
      return { url: env.CONTENT_URL ?? env.MARKETPLACE_URL, token: env.CONTENT_TOKEN ?? env.MARKETPLACE_TOKEN };
  }
}

export type Env = z.infer<typeof schema> & { SESSION_SECRET: string; DEMO_MODE: boolean; DATA_DIR: string };

let cached: Env | undefined;

/** Reads and validates the environment once; exits with a readable list of problems when invalid. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new StartupRefusal(`Configuración inválida:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  // Demo mode: no external database and no explicit secret means a local, self-contained install.
  const demo = env.DEMO_MODE ?? !env.DATABASE_URL;
  let secret = env.SESSION_SECRET;
  if (!secret) {
    if (env.NODE_ENV === "production" && !demo) {
      throw new StartupRefusal("Configuración inválida:\n  - SESSION_SECRET: obligatorio en producción");
    }
    // The embedded database lives in DATA_DIR with its secret beside it. Instances that share a
    // PostgreSQL database each have a DATA_DIR of their own, so their secret is kept in the database
    // (read at start-up: server/db/startup.ts), or a cookie made by one would be refused by another.
    if (!env.DATABASE_URL) secret = readOrCreateSecret(dataDir);
  }
  const base = { ...env, DATA_DIR: dataDir, DEMO_MODE: demo };
  secretInDatabase = !secret;
  cached = secret ? { ...base, SESSION_SECRET: secret } : withStoredSecret(base);
  return cached;
}

/** The session secret kept in the database, once start-up has read it. */
let storedSecret: string | undefined;
let secretInDatabase = false;

/** True when the session secret is the one kept in the database: no SESSION_SECRET, and DATABASE_URL. */
export function sessionSecretIsStored(): boolean {
  getEnv();
  return secretInDatabase;
}

/** Start-up hands over the secret read from (or created in) the database. */
export function useStoredSessionSecret(secret: string) {
  storedSecret = secret;
}

function withStoredSecret<T extends object>(base: T): T & { SESSION_SECRET: string } {
  return Object.defineProperty(base, "SESSION_SECRET", {
    enumerable: true,
    get() {
      const stored = storedSecret;
      if (!stored) throw new Error("El secreto de sesión se lee de la base al arrancar y aún no se ha leído.");
      return stored;
    },
  }) as T & { SESSION_SECRET: string };
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
  storedSecret = undefined;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
