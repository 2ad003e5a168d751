import { describe, expect, it } from "vitest";
import { z } from "zod";
import { constraintsOf, type InputConstraint, type SpecMessage } from "~/lib/constraints";

/** Whether a browser would accept `typed` for a pattern attribute (it wraps it in ^(?:…)$, flag v). */
const browserAccepts = (pattern: string, typed: string) => new RegExp(`^(?:${pattern})$`, "v").test(typed);

describe("constraintsOf: from a field's schema to its attributes", () => {
  const cases: Array<[string, z.ZodTypeAny, InputConstraint]> = [
    ["a required text with a length range", z.string().min(2).max(40), { required: true, minLength: 2, maxLength: 40 }],
    ["an optional text", z.string().max(30).optional(), { maxLength: 30 }],
    ["a text with a default is not required", z.string().max(30).default(""), { maxLength: 30 }],
    ["a trimmed required text", z.string().trim().min(1).max(80), { required: true, minLength: 1, maxLength: 80 }],
    ["a whole number in a range", z.coerce.number().int().min(1).max(9), { required: true, min: 1, max: 9, step: 1 }],
    ["a number in cents steps", z.number().multipleOf(0.01).min(0), { required: true, min: 0, step: 0.01 }],
    [
      "a refined text keeps its length",
      z
        .string()
        .max(63)
        .superRefine(() => undefined),
      { required: true, maxLength: 63 },
    ],
    ["a checkbox with a default", z.boolean().default(false), {}],
    ["a caught value is optional", z.string().max(200).catch(""), { maxLength: 200 }],
    ["a caught number keeps its range", z.coerce.number().int().min(1).max(100).catch(1), { min: 1, max: 100, step: 1 }],
    // The browser sees "abc-1" where the server sees "ABC-1": no pattern it would wrongly refuse.
    [
      "an upper-cased text has no pattern",
      z
        .string()
        .toUpperCase()
        .regex(/^[A-Z0-9]+$/)
        .max(20),
      { required: true, maxLength: 20 },
    ],
    [
      "a preprocessed text has no pattern",
      z.preprocess(
        (v) => (typeof v === "string" ? v.toUpperCase() : v),
        z
          .string()
          .regex(/^[A-Z]+$/)
          .max(20)
          .optional(),
      ),
      { maxLength: 20 },
    ],
  ];
  it.each(cases)("%s", (_label, field, expected) => {
    expect(constraintsOf(z.object({ field })).field).toEqual(expected);
  });

  it("a regex checked on the text as typed becomes a pattern the browser applies", () => {
    const { code } = constraintsOf(z.object({ code: z.string().regex(/^\d{5}$/) }));
    expect(code.required).toBe(true);
    expect(browserAccepts(code.pattern!, "12345")).toBe(true);
    expect(browserAccepts(code.pattern!, "1234")).toBe(false);
    expect(browserAccepts(code.pattern!, "12a45")).toBe(false);
  });

  it("a trimmed text's pattern lets the spaces the server removes through, and nothing else", () => {
    const { sku } = constraintsOf(z.object({ sku: z.string().trim().max(60).regex(/^\S*$/) }));
    expect(sku.maxLength).toBe(60);
    for (const typed of ["QO120", " QO120 ", "\tQO120", ""]) expect(browserAccepts(sku.pattern!, typed), typed).toBe(true);
    for (const typed of ["QO 120", "a b"]) expect(browserAccepts(sku.pattern!, typed), typed).toBe(false);
  });

  it("a trimmed text with several regexes must match all of them", () => {
    const { id } = constraintsOf(
      z.object({
        id: z
          .string()
          .trim()
          .regex(/^\d+$/)
          .regex(/^.{3,5}$/),
      }),
    );
    expect(browserAccepts(id.pattern!, " 1234 ")).toBe(true);
    expect(browserAccepts(id.pattern!, "12")).toBe(false);
    expect(browserAccepts(id.pattern!, "12a4")).toBe(false);
  });

  it("a trimmed text whose regex has alternatives under its anchors gets no pattern rather than a wrong one", () => {
    expect(constraintsOf(z.object({ v: z.string().trim().regex(/^a|b$/) })).v.pattern).toBeUndefined();
  });

  it("a list's rows are under name[] and name[].field, as Conform looks them up", () => {
    const c = constraintsOf(
      z.object({ lines: z.array(z.object({ sku: z.string().max(30), qty: z.coerce.number().int().min(1) })).max(20) }),
    );
    expect(c.lines).toEqual({ required: true, multiple: true });
    expect(c["lines[].sku"]).toEqual({ required: true, maxLength: 30 });
    expect(c["lines[].qty"]).toEqual({ required: true, min: 1, step: 1 });
  });

  it("a list of texts gives each text its limit", () => {
    const c = constraintsOf(z.object({ recipients: z.array(z.string().trim().max(254)).max(20).default([]) }));
    expect(c["recipients[]"]).toEqual({ required: true, maxLength: 254 });
  });

  it("the branches of a form with several intents are merged: a field keeps its limits, but another intent posts without it", () => {
    const c = constraintsOf(
      z.discriminatedUnion("intent", [
        z.object({ intent: z.literal("open"), amount: z.string().max(30).default("") }),
        z.object({ intent: z.literal("scan"), query: z.string().max(200) }),
      ]),
    );
    expect(c.amount).toEqual({ maxLength: 30 });
    expect(c.query).toEqual({ maxLength: 200 });
    expect(c.intent).toEqual({ required: true });
  });

  it("a list's URL shape is never required: a bad value falls back", () => {
    const c = constraintsOf({
      search: z.string().max(200).optional(),
      page: z.coerce.number().int().min(1).max(100000).catch(1).default(1),
      tab: z.enum(["pending", "history"]).catch("pending"),
      day: z
        .string()
        .trim()
        .regex(/^\d{1,19}$/)
        .catch(""),
    });
    expect(c.search).toEqual({ maxLength: 200 });
    expect(c.page).toEqual({ min: 1, max: 100000, step: 1 });
    expect(c.tab.required).toBeUndefined();
    expect(browserAccepts(c.day.pattern!, "12345")).toBe(true);
    expect(browserAccepts(c.day.pattern!, "12a")).toBe(false);
  });
});

