// Lint: the language's and React's rules, accessibility, and the layers of docs/conventions.md
// (modules do not speak HTTP, forms are read in one place, common/ ← server/ ← app/ ← cli/ import only downwards).
// Syntax only (no type information): it stays fast enough to run on every change.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A three-digit HTTP status written as a number. */
const HTTP_CODE = "/^[1-5][0-9][0-9]$/";
const CARRIES_STATUS =
  "carries an HTTP status: give the result a `reason` (app/modules/results.ts); the route turns it into the status (REASON_STATUS, app/lib/http.server.ts).";

/**
 * Only app/lib/http.server.ts (`readForm`) and app/lib/multipart.server.ts (`readFormWithFile`) read a
 * request body: then a body the platform's parser cannot read is a 400 with a Spanish message in every
 * route, never a 500 (docs/security.md).
 */
const FORM_READERS = ["app/lib/http.server.ts", "app/lib/multipart.server.ts"];
const FORMS_READ_IN_ONE_PLACE = {
  syntax: [
    {
      selector: "CallExpression[arguments.length=0][callee.type='MemberExpression'][callee.property.name='formData']",
      message: "Calls formData() itself: read the body with readForm (app/lib/http.server.ts), so a broken body is a 400, not a 500.",
    },
    {
      selector: "Identifier[name=/^(unstable_)?parseMultipartFormData$/]:not(ImportSpecifier > Identifier.local)",
      message: "Parses multipart itself: read a form with a file with readFormWithFile (app/lib/multipart.server.ts).",
    },
  ],
  imports: {
    paths: [
      { name: "busboy", message: "Parses multipart itself: read a form with a file with readFormWithFile (app/lib/multipart.server.ts)." },
    ],
    patterns: [
      {
        regex: "^@server/http/multipart-parts$",
        message: "Parses multipart itself: read a form with a file with readFormWithFile (app/lib/multipart.server.ts).",
      },
    ],
  },
};

/**
 * Loaders and actions get the request as the browser sent it (`v8_passThroughRequests`, React Router 8's
 * only behaviour): with JavaScript its URL is the route's data URL (`/orders.data?_routes=…`). The page's
 * path and query are the router's `url` argument (decision 0044).
 */
const PAGE_FROM_URL_ARGUMENT = {
  syntax: [
    {
      selector: "MemberExpression[property.name='url']:matches([object.name='request'], [object.property.name='request'])",
      message: "Reads the page from the request, which with JavaScript is the data URL (`.data`, `_routes`): read the `url` argument.",
    },
  ],
  imports: { paths: [], patterns: [] },
};

/**
 * app/modules/<area>/ takes typed input and returns typed results; only routes read the Request and
 * shape the Response (docs/conventions.md, "Modules do not speak HTTP"). A refused command says why with
 * a `reason`, never a status code.
 */
