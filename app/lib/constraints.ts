import { getZodConstraint } from "@conform-to/zod";
import { z } from "zod";

/**
 * The native HTML constraints of a form's fields, read from the Zod schema its action validates with
 * (Conform's `getZodConstraint`), so the browser checks at once what the server checks again, and
 * no limit is written twice. Two corrections make them safe to put on an input:
 *
 * - The browser checks the text as typed; the server may normalise it first. A `pattern` is dropped
 *   where the schema changes the text before its regex runs (a `z.preprocess`, `.toUpperCase()`,
 *   `.toLowerCase()`): the browser would refuse "abc-12" that the server accepts as "ABC-12". Under
 *   `.trim()` alone the pattern allows the surrounding spaces instead.
 * - A `.catch()` (list parameters that fall back to a default) never refuses: such a field is
 *   optional, with the constraints of what it catches.
 *
 * Where the spec has its own message for a field (decision 0029), `specMessages` keeps the browser
 * from showing its own instead: `"missing"` drops `required` (the spec speaks when it is empty),
 * `"invalid"` keeps only `maxLength` (the spec speaks for any wrong value; a browser never shows a
 * message for `maxLength`, it stops the typing).
 *
 * Pure and JSON-serialisable: a loader may compute it on the server (screens that load no Zod in the
 * browser) and Conform's `useForm({ constraint })` takes it as is (field lists included: a row's
 * constraints are under `list[].field`).
 */

export type InputConstraint = {
  required?: true;
  minLength?: number;
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  pattern?: string;
  multiple?: true;
};

/** What the spec says when a field is wrong: only when it is empty, or for any wrong value. */
export type SpecMessage = "missing" | "invalid";

type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type Source = z.ZodTypeAny | z.ZodRawShape;
/** The top-level field names of a schema (a union of objects gives every branch's names). */
export type FieldName<S extends Source> = Extract<
  KeysOfUnion<S extends z.ZodTypeAny ? z.input<S> : z.input<z.ZodObject<Extract<S, z.ZodRawShape>>>>,
  string
>;

export type FormConstraints<S extends Source> = Record<FieldName<S>, InputConstraint> & Record<string, InputConstraint>;

export type ConstraintOptions<S extends Source> = {
  /** Fields whose empty or wrong value the spec answers with its own message. */
  specMessages?: Partial<Record<FieldName<S> | (string & {}), SpecMessage>>;
};

type PathInfo = { normalised: boolean; trimmed: boolean; regexes: RegExp[]; step?: number };

export function constraintsOf<S extends Source>(source: S, options: ConstraintOptions<S> = {}): FormConstraints<S> {
  // A bare shape is a list's URL parameters (parseQuery): a bad value falls back, nothing is refused.
  const isShape = !(source instanceof z.ZodType);
  const schema = isShape ? z.object(source as z.ZodRawShape) : (source as z.ZodTypeAny);
  const info = new Map<string, PathInfo>();
  const prepared = prepare(schema, "", false, info);
  const raw = getZodConstraint(prepared) as Record<string, Record<string, unknown>>;
  const out: Record<string, InputConstraint> = {};
  for (const [name, constraint] of Object.entries(raw)) {
    const found = info.get(name);
    const c: InputConstraint = {};
    if (constraint.required === true && !isShape) c.required = true;
    if (typeof constraint.minLength === "number") c.minLength = constraint.minLength;
    if (typeof constraint.maxLength === "number") c.maxLength = constraint.maxLength;
    if (typeof constraint.min === "number" || typeof constraint.min === "string") c.min = constraint.min;
    if (typeof constraint.max === "number" || typeof constraint.max === "string") c.max = constraint.max;
    if (found?.step !== undefined) c.step = found.step;
    if (constraint.multiple === true) c.multiple = true;
    if (typeof constraint.pattern === "string") {
      const pattern = typedPattern(constraint.pattern, found);
      if (pattern) c.pattern = pattern;
    }
    const spec = (options.specMessages as Record<string, SpecMessage | undefined> | undefined)?.[name];
    if (spec === "missing") delete c.required;
    if (spec === "invalid") {
      for (const key of ["required", "minLength", "min", "max", "step", "pattern"] as const) delete c[key];
    }
    out[name] = c;
  }
  return out as FormConstraints<S>;
}