describe("constraintsOf: where the spec has its own message (decision 0029)", () => {
  const field = z.object({ value: z.string().trim().min(4).max(63).regex(/^\w*$/) });
  const cases: Array<[SpecMessage | undefined, (keyof InputConstraint)[]]> = [
    [undefined, ["required", "minLength", "maxLength", "pattern"]],
    // The spec speaks when it is empty: no `required`; a pattern or a minimum does not apply to "".
    ["missing", ["minLength", "maxLength", "pattern"]],
    // The spec speaks for any wrong value: only the length the browser stops typing at.
    ["invalid", ["maxLength"]],
  ];
  it.each(cases)("%s keeps %j", (spec, kept) => {
    const c = constraintsOf(field, spec ? { specMessages: { value: spec } } : {});
    expect(Object.keys(c.value).sort()).toEqual([...kept].sort());
  });

  it("a number the spec answers for keeps no range", () => {
    const c = constraintsOf(z.object({ amount: z.coerce.number().min(0.01).max(1e6) }), { specMessages: { amount: "invalid" } });
    expect(c.amount).toEqual({});
  });

  it("only the named fields change", () => {
    const c = constraintsOf(z.object({ a: z.string().min(1).max(5), b: z.string().min(1).max(5) }), { specMessages: { a: "missing" } });
    expect(c.a).toEqual({ minLength: 1, maxLength: 5 });
    expect(c.b).toEqual({ required: true, minLength: 1, maxLength: 5 });
  });

  it("the result travels as JSON (a loader can send it)", () => {
    const c = constraintsOf(field);
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  });
});