const MODULES_SPEAK_NO_HTTP = {
  syntax: [
    {
      selector: "MemberExpression[object.name='request'][property.name='formData']",
      message: "Reads the request body: only routes read the Request.",
    },
    // A module reads a URL or its search parameters; the route takes them from the Request.
    {
      selector: "TSTypeReference[typeName.name='Request']",
      message: "Takes the Request: a module takes typed input (ids, parsed values, the URL or its search parameters).",
    },
    {
      selector: "NewExpression[callee.name='Response']",
      message: "Builds a Response: a module returns a typed result and the route shapes the Response.",
    },
    {
      selector: "CallExpression[callee.type='Identifier'][callee.name='redirect']",
      message: "Answers with a redirect: a module returns a typed result and the route answers.",
    },
    {
      selector: "CallExpression:matches([callee.name='redirectWithToast'], [callee.property.name='redirectWithToast'])",
      message: "Answers with a redirect: a module returns a typed result and the route answers.",
    },
    {
      selector: "CallExpression:matches([callee.name='redirectPastLastPage'], [callee.property.name='redirectPastLastPage'])",
      message: "Throws a redirect: the route calls redirectPastLastPage after its page is read.",
    },
    // Conform's reply is the form's answer to a post, which the route sends with its status.
    {
      selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='reply']",
      message: "Answers a post with Conform's reply: the route sends it with its status.",
    },
    // A result that carries an HTTP status: `status: 404`, `status: 409 as const`, `status: rejected ? 409 : 502`,
    // `status: 403 | 404`, `(status: 403 | 404) => …`. Domain statuses are words (`status: "paid"`) or
    // expressions (`status: orders.status`), never a three-digit code.
    {
      selector: `:matches(Property, PropertyDefinition)[key.name='status'] Literal[raw=${HTTP_CODE}]`,
      message: `The status ${CARRIES_STATUS}`,
    },
    {
      selector: `:matches(TSPropertySignature[key.name='status'], Identifier[name='status']) > TSTypeAnnotation TSLiteralType > Literal[raw=${HTTP_CODE}]`,
      message: `The status ${CARRIES_STATUS}`,
    },
    // …or a status typed as any number: no domain status of ours is numeric.
    {
      selector:
        ":matches(TSPropertySignature[key.name='status'], Identifier[name='status'], PropertyDefinition[key.name='status']) > TSTypeAnnotation > TSNumberKeyword",
      message: `A numeric status ${CARRIES_STATUS}`,
    },
    {
      selector:
        ":matches(Property, PropertyDefinition, TSPropertySignature)[key.name=/^(httpStatus|statusCode)$/], Identifier[name=/^(httpStatus|statusCode)$/][typeAnnotation]",
      message: `It ${CARRIES_STATUS}`,
    },
  ],
  imports: {
    paths: [
      {
        // React Router is one package for the UI and the server: of it, only the answers and the cookies speak HTTP.
        name: "react-router",
        importNames: [
          "data",
          "redirect",
          "redirectDocument",
          "replace",
          "createCookie",
          "createCookieSessionStorage",
          "createSessionStorage",
          "createRequestHandler",
        ],
        allowTypeImports: true,
        message: "Speaks HTTP (answers, cookies, sessions): only routes use it; a module returns a typed result.",
      },
    ],
    patterns: [
      // A screen typed by a route's loader or action is the route's own UI: it lives beside it, in app/routes/<area>/.
      {
        regex: "^(~/|(\\.\\./)+)routes/",
        message: "Is typed by a route's loader or action: a route's own UI lives beside it, in app/routes/<area>/.",
      },
      // A module hands data to the screens; it never draws one (a type, such as a badge's variant, may be shared).
      {
        regex: "^(~/|(\\.\\./)+)components/",
        allowTypeImports: true,
        message: "Is UI: a module hands data to the screens; UI lives in app/routes/<area>/ or app/components/.",
      },
    ],
  },
};

/**
 * The layers (DESIGN.md, "Shape of the code"; docs/conventions.md, "Where code goes"; decision 0048),
 * each importing only those below it: common/ (what app/ and server/ both use) ← server/
 * (infrastructure) ← app/ ← cli/ (commands that run both). An import running back up (static,
 * dynamic, or a type's `import("…")`) is an error, with no exceptions: what both sides need moves
 * down to common/, and what the process takes from the app its server entry hands over
 * (server/app-parts.ts).
 */
const LAYER_PATHS = { app: "~/|(\\.\\./)+app/", server: "@server/|(\\.\\./)+server/", cli: "(\\.\\./)+cli/" };
/** A layer's rules: no import of the `above` layers, with `message`. */
function importsNothingOf(above, message) {
  const regex = `^(${above.map((layer) => LAYER_PATHS[layer]).join("|")})`;
  const source = `/${regex.replace(/\//g, "\\/")}/`;
  return {
    syntax: [
      { selector: `ImportExpression[source.value=${source}]`, message },
      { selector: `TSImportType[argument.literal.value=${source}]`, message },
    ],
    imports: { paths: [], patterns: [{ regex, message }] },
  };
}
const COMMON_IMPORTS_NOTHING_ABOVE = importsNothingOf(
  ["app", "server", "cli"],
  "Imports app/, server/ or cli/ from common/: common/ holds what app/ and server/ both use, and imports neither (decision 0048).",
);
const SERVER_IMPORTS_NO_APP = importsNothingOf(
  ["app", "cli"],
  "Imports app/ or cli/ from server/: server/ is infrastructure and never imports app/ (DESIGN.md, decision 0048). What both need lives in common/; what the process takes from the app, the app's server entry hands over (server/app-parts.ts).",
);
const APP_IMPORTS_NO_CLI = importsNothingOf(
  ["cli"],
  "Imports cli/ from app/: the commands in cli/ run the app, never the reverse (decision 0048).",
);