/** The pattern the browser can check on the text as typed, or none. */
function typedPattern(pattern: string, info: PathInfo | undefined): string | undefined {
  if (!info) return pattern;
  if (info.normalised) return undefined;
  if (!info.trimmed) return pattern;
  // Every regex must match the trimmed text: spaces around it are the server's to remove.
  const cores: string[] = [];
  for (const regex of info.regexes) {
    const source = regex.source;
    const anchored = source.startsWith("^") && source.endsWith("$") && !source.endsWith("\\$");
    // An unanchored regex found in the trimmed text is found in the typed text too.
    if (!anchored && !source.includes("^") && !source.includes("$")) {
      cores.push(`.*(?:${source}).*`);
      continue;
    }
    // Anchors inside, or alternatives that the anchors would split: not rewritten, not checked.
    if (!anchored || source.includes("|")) return undefined;
    cores.push(`\\s*(?:${source.slice(1, -1)})\\s*`);
  }
  const rewritten = cores.length === 1 ? cores[0] : `${cores.map((core) => `(?=${core}$)`).join("")}.*`;
  try {
    new RegExp(`^(?:${rewritten})$`, "v");
  } catch {
    return undefined;
  }
  return rewritten;
}

/**
 * The schema getZodConstraint should read (a `.catch()` becomes optional) and, per field name, what
 * happens to the typed text before it is checked.
 */
function prepare(schema: z.ZodTypeAny, name: string, normalised: boolean, info: Map<string, PathInfo>): z.ZodTypeAny {
  const def = schema._def as { typeName: string } & Record<string, unknown>;
  const here = () => {
    let entry = info.get(name);
    if (!entry) info.set(name, (entry = { normalised: false, trimmed: false, regexes: [] }));
    if (normalised) entry.normalised = true;
    return entry;
  };
  switch (def.typeName) {
    case "ZodObject": {
      const shape = (schema as z.AnyZodObject).shape as z.ZodRawShape;
      const next = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, prepare(value, name ? `${name}.${key}` : key, normalised, info)]),
      );
      return new z.ZodObject({ ...(schema as z.AnyZodObject)._def, shape: () => next });
    }
    case "ZodArray":
      return new z.ZodArray({
        ...(schema as z.ZodArray<z.ZodTypeAny>)._def,
        type: prepare(def.type as z.ZodTypeAny, `${name}[]`, normalised, info),
      });
    case "ZodUnion":
    case "ZodDiscriminatedUnion": {
      const options = (def.options as z.ZodTypeAny[]).map((option) => prepare(option, name, normalised, info));
      return new z.ZodUnion({ typeName: z.ZodFirstPartyTypeKind.ZodUnion, options: options as [z.ZodTypeAny, z.ZodTypeAny] });
    }
    case "ZodIntersection":
      return new z.ZodIntersection({
        ...(schema as z.ZodIntersection<z.ZodTypeAny, z.ZodTypeAny>)._def,
        left: prepare(def.left as z.ZodTypeAny, name, normalised, info),
        right: prepare(def.right as z.ZodTypeAny, name, normalised, info),
      });
    case "ZodCatch":
      return prepare(def.innerType as z.ZodTypeAny, name, normalised, info).optional();
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
    case "ZodReadonly":
      return new (schema.constructor as new (d: unknown) => z.ZodTypeAny)({
        ...def,
        innerType: prepare(def.innerType as z.ZodTypeAny, name, normalised, info),
      });
    case "ZodEffects": {
      const effect = def.effect as { type: string };
      return new z.ZodEffects({
        ...(schema as z.ZodEffects<z.ZodTypeAny>)._def,
        schema: prepare(def.schema as z.ZodTypeAny, name, normalised || effect.type === "preprocess", info),
      });
    }
    case "ZodPipeline":
      // getZodConstraint reads the output side; the text typed is the input side's.
      return new z.ZodPipeline({
        ...(schema as z.ZodPipeline<z.ZodTypeAny, z.ZodTypeAny>)._def,
        out: prepare(def.out as z.ZodTypeAny, name, true, info),
      });
    case "ZodString": {
      const entry = here();
      for (const check of def.checks as z.ZodStringCheck[]) {
        if (check.kind === "trim") entry.trimmed = true;
        if (check.kind === "toUpperCase" || check.kind === "toLowerCase") entry.normalised = true;
        if (check.kind === "regex") entry.regexes.push(check.regex);
      }
      return schema;
    }
    case "ZodNumber": {
      const entry = here();
      for (const check of def.checks as z.ZodNumberCheck[]) {
        if (check.kind === "int" && entry.step === undefined) entry.step = 1;
        if (check.kind === "multipleOf") entry.step = check.value;
      }
      return schema;
    }
    default:
      here();
      return schema;
  }
}
