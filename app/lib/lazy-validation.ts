import type { Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z, ZodErrorMap, ZodTypeAny } from "zod";

type Validate<Shape, Value> = (context: { formData: FormData }) => Submission<Shape, string[], Value>;

/**
 * A form's checks in the browser, fetched after the page is interactive: the schema and Zod are not
 * part of the script a dialog needs to show and hydrate (≈ 14 KB gzipped that no first paint waits
 * for). Until they arrive a submit goes to the server, which checks it anyway and answers with the
 * same messages; from then on fields are checked when `when` says (by default as they are left, and
 * again as they are typed), as Conform does with a schema at hand. The native constraints come from the loader
 * (`constraintsOf` on the server), so the browser's own checks are there from the first paint.
 *
 * `load` must import the schema from a file that no module of the page imports statically:
 * otherwise the bundler keeps it, and Zod, in the page's own script.
 */
type When = "onSubmit" | "onBlur" | "onInput";

/**
 * What `load` brings: the schema, or the schema with the error map its action parses with (the
 * messages for what only a forged post gets wrong), so the browser says what the server would.
 */
export type LazyChecks<S extends ZodTypeAny> = S | { schema: S; errorMap: ZodErrorMap };

/** `Shape` is the form's field shape as `useForm` reads it (the schema's input unless a form says otherwise). */
export function useLazyValidation<S extends ZodTypeAny, Shape = z.input<S>, Value = z.output<S>>(
  load: () => Promise<LazyChecks<S>>,
  when: { shouldValidate: When; shouldRevalidate: When } = { shouldValidate: "onBlur", shouldRevalidate: "onInput" },
) {
  const [validate, setValidate] = useState<Validate<Shape, Value> | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([import("@conform-to/zod"), load()])
      .then(([{ parseWithZod }, loaded]) => {
        // A Zod schema has no `errorMap` of its own (it keeps one in `_def`).
        const { schema, errorMap } = "errorMap" in loaded ? loaded : { schema: loaded, errorMap: undefined };
        if (live)
          setValidate(
            () =>
              ({ formData }: { formData: FormData }) =>
                parseWithZod(formData, { schema, errorMap }) as unknown as ReturnType<Validate<Shape, Value>>,
          );
      })
      // A chunk that fails to load leaves the checks to the server.
      .catch(() => {});
    return () => {
      live = false;
    };
    // The loader is a module import: the same for the life of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return validate
    ? { onValidate: validate, ...when }
    : { onValidate: undefined, shouldValidate: "onSubmit" as const, shouldRevalidate: "onSubmit" as const };
}

/**
 * The form's `data-checks`: "live" once its checks run in the page, "server" until then (or for good,
 * when their chunk fails to load). The browser tests wait on it before typing.
 */
export function checksAttribute(validation: { onValidate?: unknown }) {
  return { "data-checks": validation.onValidate ? "live" : "server" } as const;
}