/** One restriction list per rule: a later config's options replace an earlier one's, so overlapping scopes are merged here. */
const restrict = (...sets) => ({
  "no-restricted-syntax": ["error", ...sets.flatMap((s) => s.syntax)],
  "@typescript-eslint/no-restricted-imports": [
    "error",
    { paths: sets.flatMap((s) => s.imports.paths), patterns: sets.flatMap((s) => s.imports.patterns) },
  ],
});

export default defineConfig(
  {
    ignores: [
      "**/node_modules/",
      "build/",
      "build-*/",
      "data/",
      "data-*/",
      ".react-router/",
      ".cache/",
      ".tools/",
      "test-results/",
      "playwright-report/",
      "blob-report/",
      "tests/.tmp/",
      "tmp-*/",
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: globals.browser },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A named region that scrolls sideways is focusable, so a keyboard can scroll it (ScrollBox; axe:
      // scrollable-region-focusable). The plugin's default allows only tabpanel.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    rules: {
      // A leading underscore names what is there on purpose and not read: a parameter kept for its
      // position, a property taken out of an object so the rest can be spread.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // React code only: the tests' `useTestDatabase` and Playwright's fixture `use` are not hooks.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      // The two rules of hooks. The plugin's other recommended rules check code for the React
      // Compiler, which this app does not use.
      "react-hooks/rules-of-hooks": "error",
      // The app's own effect hooks take their deps as useEffect does (app/lib/layout-effect.ts, use-update-effect.ts).
      "react-hooks/exhaustive-deps": ["warn", { additionalHooks: "^(useIsomorphicLayoutEffect|useUpdateEffect)$" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: [...FORM_READERS, "app/entry.server.tsx"],
    rules: restrict(FORMS_READ_IN_ONE_PLACE, APP_IMPORTS_NO_CLI, PAGE_FROM_URL_ARGUMENT),
  },
  // The form readers read the body; entry.server renders the document for the URL the browser asked for.
  { files: FORM_READERS, rules: restrict(APP_IMPORTS_NO_CLI, PAGE_FROM_URL_ARGUMENT) },
  { files: ["app/entry.server.tsx"], rules: restrict(FORMS_READ_IN_ONE_PLACE, APP_IMPORTS_NO_CLI) },
  {
    files: ["app/modules/**/*.{ts,tsx}"],
    rules: restrict(FORMS_READ_IN_ONE_PLACE, MODULES_SPEAK_NO_HTTP, APP_IMPORTS_NO_CLI, PAGE_FROM_URL_ARGUMENT),
  },
  {
    // app/modules/<area>/ holds rules and queries only (docs/conventions.md, "Where code goes").
    files: ["app/modules/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program",
          message:
            "A .tsx file in app/modules: a screen's UI lives in app/routes/<area>/, shared UI in app/components/, printable documents in app/documents/.",
        },
      ],
    },
  },
  {
    files: ["server/**/*.{ts,tsx,js,mjs}"],
    rules: restrict(SERVER_IMPORTS_NO_APP),
  },
  {
    files: ["common/**/*.{ts,tsx,js,mjs}"],
    rules: restrict(COMMON_IMPORTS_NOTHING_ABOVE),
  },
  {
    // The server logs JSON lines through pino (server/ops/log.ts, docs/operations.md): a console line
    // would break them and lose the request id. The command-line scripts print for a person.
    files: ["server/**/*.{ts,tsx}", "app/entry.server.tsx", "app/**/*.server.{ts,tsx}", "app/routes/**/*.{ts,tsx}"],
    ignores: ["server/**/cli.ts", "server/**/cli-*.ts"],
    rules: { "no-console": "error" },
  },
);
