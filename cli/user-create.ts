/**
 * npm run user:create -- --email ana@empresa.mx --first-name Ana --last-name López --role admin --password '…'
 *
 * Creates a user from the command line (the first admin of a fresh install, for instance). Missing
 * values are asked for when run in a terminal; otherwise every required flag must be given. The
 * values go through the same schema and command as the "Nuevo usuario" dialog. With the embedded
 * database, stop the server first: two processes must not open the same data directory.
 */
import { stdin, stdout, stderr } from "node:process";
import readline from "node:readline/promises";
import { parseArgs } from "node:util";
import { ROLE_KEYS, ROLES } from "../common/roles";
import { NewUserSchema, LEVELED_ROLE, PASSWORD_MIN } from "../app/modules/users/schemas";
import { createUser } from "../app/modules/users/users.server";
import { openDatabase, setDatabase } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { getEnv } from "../server/env";

const HELP = `Uso: npm run user:create -- [opciones]

  --email <correo>         Correo electrónico (único)
  --first-name <nombre>    Nombre
  --last-name <apellidos>  Apellidos (opcional)
  --role <rol>             Uno de: ${ROLE_KEYS.join(", ")}
  --password <contraseña>  Al menos ${PASSWORD_MIN} caracteres (en una terminal conviene omitirla y escribirla oculta)
  --level <1-9>            Nivel, obligatorio para el rol ${LEVELED_ROLE}
  --phone <teléfono>       Teléfono (opcional)
  -h, --help               Muestra esta ayuda

Sin terminal interactiva deben pasarse --email, --first-name, --role y --password.
Imprime el id del usuario creado.`;

class CliError extends Error {}

function fail(message: string): never {
  throw new CliError(message);
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        email: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
        role: { type: "string" },
        password: { type: "string" },
        level: { type: "string" },
        phone: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${HELP}`);
  }
  const flags = parsed.values;
  if (flags.help) {
    stdout.write(`${HELP}\n`);
    return;
  }

  const values = {
    email: flags.email,
    firstName: flags["first-name"],
    lastName: flags["last-name"],
    role: flags.role,
    password: flags.password,
    level: flags.level,
    phone: flags.phone,
  };

  const interactive = !!stdin.isTTY && !!stdout.isTTY;
  const missing = (["email", "firstName", "role", "password"] as const).filter((k) => !values[k]);
  if (values.role === LEVELED_ROLE && !values.level) missing.push("level" as never);
  if (missing.length && !interactive) {
    const names: Record<string, string> = {
      email: "--email",
      firstName: "--first-name",
      role: "--role",
      password: "--password",
      level: "--level",
    };
    fail(
      `Faltan opciones: ${missing.map((k) => names[k]).join(", ")}. Sin una terminal interactiva deben pasarse en la línea de comandos.\n\n${HELP}`,
    );
  }
  if (missing.length) await prompt(values);

  const result = NewUserSchema.safeParse({
    email: values.email,
    firstName: values.firstName,
    lastName: values.lastName || undefined,
    role: values.role,
    password: values.password,
    level: values.level ? Number(values.level) : undefined,
    phone: values.phone || undefined,
    isActive: true,
    permissions: [],
  });
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "datos"}: ${i.message}`);
    fail(`Datos inválidos:\n${lines.join("\n")}`);
  }

  const env = getEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  setDatabase(database);
  try {
    await migrate(database);
    const created = await createUser(result.data, null);
    if (!created.ok) {
      const messages =
        created.reason === "invalid" ? [...created.formErrors, ...Object.values(created.fieldErrors).flat()] : ["No encontrado"];
      fail(`No se creó el usuario:\n${messages.map((m) => `  - ${m}`).join("\n")}`);
    }
    stderr.write(`Usuario creado: ${result.data.email} (${ROLES[result.data.role]}), id ${created.value.id}.\n`);
    stdout.write(`${created.value.id}\n`);
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

type Values = Record<"email" | "firstName" | "lastName" | "role" | "password" | "level" | "phone", string | undefined>;

/** Asks in the terminal for what the flags did not give; the password is typed without echo. */
async function prompt(values: Values) {
  const rl = readline.createInterface({ input: stdin, output: stdout, terminal: true });
  try {
    values.email ||= (await rl.question("Correo electrónico: ")).trim();
    values.firstName ||= (await rl.question("Nombre: ")).trim();
    if (values.lastName === undefined) values.lastName = (await rl.question("Apellidos (opcional): ")).trim();
    if (!values.role) {
      stdout.write(`Roles: ${ROLE_KEYS.map((k) => `${k} (${ROLES[k]})`).join(", ")}\n`);
      values.role = (await rl.question("Rol: ")).trim();
    }
    if (values.role === LEVELED_ROLE && !values.level) values.level = (await rl.question("Nivel (1-9): ")).trim();
  } finally {
    rl.close();
  }
  if (!values.password) {
    const first = await readHidden(`Contraseña (mínimo ${PASSWORD_MIN} caracteres): `);
    const again = await readHidden("Confirma la contraseña: ");
    if (first !== again) fail("Las contraseñas no coinciden.");
    values.password = first;
  }
}

/** Reads one line in raw mode without echoing it (backspace edits, Ctrl+C cancels). */
function readHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write("\n");
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          finish();
          resolve(value);
          return;
        }
        if (ch === "\u0003" || ch === "\u0004") {
          finish();
          reject(new CliError("Cancelado."));
          return;
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else if (ch >= " ") value += ch;
      }
    };
    stdout.write(question);
    stdin.setEncoding("utf8");
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
  });
}

try {
  await main();
} catch (error) {
  if (error instanceof CliError) {
    stderr.write(`${error.message}\n`);
  } else {
    stderr.write(`Error inesperado: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exitCode = 1;
}
